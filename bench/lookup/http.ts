/**
 * bench/lookup/http: the detection API over HTTP, on this machine (loopback only).
 *   pnpm --filter @tunnelscope/bench lookup:http   (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_PUBLIC_DATA=sample|full
 *   BENCH_SCALE=small|large: the generated IP dataset; BENCH_SKIP_EXPORT=1 leaves the offline export out)
 *
 * The built stack's lookup-service and gateway (tests/stack), the generated IP dataset (small or large) and
 * the service's `sample` public-data mode (or `full`), then, in one run:
 * 1. `GET /api/v1/vpn/check` with valid keys: through our gateway, straight to lookup-service and
 *    through the @fastify/http-proxy yardstick of bench/forms (req/s, p50, p99, ratios);
 * 2. `POST /api/v1/vpn/check` with 1000 addresses: p95 (and p50, p99) through the gateway;
 * 3. a swap under load: the data version bumped while autocannon runs through the gateway; every
 *    request must succeed; the worst latency from the bump until the new snapshot answers (+1 s);
 * 4. the revocation delay across two lookup-service processes: a key revoked through A's admin
 *    API, B asked in a loop until it refuses the key (ms), repeated.
 * The printed figures are saved under bench/results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SCALES, generateDataset } from '@tunnelscope/ipdb-dataset';
import { gatewayHeadersFor } from '@tunnelscope/service-kit';
import { serverEntry, startStack, type Stack } from '@tunnelscope/stack-tests';
import { freePort } from '@tunnelscope/test-kit';
import { fmt, latencies, rssMb } from '../forms/stats.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Long enough for the rebuild to land within the run: seconds in `sample` mode, a minute or more in `full`. */
const SWAP_SECONDS = Number(
  process.env.BENCH_SWAP_SECONDS ?? (process.env.BENCH_PUBLIC_DATA === 'full' ? 150 : Math.max(8, SECONDS)),
);
const REVOCATIONS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));
const CHECK = '/api/v1/vpn/check';
const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};

/** Waits until `url` answers 2xx; bounded. */
async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** lookup-service's built server, resolved through its package's declared `./server` entry. */
function lookupServerEntry(): string {
  return serverEntry('lookup-service');
}

