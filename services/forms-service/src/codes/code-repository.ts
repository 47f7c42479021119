/** SQL on the code columns the three form tables share. */
import type { Executor } from '../db/schema.js';

export type CodeTable = 'waitlist_entries' | 'vpn_requests' | 'contact_forms';

/** A wrong, expired or exhausted try: count it, and forget the hash once the code is dead. */
export async function recordCodeFailure(
  db: Executor,
  table: CodeTable,
  id: string,
  change: { attempts: number; dead: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ otp_attempts: change.attempts, updated_at: now, ...(change.dead ? { otp_code_hash: null } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The follow-up mails are on the queue: the code has done its job. */
export async function settleFollowups(
  db: Executor,
  table: 'vpn_requests' | 'contact_forms',
  id: string,
  now: Date,
) {
  await db
    .updateTable(table)
    .set({ followup_mail_pending: false, otp_code_hash: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}
