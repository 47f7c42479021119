/**
 * bench/ingest/profile.ts (issue 17): where one 5,000-observation batch spends its time, in
 * process — no HTTP, no service — so the parts can be told apart: JSON parse, per-item validation
 * (`validate-items.ts`), and each SQL statement of `apply-batch.ts` with its server time; with
 * `--explain`, PostgreSQL's own plan of every statement (`auto_explain` with ANALYZE and BUFFERS,
 * sent to this client as notices).
 *
 * It runs on a clone of `--template <db>` (created and dropped here; the template is only read)
 * or on a freshly generated small dataset (`--scale small`), migrated to the latest ipdb-schema:
 * `--batches N` fresh batches of the bench's shape, then the same batches re-sent.
 *
 * `pnpm --filter @tunnelscope/bench exec tsx ingest/profile.ts [--template db] [--batches N] [--explain]`
 * (build ingest-service first: it imports `services/ingest-service/dist`).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SCALES, generateDataset } from '@tunnelscope/ipdb-dataset';
import { startStack } from '@tunnelscope/stack-tests';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    template: { type: 'string' },
    batches: { type: 'string', default: '4' },
    explain: { type: 'boolean', default: false },
  },
});
const BATCH = 5000;

const importDist = async <T>(relative: string) =>
  (await import(pathToFileURL(path.join(root, relative)).href)) as T;

type Validate = (items: readonly unknown[], now: Date) => { valid: unknown[]; refused: unknown[] };
const { validateObservations } = await importDist<{ validateObservations: Validate }>(
  'services/ingest-service/dist/observations/validate-items.js',
);
const { applyBatch } = await importDist<{
  applyBatch(db: unknown, observations: unknown[], resolutions: unknown[]): Promise<{ changed: unknown }>;
}>('services/ingest-service/dist/observations/apply-batch.js');
const { migrate } = await importDist<{ migrate(url: string): Promise<void> }>(
  'packages/ipdb-schema/dist/index.js',
);

const stack = await startStack({ label: 'bench_ingest_profile', services: [] });
let url = stack.env.IPDB_URL!;
let cloned: string | undefined;
const admin = new URL(url);
admin.pathname = '/postgres';
const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

try {
  if (args.template) {
    cloned = `bench_ingest_profile_${Date.now().toString(36)}`;
    await adminQuery(`create database ${cloned} template ${args.template}`);
    const u = new URL(url);
    u.pathname = `/${cloned}`;
    url = u.href;
    await migrate(url);
  } else {
    await migrate(url);
    await generateDataset({ url, scale: SCALES.small, seed: 7 });
  }

  // Every statement's time as the client sees it, and (--explain) the server's plan of it.
  const statements: { sql: string; ms: number }[] = [];
  const plans: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('connect', (client) => {
    client.on('notice', (msg) => plans.push(msg.message ?? ''));
  });
  if (args.explain) {
    pool.on('connect', (client) => {
      void client.query(
        `load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
         set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = off;
         set auto_explain.log_timing = on; set auto_explain.log_triggers = on; set client_min_messages = log`,
      );
    });
  }
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      statements.push({
        sql: event.query.sql.replace(/\s+/g, ' ').slice(0, 70),
        ms: event.queryDurationMillis,
      });
    },
  });
  await sql`select 1`.execute(db);

  const vpn = 'Bench Profile VPN';
  const at = new Date(Date.now() - 60_000);
  const bodies = Array.from({ length: Number(args.batches) }, (_, b) =>
    JSON.stringify({
      observations: Array.from({ length: BATCH }, (_, i) => {
        const n = (23 << 24) + (128 << 16) + b * BATCH + i;
        return {
          vpn,
          vendor: 'Bench Profile Vendor',
          ip: `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`,
          observedAt: new Date(at.getTime() - (i % 600) * 1000).toISOString(),
          location: { country: 'NL', city: 'Amsterdam' },
          protocol: 'wireguard',
        };
      }),
    }),
  );
  // Creates the VPN and warms up; not counted.
  const warm = JSON.parse(bodies[0]!) as { observations: unknown[] };
  await applyBatch(db, validateObservations(warm.observations.slice(0, 10), new Date()).valid, []);

  const fmt = (n: number) => n.toFixed(1).padStart(7);
  for (const round of ['fresh', 're-sent']) {
    for (const body of bodies) {
      statements.length = 0;
      plans.length = 0;
      const t0 = performance.now();
      const parsed = JSON.parse(body) as { observations: unknown[] };
      const t1 = performance.now();
      const checked = validateObservations(parsed.observations, new Date());
      const t2 = performance.now();
      const outcome = await applyBatch(db, checked.valid, []);
      const t3 = performance.now();
      console.log(
        `${round.padEnd(7)} json ${fmt(t1 - t0)} ms | validate ${fmt(t2 - t1)} ms | apply ${fmt(t3 - t2)} ms | changed ${JSON.stringify(outcome.changed)}`,
      );
      for (const s of statements) console.log(`          ${fmt(s.ms)} ms  ${s.sql}`);
      if (args.explain) for (const p of plans) console.log(p.replace(/^/gm, '          | '));
    }
  }
  await db.destroy();
} finally {
  await stack.close();
  if (cloned) await adminQuery(`drop database if exists ${cloned} with (force)`).catch(() => undefined);
}
