/**
 * Bulk loading into the IP database whose schema the migrations of packages/ipdb-schema made. The
 * migrations stay the only definition of that schema: the loader reads the indexes and
 * constraints of the tables from the catalog, drops them, COPYs the rows, and re-creates exactly
 * what it read, all in one transaction (a failed run leaves the previous data in place).
 */
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { COLUMNS, type TableRows } from './rows.js';

export const TABLES = [
  'isps',
  'vendors',
  'vpns',
  'ips',
  'ip_history',
  'subdomains',
  'subdomain_history',
  'networks',
] as const;

/** Tables whose `id` is an identity column: their sequences move past the ids written. */
const IDENTITY_TABLES = ['isps', 'vendors', 'vpns', 'subdomains', 'subdomain_history'] as const;

export interface SchemaDdl {
  /** Foreign keys: dropped first, added last (they validate against the loaded rows). */
  foreignKeys: { drop: string; add: string }[];
  /** Primary keys, unique and exclusion constraints. */
  keys: { drop: string; add: string }[];
  indexes: { drop: string; add: string }[];
}

/** Throws unless the IP database's migrations (packages/ipdb-schema) have run on this database. */
export async function assertSchema(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string; found: boolean }>(
    `select t as name, to_regclass(t) is not null as found from unnest($1::text[]) t`,
    [[...TABLES]],
  );
  const missing = rows.filter((r) => !r.found).map((r) => r.name);
  const fn = await client.query(`select 1 from pg_proc where proname = 'ipdb_refresh_analytics'`);
  if (fn.rowCount === 0) missing.push('ipdb_refresh_analytics()');
  const version = await client.query(
    `select 1 from pg_class where relname = 'data_version' and relkind = 'r'`,
  );
  if (version.rowCount === 0) missing.push('data_version');
  if (missing.length) {
    throw new Error(
      `the IP database schema is missing (${missing.join(', ')}): run analytics-service's migrations first (pnpm db:migrate)`,
    );
  }
}

export async function readDdl(client: pg.Client): Promise<SchemaDdl> {
  const tables = [...TABLES];
  const constraints = await client.query<{ kind: string; drop: string; add: string }>(
    `select c.contype as kind,
            format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname) as drop,
            format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as add
       from pg_constraint c
      where c.conrelid = any($1::text[]::regclass[]) and c.contype in ('p', 'u', 'f', 'x')
      order by c.conrelid::regclass::text, c.conname`,
    [tables],
  );
  const indexes = await client.query<{ drop: string; add: string }>(
    `select format('drop index %s', i.indexrelid::regclass) as drop, pg_get_indexdef(i.indexrelid) as add
       from pg_index i
      where i.indrelid = any($1::text[]::regclass[])
        and not exists (
          select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x')
        )
      order by i.indrelid::regclass::text, i.indexrelid::regclass::text`,
    [tables],
  );
  return {
    foreignKeys: constraints.rows.filter((r) => r.kind === 'f').map(({ drop, add }) => ({ drop, add })),
    keys: constraints.rows.filter((r) => r.kind !== 'f').map(({ drop, add }) => ({ drop, add })),
    indexes: indexes.rows,
  };
}

export async function dropDdl(client: pg.Client, ddl: SchemaDdl): Promise<void> {
  for (const s of [...ddl.foreignKeys, ...ddl.indexes, ...ddl.keys]) await client.query(s.drop);
}

/** Re-creates keys and indexes, then foreign keys; calls `timed` with each statement's duration. */
export async function restoreDdl(
  client: pg.Client,
  ddl: SchemaDdl,
  timed: (statement: string, ms: number) => void = () => undefined,
): Promise<void> {
  for (const s of [...ddl.keys, ...ddl.indexes, ...ddl.foreignKeys]) {
    const started = performance.now();
    await client.query(s.add);
    timed(s.add, performance.now() - started);
  }
}

export async function truncateAll(client: pg.Client): Promise<void> {
  await client.query(`truncate table ${TABLES.join(', ')} restart identity`);
}

/**
 * COPY one table from its row generator. FREEZE writes the rows already frozen (the table was
 * truncated in this transaction), so no later vacuum has to rewrite twenty million rows.
 */
export async function copyRows(client: pg.Client, rows: TableRows): Promise<number> {
  const columns = COLUMNS[rows.table].join(', ');
  const stream = client.query(copyFrom(`copy ${rows.table} (${columns}) from stdin with (freeze)`));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  for (const chunk of rows.chunks) {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), finished]);
  }
  stream.end();
  await finished;
  return rows.rows;
}

export async function advanceSequences(client: pg.Client): Promise<void> {
  for (const t of IDENTITY_TABLES) {
    await client.query(
      `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
    );
  }
}
