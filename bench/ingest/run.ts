/**
 * bench/ingest (issue 17): how fast ingest-service applies collector batches, and how long until
 * lookup-service answers an accepted address as a VPN.
 *
 * 1. An IP database of the bench's own: `--scale small|large` generated (packages/ipdb-dataset,
 *    seed 7), or `--template <database>` cloned from one generated before (the large scale takes
 *    minutes to generate; a clone takes one file copy). Migrated to the latest ipdb-schema.
 * 2. ingest-service built and started as a process (`services/ingest-service/dist/server.js`) on
 *    the stack's port, and the gateway (tests/stack, `gateway/dist`) in front of it: `--route
 *    gateway` posts through the gateway as a collector does, `straight` to ingest-service with
 *    the gateway's per-request MAC (no gateway hop), `both` (the default) measures each.
 * 3. `POST /ingest/v1/observations`, batches of 5,000: fresh addresses (new `ips` rows), then the
 *    same batches re-sent (idempotent: nothing changes, nothing is written). Observations per
 *    second and p50/p95 per batch, one batch at a time and two at once; per route, addresses of
 *    its own; after `--warmup N` (2) fresh batches that are not counted.
 * 4. The swap: lookup-service (tests/stack's environment, same IP database), an API key; one
 *    fresh batch accepted (through the gateway unless `--route straight`), then
 *    `GET /api/v1/vpn/check?ip=<one of its addresses>` polled until `is_vpn` — with
 *    LOOKUP_INDEX_POLL_SECONDS=1 (the swap itself) and the default 30.
 *
 * `pnpm --filter @tunnelscope/bench ingest [--scale small|large] [--template db] [--batches N]
 *  [--route both|gateway|straight] [--warmup N]`
 * (build ingest-service and lookup-service first). Writes bench/results/ingest-<date>.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SCALES, generateDataset } from '@tunnelscope/ipdb-dataset';
import { gatewayHeadersFor } from '@tunnelscope/service-kit';
import { serverEntry, startStack, type Stack } from '@tunnelscope/stack-tests';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'small' },
    template: { type: 'string' },
    batches: { type: 'string', default: '20' },
    'swap-samples': { type: 'string', default: '3' },
    'skip-default-poll': { type: 'boolean', default: false },
    route: { type: 'string', default: 'both' },
    warmup: { type: 'string', default: '2' },
    // lookup-service's public data for the swap: the stack's `sample` rebuilds everything on a
    // data-version bump; `full` (production) keeps its public layers and reads only the IP database.
    'lookup-public-data': { type: 'string', default: 'sample' },
  },
});
const LOOKUP_PUBLIC_DATA = args['lookup-public-data'];
if (LOOKUP_PUBLIC_DATA !== 'sample' && LOOKUP_PUBLIC_DATA !== 'full')
  throw new Error('--lookup-public-data sample|full');
const BATCH = 5000;
const BATCHES = Number(args.batches);
const SWAP_SAMPLES = Number(args['swap-samples']);
const WARMUP_BATCHES = Number(args.warmup);
type Route = 'gateway' | 'straight';
const ROUTES: Route[] =
  args.route === 'both'
    ? ['gateway', 'straight']
    : args.route === 'gateway' || args.route === 'straight'
      ? [args.route]
      : [];
if (ROUTES.length === 0) throw new Error('--route both|gateway|straight');
const ROUTE_NAMES: Record<Route, string> = {
  gateway: 'through the gateway',
  straight: 'straight to ingest-service (no gateway hop)',
};

const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The IP database's schema owner, by path: the bench does not depend on it as a package. */
async function migrateIpdb(url: string): Promise<void> {
  const schema = (await import(
    pathToFileURL(path.join(root, 'packages/ipdb-schema/dist/index.js')).href
  )) as {
    migrate(url: string): Promise<void>;
  };
  await schema.migrate(url);
}