/** A lookup-service process on `port` with the stack's environment, ready (index loaded). */
async function startLookup(stack: Stack, port: string): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [lookupServerEntry()], {
    env: { ...stack.env, LOOKUP_SERVICE_PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`, 300_000);
  return { child, readyMs: performance.now() - started };
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

type Identity = NonNullable<Parameters<typeof gatewayHeadersFor>[1]['identity']>;

/** An operator row (admin_logs rows reference it) and its identity, as the gateway would sign it. */
async function createOperator(databaseUrl: string): Promise<Identity> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const adminId = randomUUID();
  const sessionId = randomUUID();
  const username = `bench_${adminId.slice(0, 8)}`;
  await client.query(
    `insert into admin_users (id, username, email, password_hash, role) values ($1, $2, $3, 'not-a-hash', 'admin')`,
    [adminId, username, `${username}@tunnelscope.example`],
  );
  await client.query(
    `insert into admin_sessions (id, admin_id, session_token, expires_at) values ($1, $2, $3, now() + interval '1 hour')`,
    [sessionId, adminId, randomUUID()],
  );
  await client.end();
  return {
    adminId,
    sessionId,
    username,
    email: `${username}@tunnelscope.example`,
    role: 'admin',
    twoFactorEnabled: false,
  } as Identity;
}

/** An admin call straight to one lookup-service process, as the gateway forwards it. */
async function admin(
  base: string,
  stack: Stack,
  identity: Identity,
  method: 'POST' | 'DELETE',
  urlPath: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const secret = stack.env.INTERNAL_SHARED_SECRET!;
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      // Signed for this one call, as the gateway does (issue 13, item 2).
      ...gatewayHeadersFor(secret, {
        audience: 'lookup',
        method,
        url: urlPath,
        identity,
        clientIp: '127.0.0.1',
      }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function createKey(base: string, stack: Stack, identity: Identity, name: string, allowExport = false) {
  const created = await admin(base, stack, identity, 'POST', '/api-keys', {
    name,
    allowExport,
    ownerEmail: 'bench@loadtest.example.com',
    dailyQuota: 100_000_000,
    // Autocannon's rate would otherwise meet the default burst of 50 per second.
    burstPerSecond: 10_000,
  });
  return { key: created.key as string, id: (created.apiKey as { id: string }).id };
}

/** Addresses to ask for: VPN, proxy and Tor addresses of the dataset, random IPv4, some IPv6. */
async function sampleAddresses(ipdbUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: ipdbUrl });
  await client.connect();
  const { rows } = await client.query<{ address: string }>(
    `select host(address) as address from ips where is_vpn or is_proxy or is_tor order by random() limit 2000`,
  );
  await client.end();
  const out = rows.map((r) => r.address);
  for (let i = 0; i < 2000; i++) {
    out.push(
      `${1 + Math.floor(Math.random() * 222)}.${i % 256}.${Math.floor(Math.random() * 256)}.${i % 200}`,
    );
  }
  for (let i = 0; i < 500; i++)
    out.push(`2a0${i % 10}:${((i * 7919) % 0x10000).toString(16)}::${i.toString(16)}`);
  return out;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  requests: number;
}

function cannonResult(result: autocannon.Result): Run {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** One autocannon run; `onResponse` sees each response's latency in ms. */
function cannon(options: autocannon.Options, onResponse?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', (_client, _status, _bytes, ms) => onResponse(ms));
  });
}

function checkCannon(
  base: string,
  keys: string[],
  addresses: string[],
  seconds: number,
  onResponse?: (ms: number) => void,
) {
  let next = 0;
  return cannon(
    {
      url: base,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'GET',
          // Keys in turn: one key's burst (at most 10,000 per second) is below what a direct run reaches.
          setupRequest: (req) => {
            next++;
            return {
              ...req,
              path: `${CHECK}?ip=${addresses[next % addresses.length]!}`,
              headers: { ...req.headers, 'x-api-key': keys[next % keys.length]! },
            };
          },
        },
      ],
    },
    onResponse,
  );
}

async function checkPhase(stack: Stack, keys: string[], addresses: string[], yardstickUrl: string) {
  // A warm-up, so the first measured run does not pay for JIT and connection set-up.
  await checkCannon(stack.lookupUrl, keys, addresses, 2);
  const direct = cannonResult(await checkCannon(stack.lookupUrl, keys, addresses, SECONDS));
  const ours = cannonResult(await checkCannon(stack.gatewayUrl, keys, addresses, SECONDS));
  const yard = cannonResult(await checkCannon(yardstickUrl, keys, addresses, SECONDS));
  return { direct, ours, yardstick: yard };
}

async function batchPhase(stack: Stack, key: string, addresses: string[]) {
  const body = JSON.stringify({
    ips: Array.from({ length: 1000 }, (_, i) => addresses[i % addresses.length]),
  });
  const samples: number[] = [];
  const result = await cannon(
    {
      url: `${stack.gatewayUrl}${CHECK}`,
      method: 'POST',
      connections: 4,
      duration: SECONDS,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body,
    },
    (ms) => samples.push(ms),
  );
  return {
    ...latencies(samples),
    rps: result.requests.average,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

async function swapPhase(stack: Stack, keys: string[], addresses: string[]) {
  const ipdb = new pg.Client({ connectionString: stack.env.IPDB_URL });
  await ipdb.connect();
  const versionOf = async () => {
    const res = await fetch(`${stack.lookupUrl}${CHECK}?ip=8.8.8.8`, { headers: { 'x-api-key': keys[0]! } });
    await res.arrayBuffer();
    return res.headers.get('x-data-version') ?? '';
  };
  const before = await versionOf();
  const responses: { at: number; ms: number }[] = [];
  const done = checkCannon(stack.gatewayUrl, keys, addresses, SWAP_SECONDS, (ms) =>
    responses.push({ at: performance.now(), ms }),
  ).then(cannonResult);

  await new Promise((r) => setTimeout(r, 2000));
  const bumpedAt = performance.now();
  await ipdb.query(`update data_version set version = version + 1, changed_at = now()`);
  // Watch for the new snapshot (bounded by the run's length).
  let swappedAt: number | null = null;
  let after = before;
  while (performance.now() - bumpedAt < (SWAP_SECONDS - 2) * 1000) {
    after = await versionOf();
    if (after !== before) {
      swappedAt = performance.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const run = await done;
  await ipdb.end();
  const windowEnd = (swappedAt ?? performance.now()) + 1000;
  const during = responses.filter((r) => r.at >= bumpedAt && r.at <= windowEnd).map((r) => r.ms);
  const outside = responses.filter((r) => r.at < bumpedAt).map((r) => r.ms);
  return {
    ...run,
    before,
    after,
    swapMs: swappedAt === null ? null : swappedAt - bumpedAt,
    worstDuringSwapMs: latencies(during).max,
    duringSwap: latencies(during),
    beforeBump: latencies(outside),
  };
}

/**
 * The offline export of the current snapshot: the first download starts its build (in a worker
 * thread of lookup-service) and is asked again while the service answers 503 "being built"; the
 * next downloads stream the cached files. Lookups run meanwhile, to show what the build costs them.
 * A build that fails (the worker's heap limit) is reported, not retried.
 */
async function exportPhase(stack: Stack, keys: string[], exportKey: string, addresses: string[]) {
  /** A download through the gateway; while the export is being built (503), asked again each second. */
  const download = async (format: 'mmdb' | 'csv') => {
    const started = performance.now();
    let retries = 0;
    while (performance.now() - started < 600_000) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/export/tunnelscope.${format}`, {
        headers: { 'x-api-key': exportKey },
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 503) {
        const detail = String((JSON.parse(body.toString('utf8')) as { detail?: string }).detail);
        if (detail.includes('could not be built')) {
          return { ms: performance.now() - started, bytes: 0, retries, failed: detail };
        }
        if (!detail.includes('is being built')) throw new Error(`export ${format}: 503 ${detail}`);
        retries++;
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (!res.ok) throw new Error(`export ${format}: ${res.status}`);
      return { ms: performance.now() - started, bytes: body.byteLength, retries, failed: null };
    }
    throw new Error(`export ${format}: not built within 10 minutes`);
  };
  const during: number[] = [];
  let next = 0;
  let instance: autocannon.Instance | undefined;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: stack.lookupUrl,
        connections: 10,
        // An upper bound: stopped as soon as the downloads are done.
        duration: 120,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              next++;
              return {
                ...req,
                path: `${CHECK}?ip=${addresses[next % addresses.length]!}`,
                headers: { ...req.headers, 'x-api-key': keys[next % keys.length]! },
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => during.push(ms));
  });
  await new Promise((r) => setTimeout(r, 1000));
  const before = during.length;
  const first = await download('mmdb');
  const whileBuilding = during.slice(before);
  instance!.stop();
  const run = await load;
  const cachedMmdb = first.failed ? null : await download('mmdb');
  const csv = first.failed ? null : await download('csv');
  return {
    firstMmdb: first,
    cachedMmdb,
    csv,
    lookupsWhileBuilding: latencies(whileBuilding),
    failed: run.errors + run.timeouts + run.non2xx,
  };
}

