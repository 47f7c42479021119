import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { isDependencyUnavailable } from '@tunnelscope/service-kit';
import type { IpdbDatabase } from './schema.js';

export interface IpdbOptions {
  max: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * The request-path pool of the IP database. Every limit is short on purpose: when the database
 * is down, restarting or locked by a bulk load, the admin gets the offline answer within about a
 * second instead of a hung panel, and the service itself stays up.
 */
export interface Ipdb {
  /** Query builder over the pool (analytics, stats). */
  db: Kysely<IpdbDatabase>;
  /** The pool itself, for named prepared statements (the IP search). */
  pool: pg.Pool;
  destroy(): Promise<void>;
}

export function createIpdb(url: string, opts: IpdbOptions): Ipdb {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    statement_timeout: opts.statementTimeoutMs,
    // The server may never answer (a network partition): give up client-side too.
    query_timeout: opts.statementTimeoutMs + 1000,
    // A table locked by a bulk load answers "unavailable" in a second, not at the statement timeout.
    options: '-c lock_timeout=1000',
    application_name: 'analytics-service',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a client lent out when the server goes away: its query fails (and answers 503), the
  // client's own 'error' event must find a listener (as service-kit's createDb does).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<IpdbDatabase>({ dialect: new PostgresDialect({ pool }) });
  // Destroying the kysely instance ends the pool.
  return { db, pool, destroy: () => db.destroy() };
}

/** SQLSTATEs that mean "the IP database cannot serve us now", beyond service-kit's list. */
const UNAVAILABLE_STATES: Record<string, string> = {
  '3D000': 'the database does not exist',
  '28000': 'the server refused the login',
  '28P01': 'the server refused the login',
  '57014': 'it did not answer in time',
  '55P03': 'its tables are locked (a bulk load is running)',
  '42P01': 'its schema is missing (run pnpm db:migrate)',
  '42883': 'its schema is missing (run pnpm db:migrate)',
};

const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|terminating connection|Connection is closed|ECONNRESET|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/i;

/** Why the IP database cannot answer, in words for the offline panel; null if it is another error. */
export function ipdbUnavailableReason(err: unknown): string | null {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code in UNAVAILABLE_STATES) return UNAVAILABLE_STATES[code]!;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ETIMEDOUT' || /timeout/i.test(String(e?.message ?? ''))) return 'it did not answer in time';
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'it is shutting down or starting up';
  if (code === '53300') return 'it has no free connections';
  if (isDependencyUnavailable(err) || CONNECTION_MESSAGES.test(String(e?.message ?? ''))) {
    return 'the connection failed';
  }
  return null;
}

/** The message of a `networkError: true` answer (the panel prefixes 'Database Connection Failed: '). */
export function unavailableMessage(reason: string): string {
  return `The IP database cannot be reached: ${reason}.`;
}
