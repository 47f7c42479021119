/**
 * bench/ipdb — the IP database at the large scale: IP search, analytics (uncached and cached),
 * /api/stats, a concurrent refresh of the analytics views, and the EXPLAIN (ANALYZE, BUFFERS)
 * plan of every hot query. See bench/README.md.
 */
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { readAnalytics } from '@tunnelscope/analytics-service/analytics-repository';
import { createIpdb } from '@tunnelscope/analytics-service/ipdb';
import type { IpdbDatabase } from '@tunnelscope/analytics-service/ipdb/schema';
import { findByAddress, SEARCH_SQL } from '@tunnelscope/analytics-service/search-repository';
import { DEFAULT_IPDB_URL, gatewayHeadersFor } from '@tunnelscope/service-kit';
import { freePort } from '@tunnelscope/test-kit';
import { fmt, latencies, rssMb, type Latencies } from '../forms/stats.js';

// Entry points are resolved through each package's declared exports, never by a path into its dist/.
const resolvePackage = createRequire(import.meta.url).resolve;

const here = path.dirname(fileURLToPath(import.meta.url));
const URL_ = process.env.BENCH_IPDB_URL ?? process.env.IPDB_URL ?? DEFAULT_IPDB_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SEARCHES = Number(process.env.BENCH_IPDB_SEARCHES ?? 2000);
const ANALYTICS = Number(process.env.BENCH_IPDB_ANALYTICS ?? 40);
const CACHED = Number(process.env.BENCH_IPDB_CACHED ?? 500);
const STATS = Number(process.env.BENCH_IPDB_STATS ?? 2000);
const REFRESH = process.env.BENCH_IPDB_REFRESH !== '0';
const SECRET = `bench-internal-secret-${randomBytes(8).toString('hex')}`;
const PREFIX = `bench:ipdb:${randomBytes(4).toString('hex')}`;