async function revocationPhase(stack: Stack, identity: Identity) {
  const port = await freePort();
  const bUrl = `http://127.0.0.1:${port}`;
  const { child: b } = await startLookup(stack, String(port));
  try {
    const delays: { fromRequestMs: number; fromAnswerMs: number }[] = [];
    for (let i = 0; i < REVOCATIONS; i++) {
      const { key, id } = await createKey(stack.lookupUrl, stack, identity, `revocation ${i}`);
      const ask = async () => {
        const res = await fetch(`${bUrl}${CHECK}?ip=8.8.8.8`, { headers: { 'x-api-key': key } });
        await res.arrayBuffer();
        return res.status;
      };
      // B has the key in its cache, so only the revocation message can make it refuse.
      if ((await ask()) !== 200) throw new Error('replica B refused a fresh key');
      const requested = performance.now();
      const revoke = admin(stack.lookupUrl, stack, identity, 'DELETE', `/api-keys/${id}`);
      let answered: number | null = null;
      void revoke.then(() => (answered = performance.now()));
      let refusedAt: number | null = null;
      while (performance.now() - requested < 5000) {
        if ((await ask()) === 401) {
          refusedAt = performance.now();
          break;
        }
      }
      await revoke;
      if (refusedAt === null) throw new Error('replica B still accepted a revoked key after 5 s');
      delays.push({
        fromRequestMs: refusedAt - requested,
        fromAnswerMs: refusedAt - (answered ?? refusedAt),
      });
    }
    return delays;
  } finally {
    await stopProcess(b);
  }
}

