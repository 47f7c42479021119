/**
 * SQL of admin_sessions. A session is live when it is active, its admin is active, it has not
 * reached `expires_at`, and (unless Remember me) it was used after the idle cutoff. Every time is
 * a parameter from the service's clock, never the database's now().
 */
import { sql } from 'kysely';
import type { AdminRole } from '@tunnelscope/contracts';
import type { Executor } from '../db/schema.js';

export interface Liveness {
  now: Date;
  /** Sessions without Remember me whose last activity is at or before this are idle, so dead. */
  idleCutoff: Date;
}

/** The liveness rule, over `admin_sessions as s` joined with `admin_users as u`. */
function live(at: Liveness) {
  return sql<boolean>`s.is_active and u.is_active and s.expires_at > ${at.now}
    and (s.remember_me or s.last_activity > ${at.idleCutoff})`;
}

export interface SessionIdentityRow {
  session_id: string;
  admin_id: string;
  username: string;
  email: string;
  role: AdminRole;
  two_factor_enabled: boolean;
  must_change_password: boolean;
  /** The session's own times, for the panel's idle warning (issue 16). */
  last_activity: Date;
  expires_at: Date;
  remember_me: boolean;
}

export async function insertSession(
  db: Executor,
  row: {
    admin_id: string;
    session_token: string;
    ip_address: string;
    user_agent: string | null;
    remember_me: boolean;
    expires_at: Date;
    now: Date;
  },
): Promise<string> {
  const { now, ...values } = row;
  const inserted = await db
    .insertInto('admin_sessions')
    .values({ ...values, last_activity: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

const IDENTITY_COLUMNS = [
  's.id as session_id',
  'u.id as admin_id',
  'u.username',
  'u.email',
  'u.role',
  'u.two_factor_enabled',
  'u.must_change_password',
  's.last_activity',
  's.expires_at',
  's.remember_me',
] as const;

/**
 * One statement: finds the live session of `tokenHash` joined with its active admin and, when
 * `touch`, moves its last activity (never backwards). Nothing comes back for a dead session. The
 * panel's background calls (`touch` false) only read: no row version is written for a poll.
 */
export async function resolveSession(
  db: Executor,
  tokenHash: string,
  at: Liveness,
  touch: boolean,
): Promise<SessionIdentityRow | undefined> {
  if (!touch) {
    return db
      .selectFrom('admin_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.admin_id')
      .where('s.session_token', '=', tokenHash)
      .where(live(at))
      .select(IDENTITY_COLUMNS)
      .executeTakeFirst();
  }
  return db
    .updateTable('admin_sessions as s')
    .from('admin_users as u')
    .set({ last_activity: sql<Date>`greatest(s.last_activity, ${at.now}::timestamptz)` })
    .whereRef('u.id', '=', 's.admin_id')
    .where('s.session_token', '=', tokenHash)
    .where(live(at))
    .returning(IDENTITY_COLUMNS)
    .executeTakeFirst();
}

/** The live session `sessionId` of `adminId`, with the admin as the database has it now. */
export async function findLiveSession(
  db: Executor,
  sessionId: string,
  adminId: string,
  at: Liveness,
): Promise<SessionIdentityRow | undefined> {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_id')
    .where('s.id', '=', sessionId)
    .where('s.admin_id', '=', adminId)
    .where(live(at))
    .select(IDENTITY_COLUMNS)
    .executeTakeFirst();
}

export interface ListedSessionRow {
  id: string;
  admin_id: string;
  username: string;
  email: string;
  user_agent: string | null;
  ip_address: string | null;
  last_activity: Date;
  created_at: Date;
  expires_at: Date;
}

/** Every admin's live sessions, most recently used first. */
export async function listLiveSessions(db: Executor, at: Liveness): Promise<ListedSessionRow[]> {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_id')
    .where(live(at))
    .select([
      's.id',
      's.admin_id',
      'u.username',
      'u.email',
      's.user_agent',
      's.ip_address',
      's.last_activity',
      's.created_at',
      's.expires_at',
    ])
    .orderBy('s.last_activity', 'desc')
    .orderBy('s.id')
    .execute();
}

/** A live session by id (whoever owns it), for a disconnect. */
export async function findLiveSessionById(
  db: Executor,
  sessionId: string,
  at: Liveness,
): Promise<{ id: string; admin_id: string; username: string } | undefined> {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_id')
    .where('s.id', '=', sessionId)
    .where(live(at))
    .select(['s.id', 's.admin_id', 'u.username'])
    .executeTakeFirst();
}

/** Ends one session; true if it was still active. */
export async function deactivateSession(db: Executor, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('admin_sessions')
    .set({ is_active: false })
    .where('id', '=', sessionId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * "End all sessions" (issue 16): ends every active session of `adminId` but `exceptSessionId`,
 * in one statement, and answers their ids (the audit row names them).
 */
export async function endSessionsOf(
  db: Executor,
  adminId: string,
  exceptSessionId?: string,
): Promise<string[]> {
  let query = db
    .updateTable('admin_sessions')
    .set({ is_active: false })
    .where('admin_id', '=', adminId)
    .where('is_active', '=', true);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  return (await query.returning('id').execute()).map((r) => r.id);
}

/** Ends every active session of `adminId`, but `exceptSessionId` when given; returns how many. */
export async function deactivateSessionsOf(
  db: Executor,
  adminId: string,
  exceptSessionId?: string,
): Promise<number> {
  let query = db
    .updateTable('admin_sessions')
    .set({ is_active: false })
    .where('admin_id', '=', adminId)
    .where('is_active', '=', true);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
