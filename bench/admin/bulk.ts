/**
 * bench/admin bulk — a bulk status change of 1,000 rows through forms-service
 * (`POST /data/waitlist/bulk`) at bench/admin's scale (a million rows per table), issue 16's
 * target: p95 ≤ 1 s. Each round takes 1,000 different rows (a block sample of the table) and
 * flips their status, so every row changes: 1,000 row updates, 1,001 audit rows and 1,000 live
 * events in one call, the worst case of a selection that size.
 *
 * Yardsticks in the same run: the same kind of change as 1,000 single PATCHes (what the panel
 * had to do before, one call per row), and a plain `UPDATE … WHERE id = ANY(…)` of 1,000 rows
 * straight on PostgreSQL (the floor: no audit, no HTTP).
 *
 * Run against a dataset of its own (the generator, then this):
 *   BENCH_ADMIN_DB_URL=postgres://postgres@127.0.0.1:5432/tunnelscope_bench_admin_bulk pnpm admin:generate
 *   BENCH_ADMIN_DB_URL=… pnpm admin:bulk
 * It changes statuses in that database (and adds audit rows): rerunning is fine, the figures
 * do not depend on the statuses.
 */
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { gatewayHeadersFor } from '@tunnelscope/service-kit';
import { freePort } from '@tunnelscope/test-kit';
import { fmt, latencies, rssMb } from '../forms/stats.js';
import { DEFAULT_BENCH_ADMIN_DB_URL, benchOperator, type BenchOperator } from './dataset.js';

const resolvePackage = createRequire(import.meta.url).resolve;
const here = path.dirname(fileURLToPath(import.meta.url));
const DB_URL = process.env.BENCH_ADMIN_DB_URL ?? DEFAULT_BENCH_ADMIN_DB_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = Number(process.env.BENCH_ADMIN_BULK_ROUNDS ?? 30);
const WARMUP = Number(process.env.BENCH_ADMIN_BULK_WARMUP ?? 3);
/** Rounds of 1,000 single PATCHes (each round is 1,000 calls). */
const SINGLE_ROUNDS = Number(process.env.BENCH_ADMIN_BULK_SINGLE_ROUNDS ?? 2);
const SELECTION = 1000;
const TARGET_MS = 1000;
const SECRET = `bench-internal-secret-${randomBytes(8).toString('hex')}`;
const PREFIX = `bench:admin-bulk:${randomBytes(4).toString('hex')}`;

