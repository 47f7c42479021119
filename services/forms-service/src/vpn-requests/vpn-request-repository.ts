import { sql } from 'kysely';
import type { Executor, NewVpnRequest, VpnRequestRow, VpnRequestUpdate } from '../db/schema.js';

export const REQUEST_NUMBER_KEY = 'vpn_requests_request_number_key';

/** The visitor's unverified request for the same VPN, which a resend reuses. */
export async function findUnverifiedRequest(
  db: Executor,
  email: string,
  vpnName: string,
): Promise<VpnRequestRow | undefined> {
  return db
    .selectFrom('vpn_requests')
    .selectAll()
    .where(sql`lower(user_email)`, '=', email.toLowerCase())
    .where(sql`lower(vpn_name)`, '=', vpnName.toLowerCase())
    .where('is_verified', '=', false)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The insert, not yet run (the code step runs it with the log rows). */
export function insertRequest(db: Executor, row: NewVpnRequest) {
  return db.insertInto('vpn_requests').values(row);
}

/** The update, not yet run (the code step runs it with the log rows). */
export function updateRequest(db: Executor, id: string, changes: VpnRequestUpdate) {
  return db.updateTable('vpn_requests').set(changes).where('id', '=', id);
}

export async function findRequestForUpdate(db: Executor, id: string): Promise<VpnRequestRow | undefined> {
  return db.selectFrom('vpn_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function requestNumberTaken(db: Executor, requestNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('vpn_requests')
    .select('id')
    .where('request_number', '=', requestNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** Verified with its number; the confirmation mail is still to be enqueued. */
export async function markRequestVerified(
  db: Executor,
  id: string,
  requestNumber: string,
  now: Date,
): Promise<VpnRequestRow> {
  return db
    .updateTable('vpn_requests')
    .set({
      is_verified: true,
      verified_at: now,
      request_number: requestNumber,
      followup_mail_pending: true,
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Verified rows whose confirmation never reached the queue, verified before `before`. */
export async function listPendingFollowups(
  db: Executor,
  before: Date,
  limit: number,
): Promise<VpnRequestRow[]> {
  return db
    .selectFrom('vpn_requests')
    .selectAll()
    .where('followup_mail_pending', '=', true)
    .where('verified_at', '<', before)
    .orderBy('verified_at')
    .limit(limit)
    .execute();
}
