/**
 * bench/admin generator — fills the review tables of an application database (waitlist_entries,
 * vpn_requests, contact_forms, registration_logs, admin_logs) with BENCH_ADMIN_ROWS realistic rows
 * each, for the review lists' benchmark (bench/admin/run.ts). See bench/README.md.
 *
 * The schema is the services' own: the database is created if missing and both services'
 * migrations run. Each table is loaded in one transaction: truncated, its keys and indexes (read
 * from the catalog) dropped, the rows streamed in with COPY … FREEZE, the keys and indexes made
 * again exactly as they were. The row-count triggers fire once per COPY, so list_row_counts and
 * admin_log_counts stay exact; the script checks them against count(*) at the end.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrate as migrateAuth } from '@tunnelscope/auth-service/migrations';
import { migrate as migrateForms } from '@tunnelscope/forms-service/migrations';
import { Rng } from '@tunnelscope/ipdb-dataset';
import { fmt } from '../forms/stats.js';
import { DEFAULT_BENCH_ADMIN_DB_URL, knownValues, type ListTerms } from './dataset.js';
import {
  COLUMNS,
  LOADED_TABLES,
  adminUsers,
  tableRows,
  ts,
  userAgent,
  uuid,
  type AdminUserRow,
  type DatasetOptions,
  type LoadedTable,
} from './rows.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DB_URL = process.env.BENCH_ADMIN_DB_URL ?? DEFAULT_BENCH_ADMIN_DB_URL;
const ROWS = Number(process.env.BENCH_ADMIN_ROWS ?? 1_000_000);
const SEED = Number(process.env.BENCH_ADMIN_SEED ?? 1);
/** The newest row's time; the current minute unless given (ISO), so a rerun can match a seed exactly. */
const END = process.env.BENCH_ADMIN_END
  ? Date.parse(process.env.BENCH_ADMIN_END)
  : Math.floor(Date.now() / 60_000) * 60_000;

/** Which list of list_row_counts each table feeds, and the column its buckets are. */
const COUNTED: Partial<Record<LoadedTable, { list: string; bucket: string }>> = {
  waitlist_entries: { list: 'waitlist', bucket: 'is_verified' },
  vpn_requests: { list: 'vpn_requests', bucket: 'is_verified' },
  contact_forms: { list: 'contacts', bucket: 'is_verified' },
  registration_logs: { list: 'registration_logs', bucket: 'action' },
};

interface Ddl {
  drop: string;
  add: string;
}

/**
 * The table's keys, indexes and foreign keys (its own and those pointing at it), as the
 * migrations made them: dropped before the load, made again after it, in this order.
 */
async function readDdl(client: pg.Client, table: string): Promise<{ drops: string[]; adds: string[] }> {
  const constraints = await client.query<Ddl & { kind: string }>(
    `select distinct c.contype as kind, c.conname,
            format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname) as drop,
            format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as add
       from pg_constraint c
      where (c.conrelid = $1::regclass and c.contype in ('p', 'u', 'f', 'x'))
         or (c.confrelid = $1::regclass and c.contype = 'f')
      order by c.conname`,
    [table],
  );
  const indexes = await client.query<Ddl>(
    `select format('drop index %s', i.indexrelid::regclass) as drop, pg_get_indexdef(i.indexrelid) as add
       from pg_index i
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by i.indexrelid::regclass::text`,
    [table],
  );
  const fks = constraints.rows.filter((r) => r.kind === 'f');
  const keys = constraints.rows.filter((r) => r.kind !== 'f');
  return {
    drops: [...fks, ...indexes.rows, ...keys].map((d) => d.drop),
    adds: [...keys, ...indexes.rows, ...fks].map((d) => d.add),
  };
}

async function copyChunks(client: pg.Client, table: LoadedTable, chunks: Iterable<string>): Promise<void> {
  const stream = client.query(
    copyFrom(`copy ${table} (${COLUMNS[table].join(', ')}) from stdin with (freeze)`),
  );
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), finished]);
  }
  stream.end();
  await finished;
}

