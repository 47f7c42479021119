import { sql } from 'kysely';
import type { ContactFormRow, ContactFormUpdate, Executor, NewContactForm } from '../db/schema.js';

/** The visitor's latest unverified message, which a resend replaces. */
export async function findUnverifiedContact(
  db: Executor,
  email: string,
): Promise<ContactFormRow | undefined> {
  return db
    .selectFrom('contact_forms')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_verified', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The insert, not yet run (the code step runs it with the log rows). */
export function insertContact(db: Executor, row: NewContactForm) {
  return db.insertInto('contact_forms').values(row);
}

/** The update, not yet run (the code step runs it with the log rows). */
export function updateContact(db: Executor, id: string, changes: ContactFormUpdate) {
  return db.updateTable('contact_forms').set(changes).where('id', '=', id);
}

export async function findContactForUpdate(db: Executor, id: string): Promise<ContactFormRow | undefined> {
  return db.selectFrom('contact_forms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markContactVerified(db: Executor, id: string, now: Date): Promise<ContactFormRow> {
  return db
    .updateTable('contact_forms')
    .set({ is_verified: true, verified_at: now, followup_mail_pending: true, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPendingContactFollowups(
  db: Executor,
  before: Date,
  limit: number,
): Promise<ContactFormRow[]> {
  return db
    .selectFrom('contact_forms')
    .selectAll()
    .where('followup_mail_pending', '=', true)
    .where('verified_at', '<', before)
    .orderBy('verified_at')
    .limit(limit)
    .execute();
}
