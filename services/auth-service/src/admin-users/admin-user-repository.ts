/** SQL of admin_users: look-ups, writes, the sign-in counters and the list of the Admin Users table. */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AdminRole } from '@tunnelscope/contracts';
import { likePattern } from '@tunnelscope/service-kit';
import type { AdminUserRow, AuthDatabase, Executor, NewAdminUser } from '../db/schema.js';

export async function findAdminById(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Sign-in and uniqueness are case-insensitive (the unique indexes are on lower()). `forUpdate`
 * locks the row until the transaction ends: every sign-in attempt on one account runs under it,
 * so attempts are evaluated one at a time against the row as the previous one left it. The lock
 * is `FOR NO KEY UPDATE`: it serialises the attempts (and any update of the row) without blocking
 * the foreign-key checks of rows that merely name the account (its audit rows, its sessions).
 */
export async function findAdminByUsername(
  db: Executor,
  username: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AdminUserRow | undefined> {
  const query = db
    .selectFrom('admin_users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase());
  return (opts.forUpdate ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** The account's row, locked as sign-in locks it (re-authentication, Unlock, Reset 2FA). */
export async function lockAdminById(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** Which of `username` and `email` another account (not `exceptId`) already holds. */
export async function findTaken(
  db: Executor,
  claim: { username?: string; email?: string },
  exceptId?: string,
): Promise<{ username: boolean; email: boolean }> {
  if (claim.username === undefined && claim.email === undefined) return { username: false, email: false };
  let query = db.selectFrom('admin_users').select(['username', 'email']);
  query = query.where((eb) =>
    eb.or([
      ...(claim.username === undefined
        ? []
        : [eb(sql<string>`lower(username)`, '=', claim.username.toLowerCase())]),
      ...(claim.email === undefined ? [] : [eb(sql<string>`lower(email)`, '=', claim.email.toLowerCase())]),
    ]),
  );
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username.toLowerCase() === claim.username?.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === claim.email?.toLowerCase()),
  };
}

export async function insertAdmin(db: Executor, values: NewAdminUser): Promise<AdminUserRow> {
  return db.insertInto('admin_users').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAdmin(
  db: Executor,
  id: string,
  values: Partial<{
    username: string;
    email: string;
    password_hash: string;
    role: AdminRole;
    is_active: boolean;
    failed_login_attempts: number;
    account_locked_until: Date | null;
    must_change_password: boolean;
  }>,
  now: Date,
): Promise<AdminUserRow | undefined> {
  return db
    .updateTable('admin_users')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAdmin(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('admin_users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The active admins, locked until the transaction ends: a demotion, deactivation or deletion that
 * could remove the last one is decided under this lock, so two admins demoting each other at once
 * cannot both succeed.
 */
export async function lockActiveAdmins(db: Executor): Promise<{ id: string }[]> {
  return db
    .selectFrom('admin_users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** No lock, or one that has run out by `now`: the condition a counted attempt re-checks. */
const notLockedAt = (now: Date) =>
  sql<boolean>`(account_locked_until is null or account_locked_until <= ${now})`;

/**
 * One more failed sign-in, in one statement. A lock that has run out starts the count again; the
 * `threshold`-th consecutive failure locks the account until `lockUntil`. Nothing is counted (and
 * undefined comes back) while the account is locked: the statement itself re-checks the lock, so
 * a failure evaluated against an older read of the row can never push the count past the lock.
 */
export async function recordLoginFailure(
  db: Executor,
  id: string,
  at: { now: Date; lockUntil: Date; threshold: number },
): Promise<{ failed_login_attempts: number; account_locked_until: Date | null } | undefined> {
  const expired = sql<boolean>`(account_locked_until is not null and account_locked_until <= ${at.now})`;
  const attempts = sql<number>`(case when ${expired} then 1 else failed_login_attempts + 1 end)`;
  return db
    .updateTable('admin_users')
    .set({
      failed_login_attempts: attempts,
      account_locked_until: sql<Date | null>`case when ${attempts} >= ${at.threshold} then ${at.lockUntil}::timestamptz
        when ${expired} then null else account_locked_until end`,
    })
    .where('id', '=', id)
    .where(notLockedAt(at.now))
    .returning(['failed_login_attempts', 'account_locked_until'])
    .executeTakeFirst();
}

/**
 * A completed sign-in: counters reset, last login recorded. Undefined when the account was
 * deactivated, deleted or locked in the meantime (the lock is re-checked here, in the statement).
 */
export async function recordLoginSuccess(
  db: Executor,
  id: string,
  now: Date,
): Promise<AdminUserRow | undefined> {
  return db
    .updateTable('admin_users')
    .set({ failed_login_attempts: 0, account_locked_until: null, last_login: now })
    .where('id', '=', id)
    .where('is_active', '=', true)
    .where(notLockedAt(now))
    .returningAll()
    .executeTakeFirst();
}

export const ADMIN_USER_SORT_SQL = {
  createdAt: 'created_at',
  username: 'lower(username)',
  email: 'lower(email)',
  lastLogin: 'last_login',
  role: 'role',
} as const;

export interface AdminUserListFilter {
  search?: string | undefined;
  role: 'all' | AdminRole;
  status: 'all' | 'active' | 'inactive';
  sort: keyof typeof ADMIN_USER_SORT_SQL;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

function filtered<O>(
  query: SelectQueryBuilder<AuthDatabase, 'admin_users', O>,
  f: AdminUserListFilter,
): SelectQueryBuilder<AuthDatabase, 'admin_users', O> {
  let q = query;
  if (f.search) {
    const pattern = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  if (f.role !== 'all') q = q.where('role', '=', f.role);
  if (f.status !== 'all') q = q.where('is_active', '=', f.status === 'active');
  return q;
}

export async function listAdmins(
  db: Executor,
  f: AdminUserListFilter,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  // The column comes from a fixed map (the schema whitelists the sort key), never from the request.
  const column = sql.raw(ADMIN_USER_SORT_SQL[f.sort]);
  const direction = sql.raw(f.order === 'asc' ? 'asc nulls last' : 'desc nulls last');
  const [rows, count] = await Promise.all([
    filtered(db.selectFrom('admin_users').selectAll(), f)
      .orderBy(sql`${column} ${direction}`)
      .orderBy('id', f.order)
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
    filtered(
      db.selectFrom('admin_users').select((eb) => eb.fn.countAll<number>().as('total')),
      f,
    ).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
