/**
 * Two-factor authentication (TOTP, see totp.ts, and backup codes). The server generates the secret
 * at setup and keeps it sealed as pending; enabling checks the code against that pending secret, whatever
 * secret the client echoes, so a client cannot bind a secret of its own choosing. Enabling issues
 * the 10 backup codes, answered once. At sign-in a TOTP code is accepted once per time step, and a
 * backup code once ever.
 */
import QRCode from 'qrcode';
import {
  ADMIN_MESSAGES,
  SAFETY_MESSAGES,
  type Disable2faRequest,
  type Verify2faRequest,
} from '@tunnelscope/contracts';
import { BadRequestError, ConflictError, UnauthorizedError, type Clock } from '@tunnelscope/service-kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { AdminUserRow, AuthDb, Executor } from '../db/schema.js';
import { findAdminById, lockAdminById } from '../admin-users/admin-user-repository.js';
import { countFailure, isLocked } from '../login/lockout.js';
import { AUTH_MESSAGES } from '../messages.js';
import { deleteChallengesOf } from '../login/login-challenge-repository.js';
import type { CurrentPasswordCheck } from '../reauth/current-password.js';
import type { Actor } from '../sessions/actor.js';
import { deactivateSessionsOf } from '../sessions/session-repository.js';
import type { BackupCodes } from './backup-codes.js';
import { checkTotp, newTotpSecret, totpUri } from './totp.js';
import {
  acceptTotpStep,
  consumeBackupCode,
  disableTwoFactor,
  enableTwoFactor,
  replaceBackupCodes,
  storePendingSecret,
} from './two-factor-repository.js';

export type SignInCodeCheck =
  | { ok: true; method: 'totp' | 'backup_code' }
  | { ok: false; reason: 'invalid_code' | 'totp_replay' | 'secret_unreadable' };

export interface TwoFactorService {
  setup(actor: Actor): Promise<{ qrCode: string; secret: string; backupCodes: string[] }>;
  enable(actor: Actor, input: Verify2faRequest): Promise<{ backupCodes: string[] }>;
  /** Needs the current password (re-authentication); ends the account's other sessions. */
  disable(actor: Actor, input: Disable2faRequest): Promise<void>;
  /**
   * Step 2 of sign-in: a TOTP code of an unused step, or an unused backup code (then spent).
   * `trx` is the sign-in's transaction (it holds the account's row lock).
   */
  checkSignInCode(trx: Executor, user: AdminUserRow, code: string): Promise<SignInCodeCheck>;
  /** How many unused backup codes the caller has left (issue 16). */
  backupCodesStatus(actor: Actor): Promise<{ remaining: number; twoFactorEnabled: boolean }>;
  /**
   * Ten fresh backup codes replacing the old ones (issue 16), confirmed with the current
   * authenticator code: a wrong one counts toward the lockout (a stolen session cannot guess
   * codes faster than the sign-in form), a replayed one is refused. Answered once.
   */
  regenerateBackupCodes(actor: Actor, input: { totpCode: string }): Promise<{ backupCodes: string[] }>;
}

/** Sealed secrets are bound to their account, so one copied to another row does not open. */
export const secretContext = (adminId: string) => `admin:${adminId}`;