const LOOKUP_POLL_SECONDS = '1';
/** `sample` (the stack's setting, loads in seconds) or `full` (production: every public range). */
const PUBLIC_DATA = process.env.BENCH_PUBLIC_DATA === 'full' ? 'full' : 'sample';
/** The generated IP dataset: `small` (seed 7, seconds) or `large` (2 million addresses, minutes). */
const SCALE = process.env.BENCH_SCALE === 'large' ? 'large' : 'small';
/** The export of a large snapshot takes many minutes: leave it out of a run with BENCH_SKIP_EXPORT=1. */
const SKIP_EXPORT = process.env.BENCH_SKIP_EXPORT === '1';
const stack = await startStack({
  label: 'bench_lookup_http',
  services: [],
  env: { LOG_LEVEL: 'warn', LOOKUP_INDEX_POLL_SECONDS: LOOKUP_POLL_SECONDS, LOOKUP_PUBLIC_DATA: PUBLIC_DATA },
});
let yardstick: ChildProcess | undefined;
let lookupA: ChildProcess | undefined;
try {
  const generated = performance.now();
  const report = await generateDataset({ url: stack.env.IPDB_URL!, scale: SCALES[SCALE], seed: 7 });
  const generateMs = performance.now() - generated;

  const a = await startLookup(stack, stack.env.LOOKUP_SERVICE_PORT!);
  lookupA = a.child;
  const readyMs = a.readyMs;
  await stack.start('gateway');
  const lookupRssMb = await rssMb(lookupA.pid!);

  const yardPort = await freePort();
  yardstick = spawn(process.execPath, [path.join(here, '../forms/yardstick-gateway.mjs')], {
    env: {
      ...process.env,
      PORT: String(yardPort),
      UPSTREAM: stack.lookupUrl,
      INTERNAL_SHARED_SECRET: stack.env.INTERNAL_SHARED_SECRET!,
    },
    stdio: 'inherit',
  });
  const yardstickUrl = `http://127.0.0.1:${yardPort}`;
  await waitFor(`${yardstickUrl}/healthz`, 20_000);

  const identity = await createOperator(stack.db.url);
  const keys: string[] = [];
  for (let i = 0; i < 4; i++)
    keys.push((await createKey(stack.lookupUrl, stack, identity, `bench ${i}`)).key);
  const addresses = await sampleAddresses(stack.env.IPDB_URL!);

  const check = await checkPhase(stack, keys, addresses, yardstickUrl);
  const batch = await batchPhase(stack, keys[0]!, addresses);
  const swap = await swapPhase(stack, keys, addresses);
  const exportKey = (await createKey(stack.lookupUrl, stack, identity, 'bench export', true)).key;
  const exported = SKIP_EXPORT ? null : await exportPhase(stack, keys, exportKey, addresses);
  const rssAfterExportMb = await rssMb(lookupA.pid!);
  const revocations = await revocationPhase(stack, identity);

  const ratio = (x: Run) => x.rps / check.direct.rps;
  say(`\nbench/lookup/http — ${os.cpus().length} cores, ${CONNECTIONS} connections, ${SECONDS} s per run`);
  say(
    `data: the ${SCALE} generated IP dataset (seed 7, ${Object.values(report.rows).reduce((a, b) => a + b, 0)} rows, generated in ${fmt(generateMs / 1000)} s) + public ASN/geo data in LOOKUP_PUBLIC_DATA=${PUBLIC_DATA} mode`,
  );
  say(
    `index: lookup-service ready ${fmt(readyMs / 1000, 2)} s after start (index built in a worker, process start included); RSS ${lookupRssMb} MB`,
  );
  say(`\nGET ${CHECK}?ip=… with valid keys (4 in turn; VPN/proxy/Tor addresses, random IPv4, IPv6)`);
  say('                                      req/s   p50 ms   p99 ms   vs direct   failed');
  for (const [name, s] of [
    ['straight to lookup-service', check.direct],
    ['through our gateway', check.ours],
    ['through @fastify/http-proxy', check.yardstick],
  ] as const) {
    say(
      `  ${name.padEnd(32)} ${fmt(s.rps, 0).padStart(8)} ${fmt(s.p50, 0).padStart(8)} ${fmt(s.p99, 0).padStart(8)} ${fmt(ratio(s), 2).padStart(11)} ${String(s.failed).padStart(8)}`,
    );
  }
  say(`  our gateway / yardstick throughput: ${fmt(check.ours.rps / check.yardstick.rps, 2)}`);
  say(`\nPOST ${CHECK} with 1000 addresses, through the gateway, 4 connections`);
  say(
    `  ${batch.count} batches, ${fmt(batch.rps, 1)}/s (${fmt(batch.rps * 1000, 0)} lookups/s): p50 ${fmt(batch.p50, 0)} ms, p95 ${fmt(batch.p95, 0)} ms, p99 ${fmt(batch.p99, 0)} ms, failed ${batch.failed}`,
  );
  say(
    `\nswap under load (through the gateway, ${SWAP_SECONDS} s, data version bumped at 2 s, polled every ${LOOKUP_POLL_SECONDS} s)`,
  );
  say(
    `  X-Data-Version ${swap.before} → ${swap.after}; new snapshot answering ${swap.swapMs === null ? 'never' : `${fmt(swap.swapMs, 0)} ms`} after the bump`,
  );
  say(
    `  ${swap.requests} requests, ${swap.failed} failed; worst latency from the bump to 1 s after the swap: ${fmt(swap.worstDuringSwapMs, 0)} ms (p99 ${fmt(swap.duringSwap.p99, 0)} ms; before the bump p99 ${fmt(swap.beforeBump.p99, 0)} ms, max ${fmt(swap.beforeBump.max, 0)} ms)`,
  );
  if (exported === null) {
    say(`\noffline export: left out of this run (BENCH_SKIP_EXPORT=1)`);
  } else {
    say(
      `\noffline export of the snapshot answering (through the gateway), lookups running straight meanwhile`,
    );
    const { firstMmdb, cachedMmdb, csv } = exported;
    say(
      firstMmdb.failed
        ? `  the build FAILED after ${fmt(firstMmdb.ms / 1000, 1)} s (${firstMmdb.retries} answers 503 "being built" before): ${firstMmdb.failed}`
        : `  first tunnelscope.mmdb download (builds MMDB and CSV; ${firstMmdb.retries} answers 503 "being built" before it): ${fmt(firstMmdb.ms / 1000, 2)} s, ${fmt(firstMmdb.bytes / 1e6, 2)} MB; again (cached): ${fmt(cachedMmdb!.ms, 0)} ms; tunnelscope.csv: ${fmt(csv!.ms, 0)} ms, ${fmt(csv!.bytes / 1e6, 2)} MB`,
    );
    say(
      `  lookup-service RSS after the export: ${rssAfterExportMb} MB; lookups during the build: p50 ${fmt(exported.lookupsWhileBuilding.p50, 0)} ms, p99 ${fmt(exported.lookupsWhileBuilding.p99, 0)} ms, max ${fmt(exported.lookupsWhileBuilding.max, 0)} ms; failed ${exported.failed}`,
    );
  }
  const fromReq = revocations.map((d) => d.fromRequestMs).sort((a, b) => a - b);
  const fromAns = revocations.map((d) => d.fromAnswerMs).sort((a, b) => a - b);
  say(
    `\nrevocation delay across two lookup-service processes (revoked on A's admin API, B asked in a loop), ${REVOCATIONS} keys`,
  );
  say(
    `  from the DELETE sent to B refusing: median ${fmt(fromReq[Math.floor(fromReq.length / 2)]!, 1)} ms, max ${fmt(fromReq.at(-1)!, 1)} ms`,
  );
  say(
    `  from A's answer to B refusing:      median ${fmt(fromAns[Math.floor(fromAns.length / 2)]!, 1)} ms, max ${fmt(fromAns.at(-1)!, 1)} ms`,
  );

  const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
  const out = path.join(here, '../results', `lookup-http-${PUBLIC_DATA}-${SCALE}-${stamp}`);
  fs.writeFileSync(`${out}.txt`, `${lines.join('\n')}\n`);
  fs.writeFileSync(
    `${out}.json`,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        cores: os.cpus().length,
        connections: CONNECTIONS,
        seconds: SECONDS,
        data: {
          dataset: SCALE,
          seed: 7,
          rows: report.rows,
          publicData: PUBLIC_DATA,
          generateMs,
          readyMs,
          lookupRssMb,
        },
        check,
        batch,
        swap,
        export: exported === null ? null : { ...exported, rssAfterExportMb },
        revocations,
      },
      null,
      2,
    )}\n`,
  );
  say(`\nsaved ${path.relative(process.cwd(), out)}.txt and .json`);
} finally {
  await stopProcess(yardstick);
  await stopProcess(lookupA);
  await stack.close();
}