/** Fresh public IPv4 addresses, none special-purpose: 23.128.0.0 upwards, `offset` apart per run. */
function freshAddresses(count: number, offset: number): string[] {
  const base = (23 << 24) + (128 << 16) + offset;
  return Array.from({ length: count }, (_, i) => {
    const n = base + i;
    return `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  });
}

interface Observation {
  vpn: string;
  vendor: string;
  ip: string;
  observedAt: string;
  location: { country: string; city: string };
  protocol: string;
}

function batchOf(addresses: string[], vpn: string, at: Date): { observations: Observation[] } {
  return {
    observations: addresses.map((ip, i) => ({
      vpn,
      vendor: 'Bench Ingest Vendor',
      ip,
      observedAt: new Date(at.getTime() - (i % 600) * 1000).toISOString(),
      location: { country: 'NL', city: 'Amsterdam' },
      protocol: 'wireguard',
    })),
  };
}

// ---- 1. the database ----
const stack: Stack = await startStack({ label: 'bench_ingest', services: [] });
let ipdbUrl = stack.env.IPDB_URL!;
let dataset: Record<string, unknown>;
const children: ChildProcess[] = [];
let clonedDb: string | undefined;
try {
  const t0 = performance.now();
  if (args.template) {
    clonedDb = `bench_ingest_${Date.now().toString(36)}`;
    const adminUrl = new URL(ipdbUrl);
    adminUrl.pathname = '/postgres';
    await query(adminUrl.href, `create database ${clonedDb} template ${args.template}`);
    const u = new URL(ipdbUrl);
    u.pathname = `/${clonedDb}`;
    ipdbUrl = u.href;
    await migrateIpdb(ipdbUrl);
    dataset = { source: `clone of ${args.template}`, cloneSeconds: (performance.now() - t0) / 1000 };
  } else {
    const scale = SCALES[args.scale as keyof typeof SCALES];
    if (!scale) throw new Error(`--scale small|large`);
    await migrateIpdb(ipdbUrl);
    const report = await generateDataset({ url: ipdbUrl, scale, seed: 7 });
    dataset = {
      source: `generated, scale ${args.scale}, seed 7`,
      rows: report.rows,
      generateSeconds: (performance.now() - t0) / 1000,
    };
  }
  const [counts] = await query<{ ips: string; history: string }>(
    ipdbUrl,
    `select (select count(*) from ips)::text as ips, (select count(*) from ip_history)::text as history`,
  );
  dataset = { ...dataset, ips: Number(counts!.ips), ipHistory: Number(counts!.history) };
  say(
    `IP database: ${String(dataset.source)} — ${fmt(Number(counts!.ips))} ips, ${fmt(Number(counts!.history))} ip_history rows`,
  );

  // ---- 2. ingest-service ----
  // The stack's port: the gateway (stack.start('gateway')) forwards /ingest/v1/* there.
  const ingestPort = stack.env.INGEST_SERVICE_PORT!;
  const ingestEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    IPDB_URL: ipdbUrl,
    REDIS_URL: stack.env.REDIS_URL!,
    REDIS_PREFIX: stack.env.REDIS_PREFIX!,
    INTERNAL_SHARED_SECRET: stack.env.INTERNAL_SHARED_SECRET!,
    INGEST_SERVICE_PORT: ingestPort,
    INGEST_RATE_LIMIT_PER_MIN: '100000',
  };
  const created = spawnSync(
    process.execPath,
    [path.join(root, 'services/ingest-service/dist/cli/collector.js'), 'create', '--name', 'bench-ingest'],
    { env: ingestEnv, encoding: 'utf8' },
  );
  const token = /ts_col_[0-9A-Za-z]+/.exec(created.stdout)?.[0];
  if (!token) throw new Error(`collector:create printed no token: ${created.stdout}${created.stderr}`);
  const ingest = spawn(process.execPath, [path.join(root, 'services/ingest-service/dist/server.js')], {
    env: ingestEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(ingest);
  await waitFor(`http://127.0.0.1:${ingestPort}/readyz`, 60_000);
  const ingestUrl = `http://127.0.0.1:${ingestPort}`;
  if (ROUTES.includes('gateway')) await stack.start('gateway');

  const postBatch = async (body: unknown, route: Route = ROUTES[0]!) => {
    const urlPath = '/ingest/v1/observations';
    const started = performance.now();
    const res = await fetch(`${route === 'gateway' ? stack.gatewayUrl : ingestUrl}${urlPath}`, {
      method: 'POST',
      headers: {
        // Straight, the call carries what the gateway would add (its per-request MAC).
        ...(route === 'straight'
          ? gatewayHeadersFor(stack.env.INTERNAL_SHARED_SECRET!, {
              audience: 'ingest',
              method: 'POST',
              url: urlPath,
              clientIp: '203.0.113.10',
            })
          : {}),
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as {
      accepted?: { observations: number };
      changed?: { addresses: number; history: number };
      refused?: unknown[];
    };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`POST ${urlPath}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    if (json.refused && json.refused.length > 0)
      throw new Error(`refused items: ${JSON.stringify(json.refused.slice(0, 3))}`);
    return { ms, json };
  };

  // ---- 3. throughput ----
  // A database of the run's own: the same addresses every run; each route fresh ones of its own.
  const vpn = `Bench Ingest VPN ${randomUUID().slice(0, 8)}`;
  const at = new Date(Date.now() - 60_000);
  const batchesFor = (routeIndex: number) =>
    Array.from({ length: BATCHES }, (_, b) =>
      batchOf(freshAddresses(BATCH, (routeIndex * BATCHES + b) * BATCH), vpn, at),
    );
  // The first batch creates the VPN and vendor; not counted.
  await postBatch(batchOf(freshAddresses(10, 0x7f0000), vpn, at));
  // Warm-up, not counted: a database cloned or generated a moment ago has little of the tables'
  // indexes in PostgreSQL's cache, and whichever route ran first paid for that (2026-11-26, large
  // clone: the first route 12.8k observations/s, the second 22k).
  for (let w = 0; w < WARMUP_BATCHES; w++)
    await postBatch(batchOf(freshAddresses(BATCH, 0x600000 + w * BATCH), vpn, at));

  interface Phase {
    route: Route;
    name: string;
    concurrency: number;
    batches: number;
    observations: number;
    seconds: number;
    perSecond: number;
    p50Ms: number;
    p95Ms: number;
    maxMs: number;
    changedAddresses: number;
  }
  const phases: Phase[] = [];
  const runPhase = async (
    route: Route,
    name: string,
    list: ReturnType<typeof batchesFor>,
    concurrency: number,
  ) => {
    const times: number[] = [];
    let changed = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < list.length) {
          const body = list[next++]!;
          const { ms, json } = await postBatch(body, route);
          times.push(ms);
          changed += json.changed?.addresses ?? 0;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const observations = list.length * BATCH;
    phases.push({
      route,
      name,
      concurrency,
      batches: list.length,
      observations,
      seconds,
      perSecond: observations / seconds,
      p50Ms: pct(times, 50),
      p95Ms: pct(times, 95),
      maxMs: times[times.length - 1]!,
      changedAddresses: changed,
    });
  };
  const half = Math.ceil(BATCHES / 2);
  for (const [routeIndex, route] of ROUTES.entries()) {
    const batches = batchesFor(routeIndex);
    await runPhase(route, 'fresh addresses', batches.slice(0, half), 1);
    await runPhase(route, 'fresh addresses', batches.slice(half), 2);
    await runPhase(route, 're-sent batches', batches.slice(0, half), 1);
    await runPhase(route, 're-sent batches', batches.slice(half), 2);
  }

  for (const route of ROUTES) {
    say();
    say(`POST /ingest/v1/observations ${ROUTE_NAMES[route]}, batches of ${fmt(BATCH)}`);
    say(
      '| batches         | at once | batches | observations/s | p50 ms | p95 ms | max ms | addresses changed |',
    );
    say(
      '| --------------- | ------- | ------- | -------------- | ------ | ------ | ------ | ----------------- |',
    );
    for (const p of phases.filter((phase) => phase.route === route))
      say(
        `| ${p.name.padEnd(15)} | ${String(p.concurrency).padStart(7)} | ${String(p.batches).padStart(7)} | ${fmt(p.perSecond).padStart(14)} | ${fmt(p.p50Ms).padStart(6)} | ${fmt(p.p95Ms).padStart(6)} | ${fmt(p.maxMs).padStart(6)} | ${fmt(p.changedAddresses).padStart(17)} |`,
      );
  }

  // ---- 4. the swap ----
  const swap: Record<string, { samples: number[]; indexLoadSeconds: number }> = {};
  let swapError: string | undefined;
  const lookupPort = stack.env.LOOKUP_SERVICE_PORT!;
  const lookupUrl = `http://127.0.0.1:${lookupPort}`;
  const identity = await createOperator(stack.env.DATABASE_URL!);
  let swapOffset = 0;
  // A failed or timed-out swap leaves the throughput figures written, with its error.
  try {
    for (const poll of args['skip-default-poll'] ? ['1'] : ['1', '30']) {
      const loadStarted = performance.now();
      const lookup = spawn(process.execPath, [serverEntry('lookup-service')], {
        env: {
          ...stack.env,
          IPDB_URL: ipdbUrl,
          LOOKUP_INDEX_POLL_SECONDS: poll,
          LOOKUP_PUBLIC_DATA,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(lookup);
      await waitFor(`${lookupUrl}/readyz`, 600_000);
      const indexLoadSeconds = (performance.now() - loadStarted) / 1000;
      const key = await createKey(lookupUrl, stack, identity);
      const samples: number[] = [];
      for (let s = 0; s < (poll === '1' ? SWAP_SAMPLES : Math.min(2, SWAP_SAMPLES)); s++) {
        swapOffset++;
        const addresses = freshAddresses(BATCH, 0x7f0000 + swapOffset * 8192);
        const probe = addresses[BATCH - 1]!;
        const before = await check(lookupUrl, key, probe);
        if (before) throw new Error(`${probe} is a VPN before its batch`);
        await postBatch(batchOf(addresses, vpn, new Date()));
        const accepted = performance.now();
        while (!(await check(lookupUrl, key, probe))) {
          if (performance.now() - accepted > 180_000) throw new Error(`no VPN answer for ${probe} in 180 s`);
          await new Promise((r) => setTimeout(r, 100));
        }
        samples.push((performance.now() - accepted) / 1000);
      }
      swap[`LOOKUP_INDEX_POLL_SECONDS=${poll}, LOOKUP_PUBLIC_DATA=${LOOKUP_PUBLIC_DATA}`] = {
        samples,
        indexLoadSeconds,
      };
      await stopProcess(lookup);
    }
  } catch (err) {
    swapError = err instanceof Error ? err.message : String(err);
    say(`swap not measured: ${swapError}`);
  }
  say();
  say(
    `From a batch accepted ${ROUTE_NAMES[ROUTES[0]!]} to lookup-service answering one of its addresses as a VPN (GET /api/v1/vpn/check, straight)`,
  );
  say('| lookup poll                   | index load s | samples s                  | max s |');
  say('| ----------------------------- | ------------ | -------------------------- | ----- |');
  for (const [name, r] of Object.entries(swap))
    say(
      `| ${name.padEnd(29)} | ${fmt(r.indexLoadSeconds, 1).padStart(12)} | ${r.samples
        .map((x) => fmt(x, 2))
        .join(', ')
        .padEnd(26)} | ${fmt(Math.max(...r.samples), 2).padStart(5)} |`,
    );

  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
  const out = path.join(here, '../results', `ingest-${stamp}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    JSON.stringify(
      {
        bench: 'ingest',
        at: new Date().toISOString(),
        machine: {
          cores: (await import('node:os')).cpus().length,
          loadavg: (await import('node:os')).loadavg(),
        },
        routes: ROUTES.map((route) => ROUTE_NAMES[route]),
        dataset,
        batchSize: BATCH,
        phases,
        swap,
        ...(swapError ? { swapError } : {}),
        lines,
      },
      null,
      2,
    ),
  );
  say();
  say(`written ${path.relative(root, out)}`);
} finally {
  for (const child of children.reverse()) await stopProcess(child);
  await stack.close();
  if (clonedDb) {
    const adminUrl = new URL(stack.env.IPDB_URL!);
    adminUrl.pathname = '/postgres';
    await query(adminUrl.href, `drop database if exists ${clonedDb} with (force)`).catch(() => undefined);
  }
}

async function check(base: string, key: string, ip: string): Promise<boolean> {
  const res = await fetch(`${base}/api/v1/vpn/check?ip=${ip}`, { headers: { 'x-api-key': key } });
  if (!res.ok) throw new Error(`vpn/check ${ip}: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { is_vpn?: boolean; data?: { is_vpn?: boolean } };
  return Boolean(json.is_vpn ?? json.data?.is_vpn);
}

type Identity = NonNullable<Parameters<typeof gatewayHeadersFor>[1]['identity']>;

async function createOperator(databaseUrl: string): Promise<Identity> {
  const adminId = randomUUID();
  const sessionId = randomUUID();
  const username = `bench_${adminId.slice(0, 8)}`;
  await query(
    databaseUrl,
    `insert into admin_users (id, username, email, password_hash, role) values ($1, $2, $3, 'not-a-hash', 'admin')`,
    [adminId, username, `${username}@tunnelscope.example`],
  );
  await query(
    databaseUrl,
    `insert into admin_sessions (id, admin_id, session_token, expires_at) values ($1, $2, $3, now() + interval '1 hour')`,
    [sessionId, adminId, randomUUID()],
  );
  return {
    adminId,
    sessionId,
    username,
    email: `${username}@tunnelscope.example`,
    role: 'admin',
    twoFactorEnabled: false,
  } as Identity;
}

async function createKey(base: string, stack: Stack, identity: Identity): Promise<string> {
  const urlPath = '/api-keys';
  const res = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: {
      ...gatewayHeadersFor(stack.env.INTERNAL_SHARED_SECRET!, {
        audience: 'lookup',
        method: 'POST',
        url: urlPath,
        identity,
        clientIp: '127.0.0.1',
      }),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      name: `bench-ingest-${randomUUID().slice(0, 6)}`,
      allowExport: false,
      ownerEmail: 'bench@loadtest.example.com',
      dailyQuota: 100_000_000,
      burstPerSecond: 10_000,
    }),
  });
  const json = (await res.json()) as { key?: string };
  if (!res.ok || !json.key) throw new Error(`POST /api-keys: ${res.status} ${JSON.stringify(json)}`);
  return json.key;
}
