/**
 * Login challenges in admin_otp_codes (purpose `login_2fa`): the hash of the token a correct step 1
 * puts in the challenge cookie. Step 2 spends it in one conditional UPDATE, so it works once; an
 * account has at most one (issuing one deletes the others).
 */
import type { Executor } from '../db/schema.js';

export const LOGIN_CHALLENGE_PURPOSE = 'login_2fa';

export async function insertChallenge(
  db: Executor,
  row: { adminId: string; hash: string; ip: string; now: Date; expiresAt: Date },
): Promise<void> {
  // At most one live challenge per account: a new one ends every earlier one, so challenges
  // stockpiled by repeating step 1 cannot buy more code guesses than the lockout allows.
  await db
    .deleteFrom('admin_otp_codes')
    .where('admin_id', '=', row.adminId)
    .where('purpose', '=', LOGIN_CHALLENGE_PURPOSE)
    .execute();
  await db
    .insertInto('admin_otp_codes')
    .values({
      admin_id: row.adminId,
      code: row.hash,
      purpose: LOGIN_CHALLENGE_PURPOSE,
      expires_at: row.expiresAt,
      ip_address: row.ip.slice(0, 45),
      created_at: row.now,
    })
    .execute();
}

/** Ends the account's challenge (2FA reset or disabled: a step 1 made before cannot finish). */
export async function deleteChallengesOf(db: Executor, adminId: string): Promise<void> {
  await db
    .deleteFrom('admin_otp_codes')
    .where('admin_id', '=', adminId)
    .where('purpose', '=', LOGIN_CHALLENGE_PURPOSE)
    .execute();
}

/** Spends the live challenge of `hash`; returns the account it was issued to, or undefined. */
export async function consumeChallenge(db: Executor, hash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('admin_otp_codes')
    .set({ is_used: true })
    .where('code', '=', hash)
    .where('purpose', '=', LOGIN_CHALLENGE_PURPOSE)
    .where('is_used', '=', false)
    .where('expires_at', '>', now)
    .returning('admin_id')
    .executeTakeFirst();
  return row?.admin_id;
}
