/**
 * Re-authentication for sensitive changes (issue 13, item 4): turning 2FA off, an operator's own
 * password or e-mail. The current password is checked the way sign-in checks one: under the
 * account's row lock, a wrong one counted toward the same lockout (login/lockout.ts), so a stolen
 * session cannot guess the password any faster than a stranger at the sign-in form. The lock it
 * causes ends every session of the account, the one in use included.
 */
import { ADMIN_MESSAGES, INVALID_CURRENT_PASSWORD_ERROR } from '@tunnelscope/contracts';
import { AppError, UnauthorizedError, ValidationError, type Clock } from '@tunnelscope/service-kit';
import { lockAdminById } from '../admin-users/admin-user-repository.js';
import type { AuditAction, AuditLog } from '../audit/audit-log.js';
import type { AuthDb } from '../db/schema.js';
import { countFailure, isLocked } from '../login/lockout.js';
import { NO_LOGIN_METRICS, type LoginMetrics } from '../login/login-metrics.js';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import type { Actor } from '../sessions/actor.js';
import { deactivateSessionsOf } from '../sessions/session-repository.js';

/**
 * 403, not 401: the panel reads 401 as "your session is over", and a typo in the current password
 * must leave the operator where they are.
 */
export class InvalidCurrentPasswordError extends AppError {
  constructor() {
    super(403, INVALID_CURRENT_PASSWORD_ERROR, ADMIN_MESSAGES.currentPasswordWrong);
  }
}

/** The 400 of a missing current password, in the validation shape (the field named). */
export function currentPasswordMissing(message: string): ValidationError {
  return new ValidationError(message, [{ path: 'currentPassword', message }]);
}

export interface CurrentPasswordCheck {
  /**
   * Passes when `password` is the actor's current one. Otherwise throws: 400 when it is missing,
   * 403 `invalid_current_password` when wrong (counted and logged as a failed `action`), 401 when
   * the account is locked, or became locked by this failure (then all its sessions are ended).
   */
  confirm(
    actor: Actor,
    password: string | undefined,
    refusal: { action: AuditAction; missingMessage: string },
  ): Promise<void>;
}

export function createCurrentPasswordCheck(deps: {
  db: AuthDb;
  clock: Clock;
  audit: AuditLog;
  hasher: PasswordHasher;
  /** Lockouts counted for Prometheus (none by default). */
  metrics?: LoginMetrics;
}): CurrentPasswordCheck {
  const { db, clock, audit } = deps;
  const metrics = deps.metrics ?? NO_LOGIN_METRICS;
  return {
    async confirm(actor, password, refusal) {
      if (!password) throw currentPasswordMissing(refusal.missingMessage);
      // The refusal is decided inside the transaction and thrown after it: its count, audit row
      // and ended sessions must commit.
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await lockAdminById(trx, actor.adminId);
        if (!row) return new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
        const now = clock.now();
        const refused = (details: Record<string, unknown>) =>
          audit.recordIn(trx, actor, {
            action: refusal.action,
            success: false,
            resource: 'admin_user',
            resourceId: row.id,
            details,
          });
        // Locked (by sign-in failures or earlier re-authentications): nothing is evaluated.
        if (isLocked(row, now)) {
          await refused({ reason: 'locked', lockedUntil: row.account_locked_until!.toISOString() });
          return new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);
        }
        if (await deps.hasher.verify(row.password_hash, password)) return null;
        const counted = await countFailure(trx, row.id, now);
        if (!counted.counted) {
          await refused({ reason: 'locked' });
          return new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);
        }
        if (counted.lockedUntil) metrics.lockout();
        const sessionsEnded = counted.lockedUntil ? await deactivateSessionsOf(trx, row.id) : 0;
        await refused({
          reason: 'wrong_current_password',
          failedAttempts: counted.failedAttempts,
          ...(counted.lockedUntil ? { lockedUntil: counted.lockedUntil.toISOString(), sessionsEnded } : {}),
        });
        // Locked now: answered like a locked sign-in; the panel returns to the sign-in screen.
        return counted.lockedUntil
          ? new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials)
          : new InvalidCurrentPasswordError();
      });
      if (outcome) throw outcome;
    },
  };
}