/** Operators, and one active session for each of the first five active ones (the Sessions tab). */
async function insertAdmins(client: pg.Client, admins: AdminUserRow[], opts: DatasetOptions): Promise<void> {
  const rng = new Rng(opts.seed).fork('admin_sessions');
  for (const a of admins) {
    await client.query(
      `insert into admin_users (id, username, email, password_hash, role, is_active, two_factor_enabled, last_login, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        a.id,
        a.username,
        a.email,
        // Not a hash of anything: nobody can sign in to a benchmark account.
        `bench-dummy-password-hash-not-argon2$${uuid(rng)}`,
        a.role,
        a.isActive,
        a.twoFactor,
        ts(a.lastLogin),
        ts(a.createdAt),
      ],
    );
  }
  const month = Math.floor(730 / 30.4);
  for (const a of admins.filter((x) => x.isActive).slice(0, 5)) {
    const created = opts.end - rng.between(5, 300) * 60_000;
    await client.query(
      `insert into admin_sessions (id, admin_id, session_token, ip_address, user_agent, is_active, remember_me, expires_at, last_activity, created_at)
       values ($1, $2, $3, $4, $5, true, $6, $7, $8, $9)`,
      [
        uuid(rng),
        a.id,
        `${uuid(rng).replaceAll('-', '')}${uuid(rng).replaceAll('-', '')}`,
        a.ips[0],
        a.agents[0] ?? userAgent(rng, month),
        false,
        ts(created + 12 * 3_600_000),
        ts(opts.end - rng.between(0, 20) * 60_000),
        ts(created),
      ],
    );
  }
}

interface TableReport {
  table: string;
  rows: number;
  copySeconds: number;
  indexSeconds: number;
  vacuumSeconds: number;
  seconds: number;
  tableBytes: number;
  indexBytes: number;
  totalBytes: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (since: number) => (performance.now() - since) / 1000;

async function main() {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`BENCH_ADMIN_ROWS must be a positive integer`);
  if (!Number.isFinite(END)) throw new Error(`BENCH_ADMIN_END is not a date`);
  const started = performance.now();
  const opts: DatasetOptions = { seed: SEED, rows: ROWS, end: END };
  console.log(
    `bench/admin generator: ${ROWS.toLocaleString('en-US')} rows per table, seed ${SEED}, ` +
      `rows up to ${new Date(END).toISOString()}, into ${new URL(DB_URL).pathname.slice(1)}`,
  );

  // The services' migrations, in the order the root db:migrate runs them.
  await migrateForms(DB_URL);
  await migrateAuth(DB_URL);

  const client = new pg.Client({ connectionString: DB_URL, application_name: 'bench-admin-generate' });
  await client.connect();
  const reports: TableReport[] = [];
  try {
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set statement_timeout = 0`);
    await client.query(`set synchronous_commit = off`);

    const admins = adminUsers(opts);
    await client.query('begin');
    await client.query(
      `truncate table ${LOADED_TABLES.join(', ')}, admin_sessions, admin_otp_codes, admin_users restart identity`,
    );
    await insertAdmins(client, admins, opts);
    await client.query('commit');

    for (const table of LOADED_TABLES) {
      const t0 = performance.now();
      await client.query('begin');
      // Truncated again in this transaction, so COPY may write the rows already frozen.
      await client.query(`truncate table ${table} restart identity`);
      const ddl = await readDdl(client, table);
      for (const s of ddl.drops) await client.query(s);
      const rows = tableRows(table, opts, admins);
      await copyChunks(client, table, rows.chunks);
      const copySeconds = seconds(t0);
      const t1 = performance.now();
      for (const s of ddl.adds) await client.query(s);
      const indexSeconds = seconds(t1);
      if (table === 'registration_logs') {
        await client.query(
          `select setval(pg_get_serial_sequence('registration_logs', 'id'), (select coalesce(max(id), 0) + 1 from registration_logs), false)`,
        );
      }
      await client.query('commit');
      const t2 = performance.now();
      // Sets the visibility map (index-only scans) and the planner's statistics.
      await client.query(`vacuum (analyze) ${table}`);
      const vacuumSeconds = seconds(t2);
      reports.push({
        table,
        rows: rows.rows,
        copySeconds,
        indexSeconds,
        vacuumSeconds,
        seconds: seconds(t0),
        tableBytes: 0,
        indexBytes: 0,
        totalBytes: 0,
      });
      console.log(
        `  ${table.padEnd(18)} ${rows.rows.toLocaleString('en-US').padStart(10)} rows: copy ${fmt(copySeconds)} s ` +
          `(${Math.round(rows.rows / copySeconds).toLocaleString('en-US')} rows/s), ${ddl.adds.length} keys and indexes ${fmt(indexSeconds)} s, ` +
          `vacuum ${fmt(vacuumSeconds)} s`,
      );
    }
    // The admins' own table is tiny; analyze it too, so plans joining it are right.
    await client.query(`vacuum (analyze) admin_users, admin_sessions`);

    for (const r of reports) {
      const { rows } = await client.query<{ t: string; i: string; all: string }>(
        `select pg_table_size($1::regclass) as t, pg_indexes_size($1::regclass) as i, pg_total_relation_size($1::regclass) as all`,
        [r.table],
      );
      r.tableBytes = Number(rows[0]!.t);
      r.indexBytes = Number(rows[0]!.i);
      r.totalBytes = Number(rows[0]!.all);
    }

    // The trigger-kept counts against count(*).
    const counts: { list: string; kept: number; counted: number; bucketsMatch: boolean }[] = [];
    for (const table of LOADED_TABLES) {
      const c = COUNTED[table];
      const kept = c
        ? await client.query<{ b: string; n: string }>(
            `select bucket as b, n from list_row_counts where list = $1 and n <> 0 order by 1`,
            [c.list],
          )
        : await client.query<{ b: string; n: string }>(
            `select action as b, n from admin_log_counts where n <> 0 order by 1`,
          );
      const counted = await client.query<{ b: string; n: string }>(
        `select ${c ? c.bucket : 'action'}::text as b, count(*) as n from ${table} group by 1 order by 1`,
      );
      const key = (rows: { b: string; n: string }[]) => JSON.stringify(rows.map((r) => [r.b, Number(r.n)]));
      const sum = (rows: { n: string }[]) => rows.reduce((s, r) => s + Number(r.n), 0);
      counts.push({
        list: c ? `list_row_counts '${c.list}'` : 'admin_log_counts',
        kept: sum(kept.rows),
        counted: sum(counted.rows),
        bucketsMatch: key(kept.rows) === key(counted.rows),
      });
    }

    const known = await knownValues(client);
    const totalSeconds = seconds(started);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

    console.log('\n  table                      rows   seconds     table   indexes     total');
    for (const r of reports) {
      console.log(
        `  ${r.table.padEnd(18)} ${r.rows.toLocaleString('en-US').padStart(12)} ${fmt(r.seconds).padStart(9)} ` +
          `${mb(r.tableBytes).padStart(9)} ${mb(r.indexBytes).padStart(9)} ${mb(r.totalBytes).padStart(9)}`,
      );
    }
    const total = reports.reduce((s, r) => s + r.totalBytes, 0);
    console.log(
      `  ${'all five'.padEnd(18)} ${''.padStart(12)} ${''.padStart(9)} ${''.padStart(19)} ${mb(total).padStart(9)}`,
    );
    console.log('\n  trigger-kept counts        kept      count(*)');
    for (const c of counts) {
      console.log(
        `  ${c.list.padEnd(30)} ${c.kept.toLocaleString('en-US').padStart(10)} ${c.counted.toLocaleString('en-US').padStart(12)}  ` +
          `${c.kept === c.counted && c.bucketsMatch ? 'ok' : 'MISMATCH'}`,
      );
    }
    console.log('\n  search terms for the benchmark (matches):');
    for (const [list, v] of Object.entries(known) as [string, ListTerms][]) {
      console.log(
        `    ${list.padEnd(12)} ${v.terms.map((t) => `${t.label} "${t.term}" (${t.matches.toLocaleString('en-US')})`).join(', ')}`,
      );
    }
    console.log(`\n  total ${fmt(totalSeconds)} s, peak resident memory ${peakRssMb} MB`);

    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const out = path.join(here, '..', 'results', `admin-generate-${stamp}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify({ database: new URL(DB_URL).pathname.slice(1), rows: ROWS, seed: SEED, end: new Date(END).toISOString(), tables: reports, counts, known, totalSeconds, peakRssMb }, null, 2)}\n`,
    );
    console.log(`  saved ${path.relative(process.cwd(), out)}`);
    if (counts.some((c) => c.kept !== c.counted || !c.bucketsMatch)) {
      console.error('bench/admin: the trigger-kept counts do not match count(*)');
      process.exitCode = 1;
    }
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

await main();
