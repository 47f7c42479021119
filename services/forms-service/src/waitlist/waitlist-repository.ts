import { expressionBuilder, sql, type AliasableExpression, type SqlBool } from 'kysely';
import type {
  Executor,
  FormsDatabase,
  NewWaitlistEntry,
  WaitlistEntry,
  WaitlistEntryUpdate,
} from '../db/schema.js';

/** The partial unique index that allows one verified entry per address. */
export const VERIFIED_EMAIL_INDEX = 'waitlist_entries_verified_email_key';

export async function findEmailStatus(
  db: Executor,
  email: string,
): Promise<{ exists: boolean; isVerified: boolean }> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('entries'),
      sql<boolean | null>`bool_or(is_verified)`.as('verified'),
    ])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { exists: Number(row.entries) > 0, isVerified: row.verified === true };
}

/** True when the address has a verified entry: an EXISTS, to ask inside a larger query. */
export function verifiedEntryExists(email: string): AliasableExpression<SqlBool> {
  const eb = expressionBuilder<FormsDatabase>();
  return eb.exists(
    eb
      .selectFrom('waitlist_entries')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('is_verified', '=', true),
  );
}

/** The visitor's latest unverified entry, which a resend reuses. */
export async function findUnverifiedEntry(db: Executor, email: string): Promise<WaitlistEntry | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_verified', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The insert, not yet run (the code step runs it with the log rows). */
export function insertEntry(db: Executor, entry: NewWaitlistEntry) {
  return db.insertInto('waitlist_entries').values(entry);
}

/** The update, not yet run (the code step runs it with the log rows). */
export function updateEntry(db: Executor, id: string, changes: WaitlistEntryUpdate) {
  return db.updateTable('waitlist_entries').set(changes).where('id', '=', id);
}

export async function findEntryForUpdate(db: Executor, id: string): Promise<WaitlistEntry | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markEntryVerified(db: Executor, id: string, now: Date): Promise<WaitlistEntry> {
  return db
    .updateTable('waitlist_entries')
    .set({ is_verified: true, verified_at: now, otp_code_hash: null, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
