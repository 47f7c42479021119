/** SQL of the two-factor columns of admin_users. Each check-and-use is one conditional UPDATE. */
import { sql } from 'kysely';
import type { AdminUserRow, Executor } from '../db/schema.js';

export async function storePendingSecret(db: Executor, id: string, sealed: string, now: Date): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ two_factor_pending_secret: sealed, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Turns the pending secret into the active one, only if it is still the one that was checked
 * (a setup started again in between wins), recording the accepted step and the backup codes.
 */
export async function enableTwoFactor(
  db: Executor,
  id: string,
  change: { sealedPending: string; step: number; backupCodeHashes: string[]; now: Date },
): Promise<AdminUserRow | undefined> {
  return db
    .updateTable('admin_users')
    .set({
      two_factor_enabled: true,
      two_factor_secret: change.sealedPending,
      two_factor_pending_secret: null,
      two_factor_last_step: change.step,
      backup_codes: change.backupCodeHashes,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('two_factor_pending_secret', '=', change.sealedPending)
    .returningAll()
    .executeTakeFirst();
}

export async function disableTwoFactor(
  db: Executor,
  id: string,
  now: Date,
): Promise<AdminUserRow | undefined> {
  return db
    .updateTable('admin_users')
    .set({
      two_factor_enabled: false,
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_last_step: null,
      backup_codes: [],
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Records `step` as used; false when it (or a later one) already was, e.g. by a concurrent sign-in. */
export async function acceptTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('admin_users')
    .set({ two_factor_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a backup code if the account still holds it: it can be used once only. */
export async function consumeBackupCode(db: Executor, id: string, hash: string): Promise<boolean> {
  const row = await db
    .updateTable('admin_users')
    .set({ backup_codes: sql<string[]>`array_remove(backup_codes, ${hash})` })
    .where('id', '=', id)
    .where(sql<boolean>`${hash} = any(backup_codes)`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's backup codes, all replaced by fresh ones (issue 16: regenerate). */
export async function replaceBackupCodes(
  db: Executor,
  id: string,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ backup_codes: hashes, updated_at: now })
    .where('id', '=', id)
    .execute();
}
