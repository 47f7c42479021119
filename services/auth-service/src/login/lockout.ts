/**
 * The per-account lockout, shared by sign-in (wrong passwords and codes) and re-authentication
 * (wrong current passwords): 5 consecutive failures lock the account for 15 minutes. Callers hold
 * the account's row lock (their transaction's `SELECT … FOR UPDATE`), and the counting statement
 * re-checks the lock itself, so a burst of attempts can never count past it.
 */
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '@tunnelscope/contracts';
import { recordLoginFailure } from '../admin-users/admin-user-repository.js';
import type { AdminUserRow, Executor } from '../db/schema.js';

export const LOCKOUT_MS = LOCKOUT_MINUTES * 60_000;

export function isLocked(row: Pick<AdminUserRow, 'account_locked_until'>, now: Date): boolean {
  return !!row.account_locked_until && row.account_locked_until > now;
}

export type CountedFailure =
  /** Counted; `lockedUntil` is set when this failure locked the account. */
  | { counted: true; failedAttempts: number; lockedUntil: Date | null }
  /** The account was already locked: nothing counted. */
  | { counted: false };

export async function countFailure(trx: Executor, adminId: string, now: Date): Promise<CountedFailure> {
  const after = await recordLoginFailure(trx, adminId, {
    now,
    lockUntil: new Date(now.getTime() + LOCKOUT_MS),
    threshold: LOCKOUT_THRESHOLD,
  });
  if (!after) return { counted: false };
  return {
    counted: true,
    failedAttempts: after.failed_login_attempts,
    lockedUntil: isLocked(after, now) ? after.account_locked_until : null,
  };
}