async function timed<T>(samples: number[], fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  samples.push(performance.now() - started);
  return out;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [resolvePackage('@tunnelscope/analytics-service/server')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ANALYTICS_SERVICE_PORT: String(port),
      IPDB_URL: URL_,
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      INTERNAL_SHARED_SECRET: SECRET,
      RATE_LIMIT_STATS_PER_MIN: '1000000',
      ANALYTICS_REFRESH_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('analytics-service did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const BENCH_OPERATOR = {
  adminId: '5f0c6c1e-3c2b-4f7a-9d51-0a9e8b7c6d5e',
  sessionId: '9b2d4e6f-8a1c-4b3d-9e5f-7a6b5c4d3e2f',
  username: 'bench',
  email: 'bench@tunnelscope.example',
  role: 'view_only' as const,
  twoFactorEnabled: false,
};

/** Signed for one call, as the gateway does (issue 13, item 2). */
const identity = (method: string, url: string) =>
  gatewayHeadersFor(SECRET, { audience: 'analytics', method, url, identity: BENCH_OPERATOR });

async function call(base: string, method: 'GET' | 'POST', urlPath: string, body?: unknown) {
  const res = await fetch(base + urlPath, {
    method,
    headers: {
      ...identity(method, urlPath),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok || json.success === false)
    throw new Error(`${urlPath}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Random addresses to search: half from `ips` (hits), half inside the same networks (mostly misses). */
async function sampleAddresses(client: pg.Client, n: number): Promise<string[]> {
  const hits = await client.query<{ ip: string }>(
    `select host(address) as ip from ips tablesample bernoulli (1) order by random() limit $1`,
    [Math.ceil(n / 2)],
  );
  const nets = await client.query<{ first: string; size: string }>(
    `select (network::inet - '0.0.0.0'::inet)::text as first, (2 ^ (32 - masklen(network)))::bigint::text as size
       from networks order by random() limit $1`,
    [Math.floor(n / 2)],
  );
  const misses = nets.rows.map((r) => {
    const addr = Number(r.first) + Math.floor(Math.random() * Number(r.size));
    return `${(addr >>> 24) & 255}.${(addr >>> 16) & 255}.${(addr >>> 8) & 255}.${addr & 255}`;
  });
  return shuffle([...hits.rows.map((r) => r.ip), ...misses]);
}

/** The SQL the repositories send, captured through kysely's log hook, for EXPLAIN. */
function capturingDb(): {
  db: Kysely<IpdbDatabase>;
  queries: { sql: string; parameters: readonly unknown[] }[];
} {
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: URL_, max: 5 });
  const db = new Kysely<IpdbDatabase>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => {
      if (event.level === 'query') queries.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return { db, queries };
}

async function explain(client: pg.Client, label: string, text: string, values: readonly unknown[]) {
  const { rows } = await client.query(`explain (analyze, buffers) ${text}`, [...values]);
  const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { label, sql: text.trim(), parameters: values, executionMs: ms, plan };
}

async function main() {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  const redis = new Redis(REDIS_URL);
  const port = await freePort();
  let service: ChildProcess | undefined;
  try {
    const totals = (
      await client.query(
        `select total_ips, total_subdomains, total_vpns, total_vendors, refreshed_at from mv_entity_totals`,
      )
    ).rows[0];
    const history = (
      await client.query(`select reltuples::bigint as n from pg_class where relname = 'ip_history'`)
    ).rows[0];
    const dataset = {
      ips: Number(totals?.total_ips ?? 0),
      ipHistoryEstimate: Number(history?.n ?? 0),
      subdomains: Number(totals?.total_subdomains ?? 0),
      vpns: Number(totals?.total_vpns ?? 0),
      vendors: Number(totals?.total_vendors ?? 0),
    };
    if (dataset.ips < 1_000_000) {
      console.warn(
        `bench/ipdb: ${new URL(URL_).pathname.slice(1)} holds ${dataset.ips} addresses; the targets are for the ` +
          'large dataset (pnpm ipdb:generate --scale large)',
      );
    }
    service = await startService(port);
    const base = `http://127.0.0.1:${port}`;
    const addresses = await sampleAddresses(client, SEARCHES + 200);

    // Warm up the connections, the JIT and the caches of a fresh service.
    for (const ip of addresses.slice(0, 200))
      await call(base, 'POST', '/vpn-db/search-ip', { ipAddress: ip });
    await call(base, 'GET', '/vpn-db/advanced-analytics');
    const measured = addresses.slice(200);

    // 0. The transport alone: a call that touches nothing (fetch over loopback, Fastify, no database).
    const baseline: number[] = [];
    for (let i = 0; i < measured.length; i++) {
      await timed(baseline, async () => (await fetch(`${base}/healthz`)).json());
    }

    // 1. IP search: the query alone, then the endpoint (each address once, so never from cache).
    const ipdb = createIpdb(URL_, { max: 5, connectTimeoutMs: 2000, statementTimeoutMs: 5000 });
    const searchSql: number[] = [];
    for (const ip of measured) await timed(searchSql, () => findByAddress(ipdb.pool, ip));
    await redis.eval(
      `for _, k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end`,
      0,
      `${PREFIX}:analytics:ipdb:search:*`,
    );
    const searchHttp: number[] = [];
    let hits = 0;
    let records = 0;
    for (const ip of measured) {
      const body = await timed(searchHttp, () => call(base, 'POST', '/vpn-db/search-ip', { ipAddress: ip }));
      if ((body.recordCount as number) > 0) hits++;
      records += body.recordCount as number;
    }

    // 2. Analytics: the reads alone, the endpoint with its cache dropped before each call, then cached.
    const analyticsSql: number[] = [];
    for (let i = 0; i < ANALYTICS; i++) await timed(analyticsSql, () => readAnalytics(ipdb.db));
    const analyticsKey = `${PREFIX}:analytics:ipdb:advanced-analytics`;
    const analyticsUncached: number[] = [];
    let payloadBytes = 0;
    for (let i = 0; i < ANALYTICS; i++) {
      await redis.del(analyticsKey);
      const body = await timed(analyticsUncached, () => call(base, 'GET', '/vpn-db/advanced-analytics'));
      payloadBytes = JSON.stringify(body).length;
    }
    const analyticsCached: number[] = [];
    for (let i = 0; i < CACHED; i++)
      await timed(analyticsCached, () => call(base, 'GET', '/vpn-db/advanced-analytics'));

    // 3. /api/stats: as the home page hits it (shared answer), and with the shared answer dropped.
    const statsKey = `${PREFIX}:analytics:stats`;
    const statsCached: number[] = [];
    const statsUncached: number[] = [];
    let stats: Record<string, unknown> = {};
    for (let i = 0; i < STATS; i++) stats = await timed(statsCached, () => call(base, 'GET', '/api/stats'));
    for (let i = 0; i < Math.min(STATS, 500); i++) {
      await redis.del(statsKey);
      await timed(statsUncached, () => call(base, 'GET', '/api/stats'));
    }
    const serviceRssMb = await rssMb(service.pid!);

    // 4. Plans of every hot query, run as the service runs them.
    const capture = capturingDb();
    const hitIp = (
      await client.query(
        `select host(address) as ip from ips where is_vpn order by address limit 1 offset 1000`,
      )
    ).rows[0].ip as string;
    await readAnalytics(capture.db);
    await capture.db.destroy();
    const plans = [];
    // The search runs as a prepared statement: after five executions the server keeps a generic
    // plan, which is the plan every later search uses.
    await client.query(`prepare ipdb_search_bench (text) as ${SEARCH_SQL}`);
    for (const ip of measured.slice(0, 6))
      await client.query(`execute ipdb_search_bench (${client.escapeLiteral(ip)})`);
    plans.push(
      await explain(
        client,
        `search-ip, an address with records (${hitIp})`,
        `execute ipdb_search_bench (${client.escapeLiteral(hitIp)})`,
        [],
      ),
    );
    plans.push(
      await explain(
        client,
        'search-ip, an unknown address',
        `execute ipdb_search_bench ('203.0.113.200')`,
        [],
      ),
    );
    plans.push({
      label: 'search-ip: the statement prepared above',
      sql: SEARCH_SQL.trim(),
      parameters: [],
      executionMs: NaN,
      plan: '(its plans are the two above)',
    });
    const analyticsQueries = capture.queries;
    for (const [i, q] of analyticsQueries.entries()) {
      const reads = [...new Set([...q.sql.matchAll(/(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1]))].join(
        ', ',
      );
      plans.push(await explain(client, `advanced-analytics query ${i + 1} (${reads})`, q.sql, q.parameters));
    }
    plans.push(
      await explain(
        client,
        '/api/stats (on a cache miss)',
        `select "total_ips", "total_vendors" from "mv_entity_totals"`,
        [],
      ),
    );

    // 5. The scheduled job's refresh (concurrent: readers are never blocked).
    let refresh: { totalMs: number; steps: { step: string; ms: number }[] } | null = null;
    if (REFRESH) {
      const started = performance.now();
      const refreshClient = new pg.Client({ connectionString: URL_, statement_timeout: 0 });
      await refreshClient.connect();
      try {
        const { rows } = await refreshClient.query<{ step: string; ms: number }>(
          `select step, ms from ipdb_refresh_analytics(true, 'bench')`,
        );
        refresh = { totalMs: Math.round(performance.now() - started), steps: rows };
      } finally {
        await refreshClient.end();
      }
    }
    await ipdb.destroy();

    const results = {
      dataset,
      config: { SEARCHES: measured.length, ANALYTICS, CACHED, STATS, REFRESH },
      transport: { healthz: latencies(baseline) },
      search: {
        sql: latencies(searchSql),
        http: latencies(searchHttp),
        hitRatio: hits / measured.length,
        recordsPerSearch: records / measured.length,
      },
      analytics: {
        sql: latencies(analyticsSql),
        httpUncached: latencies(analyticsUncached),
        httpCached: latencies(analyticsCached),
        payloadBytes,
      },
      stats: { httpCached: latencies(statsCached), httpUncached: latencies(statsUncached), answer: stats },
      refresh,
      serviceRssMb,
      targets: { searchP95Ms: 5, analyticsUncachedP95Ms: 300, analyticsCachedP95Ms: 20, statsMs: 5 },
    };

    console.log(
      `\nbench/ipdb — ${dataset.ips.toLocaleString('en-US')} addresses, ~${dataset.ipHistoryEstimate.toLocaleString('en-US')} history rows, ` +
        `${dataset.subdomains.toLocaleString('en-US')} subdomains, ${dataset.vpns} VPNs, ${dataset.vendors} vendors\n`,
    );
    console.log('                                          n     p50 ms   p95 ms   p99 ms   max ms   target');
    const line = (name: string, l: Latencies, target = '') =>
      console.log(
        `  ${name.padEnd(36)} ${String(l.count).padStart(5)} ${fmt(l.p50, 2).padStart(9)} ${fmt(l.p95, 2).padStart(8)} ` +
          `${fmt(l.p99, 2).padStart(8)} ${fmt(l.max, 1).padStart(8)}   ${target}`,
      );
    line('baseline: GET /healthz (transport)', results.transport.healthz);
    line('IP search, query alone', results.search.sql);
    line('IP search, POST /vpn-db/search-ip', results.search.http, 'p95 <= 5');
    console.log(
      `    (${(results.search.hitRatio * 100).toFixed(0)}% hits, ${fmt(results.search.recordsPerSearch)} records per search)`,
    );
    line('analytics, reads alone', results.analytics.sql);
    line('analytics, uncached GET', results.analytics.httpUncached, 'p95 <= 300');
    line('analytics, cached GET', results.analytics.httpCached, 'p95 <= 20');
    console.log(`    (answer ${(payloadBytes / 1024).toFixed(0)} KB of JSON)`);
    line('/api/stats, shared answer', results.stats.httpCached, '<= 5');
    line('/api/stats, shared answer dropped', results.stats.httpUncached, '<= 5');
    console.log(`    (answer ${JSON.stringify(stats)})`);
    if (refresh) {
      console.log(`\nconcurrent refresh of the analytics views: ${(refresh.totalMs / 1000).toFixed(1)} s`);
      for (const s of refresh.steps)
        console.log(`  ${s.step.padEnd(22)} ${fmt(s.ms / 1000, 1).padStart(7)} s`);
    }
    console.log(`\nanalytics-service resident memory after the run: ${serviceRssMb} MB`);
    console.log('\nslowest hot queries under EXPLAIN ANALYZE (server time):');
    for (const p of plans
      .filter((x) => Number.isFinite(x.executionMs))
      .sort((a, b) => b.executionMs - a.executionMs)
      .slice(0, 5)) {
      console.log(`  ${fmt(p.executionMs, 2).padStart(8)} ms  ${p.label}`);
    }

    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const out = path.join(here, '..', 'results', `ipdb-${stamp}.json`);
    const plansOut = path.join(here, '..', 'results', `ipdb-${stamp}.plans.md`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(
      plansOut,
      `# EXPLAIN (ANALYZE, BUFFERS) of the hot queries — bench/ipdb ${stamp}\n\n` +
        plans
          .map(
            (p) =>
              `## ${p.label} — ${fmt(p.executionMs, 2)} ms\n\n\`\`\`sql\n${p.sql}\n\`\`\`\n\n` +
              (p.parameters.length ? `Parameters: \`${JSON.stringify(p.parameters)}\`\n\n` : '') +
              `\`\`\`\n${p.plan}\n\`\`\`\n`,
          )
          .join('\n'),
    );
    console.log(`\nsaved ${path.relative(process.cwd(), out)} and ${path.relative(process.cwd(), plansOut)}`);
  } finally {
    if (service && service.exitCode === null) {
      const exited = new Promise((r) => service!.once('exit', r));
      service.kill('SIGTERM');
      await exited;
    }
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await client.end();
  }
}

await main();
