import { sql } from 'kysely';
import type { Executor, NewWaitlistEntry, WaitlistEntry, WaitlistEntryUpdate } from '../db/schema.js';

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

export async function hasVerifiedEntry(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_verified', '=', true)
    .executeTakeFirst();
  return row !== undefined;
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

export async function insertEntry(db: Executor, entry: NewWaitlistEntry): Promise<void> {
  await db.insertInto('waitlist_entries').values(entry).execute();
}

export async function updateEntry(db: Executor, id: string, changes: WaitlistEntryUpdate): Promise<void> {
  await db.updateTable('waitlist_entries').set(changes).where('id', '=', id).execute();
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