export function createTwoFactorService(deps: {
  db: AuthDb;
  clock: Clock;
  audit: AuditLog;
  secretBox: SecretBox;
  backupCodes: BackupCodes;
  issuer: string;
  currentPassword: CurrentPasswordCheck;
}): TwoFactorService {
  const { db, clock, audit, secretBox, backupCodes } = deps;

  async function currentRow(actor: Actor): Promise<AdminUserRow> {
    const row = await findAdminById(db, actor.adminId);
    // Deleted between the session check and here: as good as signed out.
    if (!row) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    return row;
  }

  return {
    async setup(actor) {
      const row = await currentRow(actor);
      if (row.two_factor_enabled) throw new ConflictError(AUTH_MESSAGES.twoFactorAlreadyEnabled);
      const secret = newTotpSecret();
      await db.transaction().execute(async (trx) => {
        await storePendingSecret(trx, row.id, secretBox.seal(secret, secretContext(row.id)), clock.now());
        await audit.recordIn(trx, actor, {
          action: 'two_factor_setup',
          resource: 'admin_user',
          resourceId: row.id,
        });
      });
      const qrCode = await QRCode.toDataURL(totpUri(deps.issuer, row.username, secret));
      return { qrCode, secret, backupCodes: [] };
    },

    async enable(actor, input) {
      // The echoed `secret` was validated (the spec's schema) but is never trusted.
      const row = await currentRow(actor);
      if (row.two_factor_enabled) throw new ConflictError(AUTH_MESSAGES.twoFactorAlreadyEnabled);
      const sealed = row.two_factor_pending_secret;
      const secret = sealed ? secretBox.open(sealed, secretContext(row.id)) : null;
      if (!sealed || !secret) throw new BadRequestError(AUTH_MESSAGES.twoFactorSetupMissing);
      const now = clock.now();
      const check = await checkTotp({ secret, code: input.totpCode, now, lastStep: null });
      if (check.kind !== 'valid') {
        await audit.record(actor, {
          action: 'two_factor_enabled',
          success: false,
          resource: 'admin_user',
          resourceId: row.id,
          details: { reason: 'invalid_code' },
        });
        throw new BadRequestError(ADMIN_MESSAGES.invalidCode);
      }
      const issued = backupCodes.issue(row.id);
      const enabled = await db.transaction().execute(async (trx) => {
        const updated = await enableTwoFactor(trx, row.id, {
          sealedPending: sealed,
          step: check.step,
          backupCodeHashes: issued.hashes,
          now,
        });
        if (updated) {
          // A 2FA change ends the account's other sessions: one opened without the second factor
          // (or by whoever set this up) does not outlive it.
          const sessionsEnded = await deactivateSessionsOf(trx, row.id, actor.sessionId);
          await audit.recordIn(trx, actor, {
            action: 'two_factor_enabled',
            resource: 'admin_user',
            resourceId: row.id,
            details: { backupCodes: issued.codes.length, sessionsEnded },
          });
        }
        return updated;
      });
      // Another setup replaced the pending secret meanwhile: this code was for the old one.
      if (!enabled) throw new BadRequestError(AUTH_MESSAGES.twoFactorSetupMissing);
      return { backupCodes: issued.codes };
    },

    async disable(actor, input) {
      await deps.currentPassword.confirm(actor, input.currentPassword, {
        action: 'two_factor_disabled',
        missingMessage: ADMIN_MESSAGES.currentPasswordConfirm,
      });
      const row = await currentRow(actor);
      await db.transaction().execute(async (trx) => {
        await disableTwoFactor(trx, row.id, clock.now());
        // A step 1 made before cannot finish, and the other sessions end (see enable).
        await deleteChallengesOf(trx, row.id);
        const sessionsEnded = await deactivateSessionsOf(trx, row.id, actor.sessionId);
        await audit.recordIn(trx, actor, {
          action: 'two_factor_disabled',
          resource: 'admin_user',
          resourceId: row.id,
          details: { wasEnabled: row.two_factor_enabled, sessionsEnded },
        });
      });
    },

    async backupCodesStatus(actor) {
      const row = await currentRow(actor);
      return { remaining: row.backup_codes.length, twoFactorEnabled: row.two_factor_enabled };
    },

    async regenerateBackupCodes(actor, input) {
      const now = clock.now();
      const issued = backupCodes.issue(actor.adminId);
      // Decided under the account's row lock and thrown after the commit: a failure's count and
      // audit row must commit.
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await lockAdminById(trx, actor.adminId);
        if (!row) return new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
        const refused = (details: Record<string, unknown>) =>
          audit.recordIn(trx, actor, {
            action: 'backup_codes_regenerated',
            success: false,
            resource: 'admin_user',
            resourceId: row.id,
            details,
          });
        if (isLocked(row, now)) {
          await refused({ reason: 'locked' });
          return new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);
        }
        const secret =
          row.two_factor_enabled && row.two_factor_secret
            ? secretBox.open(row.two_factor_secret, secretContext(row.id))
            : null;
        if (!secret) {
          await refused({ reason: row.two_factor_enabled ? 'secret_unreadable' : 'two_factor_off' });
          return new BadRequestError(SAFETY_MESSAGES.twoFactorNotEnabled);
        }
        const check = await checkTotp({
          secret,
          code: input.totpCode,
          now,
          lastStep: row.two_factor_last_step,
        });
        if (check.kind === 'replay') {
          await refused({ reason: 'totp_replay' });
          return new BadRequestError(ADMIN_MESSAGES.invalidCode);
        }
        if (check.kind !== 'valid') {
          const counted = await countFailure(trx, row.id, now);
          const sessionsEnded =
            counted.counted && counted.lockedUntil ? await deactivateSessionsOf(trx, row.id) : 0;
          await refused({
            reason: 'invalid_code',
            ...(counted.counted ? { failedAttempts: counted.failedAttempts } : {}),
            ...(counted.counted && counted.lockedUntil
              ? { lockedUntil: counted.lockedUntil.toISOString(), sessionsEnded }
              : {}),
          });
          // The failure that locks the account ends its sessions: answered like a locked sign-in.
          return counted.counted && !counted.lockedUntil
            ? new BadRequestError(ADMIN_MESSAGES.invalidCode)
            : new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);
        }
        if (!(await acceptTotpStep(trx, row.id, check.step))) {
          await refused({ reason: 'totp_replay' });
          return new BadRequestError(ADMIN_MESSAGES.invalidCode);
        }
        await replaceBackupCodes(trx, row.id, issued.hashes, now);
        await audit.recordIn(trx, actor, {
          action: 'backup_codes_regenerated',
          resource: 'admin_user',
          resourceId: row.id,
          details: { previousRemaining: row.backup_codes.length, issued: issued.codes.length },
        });
        return null;
      });
      if (outcome) throw outcome;
      return { backupCodes: issued.codes };
    },

    async checkSignInCode(trx, user, code) {
      const secret = user.two_factor_secret
        ? secretBox.open(user.two_factor_secret, secretContext(user.id))
        : null;
      if (secret) {
        const check = await checkTotp({
          secret,
          code,
          now: clock.now(),
          lastStep: user.two_factor_last_step,
        });
        // The conditional update settles a race between two sign-ins with the same code.
        if (check.kind === 'valid' && (await acceptTotpStep(trx, user.id, check.step))) {
          return { ok: true, method: 'totp' };
        }
        if (await consumeBackupCode(trx, user.id, backupCodes.hash(user.id, code))) {
          return { ok: true, method: 'backup_code' };
        }
        return { ok: false, reason: check.kind === 'invalid' ? 'invalid_code' : 'totp_replay' };
      }
      // A secret that does not open (key rotated without re-sealing): backup codes still work.
      if (await consumeBackupCode(trx, user.id, backupCodes.hash(user.id, code))) {
        return { ok: true, method: 'backup_code' };
      }
      return { ok: false, reason: 'secret_unreadable' };
    },
  };
}