/** forms-service as deployed (its build), on a free port, against the dataset. */
async function startService(port: number, metricsPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [resolvePackage('@tunnelscope/forms-service/server')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      FORMS_SERVICE_PORT: String(port),
      // Its own metrics port: another forms-service on this machine may hold the default.
      METRICS_PORT: String(metricsPort),
      DATABASE_URL: DB_URL,
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      INTERNAL_SHARED_SECRET: SECRET,
      OTP_HMAC_SECRET: randomBytes(32).toString('hex'),
      BLOCKLIST_SOURCES: 'package',
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
    if (child.exitCode !== null) throw new Error(`forms-service exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('forms-service did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One call signed as the gateway signs it; answers the status and the parsed body. */
async function call(
  base: string,
  operator: BenchOperator,
  method: 'POST' | 'PATCH',
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { adminId, sessionId, username, email, role, twoFactorEnabled } = operator;
  const identity = { adminId, sessionId, username, email, role, twoFactorEnabled };
  const res = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...gatewayHeadersFor(SECRET, { audience: 'forms', method, url, identity }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** `count` selections of SELECTION distinct ids each, spread over the table (block samples). */
async function selections(client: pg.Client, count: number): Promise<string[][]> {
  const { rows } = await client.query<{ id: string }>(
    `select id from waitlist_entries tablesample system (5) repeatable (${Math.floor(Math.random() * 1e6)})
      limit ${count * SELECTION}`,
  );
  if (rows.length < count * SELECTION)
    throw new Error(`sampled ${rows.length} rows, need ${count * SELECTION}`);
  // Interleaved, so each selection holds rows from all over the sample, not one block.
  return Array.from({ length: count }, (_, s) =>
    Array.from({ length: SELECTION }, (_, i) => rows[i * count + s]!.id),
  );
}

/** Every row of the selection leaves the status it has (they all start alike, or were flipped together). */
async function nextStatus(client: pg.Client, ids: string[]): Promise<'Pending' | 'Complete'> {
  const { rows } = await client.query<{ complete: string }>(
    `select count(*) filter (where status = 'Complete') as complete from waitlist_entries where id = any($1::uuid[])`,
    [ids],
  );
  return Number(rows[0]!.complete) > 0 ? 'Pending' : 'Complete';
}

async function main() {
  const client = new pg.Client({ connectionString: DB_URL, application_name: 'bench-admin-bulk' });
  await client.connect();
  let service: ChildProcess | undefined;
  try {
    const operator = await benchOperator(client);
    const { rows: sized } = await client.query<{ n: string }>(
      `select coalesce(sum(n), 0) as n from list_row_counts where list = 'waitlist'`,
    );
    const tableRows = Number(sized[0]!.n);
    if (tableRows < 1_000_000)
      console.warn(
        `bench/admin bulk: ${tableRows.toLocaleString('en-US')} waitlist rows; the target is for a million`,
      );
    // The selections are flipped to a status none of their rows has: reset them to one first.
    const sets = await selections(client, WARMUP + ROUNDS + SINGLE_ROUNDS + 1);
    await client.query(`update waitlist_entries set status = 'Waiting' where id = any($1::uuid[])`, [
      sets.flat(),
    ]);

    const port = await freePort();
    service = await startService(port, await freePort());
    const base = `http://127.0.0.1:${port}`;

    // ---- bulk: one call per 1,000 rows ----
    const bulk: number[] = [];
    let changed = 0;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const ids = sets[i]!;
      const status = await nextStatus(client, ids);
      const started = performance.now();
      const res = await call(base, operator, 'POST', '/data/waitlist/bulk', {
        ids,
        action: 'set_status',
        status,
      });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`bulk answered ${res.status}: ${JSON.stringify(res.body)}`);
      const data = res.body.data as { changed: number };
      if (data.changed !== SELECTION) throw new Error(`bulk changed ${data.changed} of ${SELECTION}`);
      if (i >= WARMUP) {
        bulk.push(ms);
        changed += data.changed;
      }
    }

    // ---- yardstick 1: the same change as 1,000 single PATCHes, one after another ----
    const singles: number[] = [];
    for (let r = 0; r < SINGLE_ROUNDS; r++) {
      const ids = sets[WARMUP + ROUNDS + r]!;
      const started = performance.now();
      for (const id of ids) {
        const res = await call(base, operator, 'PATCH', `/data/waitlist/${id}`, { status: 'Complete' });
        if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
      }
      singles.push(performance.now() - started);
    }
    const serviceRssMb = await rssMb(service.pid!);
    const exited = new Promise((r) => service!.once('exit', r));
    service.kill('SIGTERM');
    await exited;
    service = undefined;

    // ---- yardstick 2: a plain UPDATE of 1,000 rows, no audit, no HTTP ----
    const plain: number[] = [];
    const last = sets[WARMUP + ROUNDS + SINGLE_ROUNDS]!;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const status = i % 2 ? 'Pending' : 'Complete';
      const started = performance.now();
      await client.query(
        `update waitlist_entries set status = $1, version = version + 1, updated_at = now() where id = any($2::uuid[])`,
        [status, last],
      );
      if (i >= WARMUP) plain.push(performance.now() - started);
    }

    const b = latencies(bulk);
    const p = latencies(plain);
    const singleMedian = latencies(singles).p50;
    const pass = b.p95 <= TARGET_MS;
    console.log(
      `\nbench/admin bulk — ${tableRows.toLocaleString('en-US')} waitlist rows; ${ROUNDS} bulk calls of ${SELECTION} rows ` +
        `(after ${WARMUP} warm-up), each changing every row it names\n`,
    );
    console.log(
      `  POST /data/waitlist/bulk set_status, 1,000 rows     p50 ${fmt(b.p50, 1).padStart(7)}  p95 ${fmt(b.p95, 1).padStart(7)}  max ${fmt(b.max, 1).padStart(7)} ms  target p95 ≤ ${TARGET_MS} ms ${pass ? 'PASS' : 'OVER'}`,
    );
    console.log(
      `  yardstick: 1,000 single PATCHes, one after another   ${fmt(singleMedian, 0).padStart(7)} ms  (median of ${SINGLE_ROUNDS} rounds) → bulk is ${fmt(singleMedian / b.p50, 1)}× faster`,
    );
    console.log(
      `  yardstick: plain UPDATE of 1,000 rows (PostgreSQL)  p50 ${fmt(p.p50, 1).padStart(7)}  p95 ${fmt(p.p95, 1).padStart(7)} ms → bulk p50 is ${fmt(b.p50 / p.p50, 1)}× the bare update (audit rows, locks, HTTP, live events)`,
    );
    console.log(`  forms-service RSS ${fmt(serviceRssMb, 0)} MB`);

    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const out = path.join(here, '..', 'results', `admin-bulk-${stamp}.json`);
    fs.writeFileSync(
      out,
      `${JSON.stringify(
        {
          bench: 'admin-bulk',
          at: new Date().toISOString(),
          database: new URL(DB_URL).pathname.slice(1),
          waitlistRows: tableRows,
          selection: SELECTION,
          rounds: ROUNDS,
          warmup: WARMUP,
          rowsChanged: changed,
          bulkMs: b,
          targetP95Ms: TARGET_MS,
          pass,
          singlePatchesRoundMs: singles,
          plainUpdateMs: p,
          ratios: { singlesOverBulkP50: singleMedian / b.p50, bulkP50OverPlainUpdateP50: b.p50 / p.p50 },
          serviceRssMb,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n  saved ${path.relative(process.cwd(), out)}`);
    if (!pass) process.exitCode = 1;
  } finally {
    if (service && service.exitCode === null) service.kill('SIGTERM');
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
