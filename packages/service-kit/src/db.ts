import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import pg from 'pg';

// COUNT(*) and BIGSERIAL come back as int8; as strings they leak into JSON answers. Every count we
// keep fits in a double, so parse them as numbers once, for the whole process.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  max?: number;
  /** Milliseconds a statement may run before Postgres cancels it. */
  statementTimeoutMs?: number;
  applicationName?: string;
}

export function createDb<DB>(connectionString: string, opts: DbOptions = {}): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: opts.statementTimeoutMs ?? 15_000,
    application_name: opts.applicationName ?? 'tunnelscope',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one: pg-pool removes its idle listener while a client is lent out, and a
  // client whose server goes away mid-query emits 'error' besides failing the query, which with
  // no listener ends the process (found by tests/faults stopping PostgreSQL under traffic). The
  // query's own error reaches the caller; the dead client is dropped when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export async function pingDb<DB>(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) throw new Error(`unsupported database name "${name}"`);
  return name;
}

/** Runs `fn` on a connection to the `postgres` database of the server `url` names. */
async function withServerConnection<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named by `url` if it does not exist (connecting to `postgres` to do so). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return withServerConnection(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`create database "${name}"`);
      return true;
    } catch (err) {
      // Two processes creating it at once: the loser sees duplicate_database, which is fine.
      if ((err as { code?: string }).code === '42P04') return false;
      throw err;
    }
  });
}

/** Drops the database named by `url` (tests only call this on databases they created). */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withServerConnection(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Runs a service's migrations to the latest. Each service keeps its own history table, so
 * services sharing one database migrate independently.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
  historyTable: string,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: historyTable,
    migrationLockTableName: `${historyTable}_lock`,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
