/**
 * The operator's own account (`GET /auth/me`, `POST /auth/update-profile`). Any role may change its
 * own username, e-mail and password; a password or e-mail change needs the current password
 * (re-authentication: reauth/current-password.ts, wrong ones count toward the lockout), and a
 * password change ends the operator's other sessions, keeping the one in use (whoever knew the old
 * password is signed out).
 */
import {
  ADMIN_MESSAGES,
  SAFETY_MESSAGES,
  type AdminUser,
  type ChangePasswordRequest,
  type updateProfileRequestSchema,
} from '@tunnelscope/contracts';
import type { z } from 'zod';
import { UnauthorizedError, ValidationError, type Clock } from '@tunnelscope/service-kit';
import { refuseTaken, uniqueConflict } from '../admin-users/admin-user-service.js';
import { findAdminById, updateAdmin } from '../admin-users/admin-user-repository.js';
import { toAdminUser } from '../admin-users/admin-user-view.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { AdminUserRow, AuthDb } from '../db/schema.js';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import type { CurrentPasswordCheck } from '../reauth/current-password.js';
import type { Actor } from '../sessions/actor.js';
import { deactivateSessionsOf } from '../sessions/session-repository.js';

export type UpdateProfileInput = z.output<typeof updateProfileRequestSchema>;

export interface ProfileService {
  me(actor: Actor): Promise<AdminUser>;
  update(actor: Actor, input: UpdateProfileInput): Promise<AdminUser>;
  /**
   * `POST /auth/change-password` (issue 16): the current password (re-authentication), a new one
   * that differs from it; clears `must_change_password` and ends the other sessions.
   */
  changePassword(actor: Actor, input: ChangePasswordRequest): Promise<AdminUser>;
}

export function createProfileService(deps: {
  db: AuthDb;
  clock: Clock;
  audit: AuditLog;
  hasher: PasswordHasher;
  currentPassword: CurrentPasswordCheck;
}): ProfileService {
  const { db, clock, audit } = deps;

  async function ownRow(actor: Actor): Promise<AdminUserRow> {
    const row = await findAdminById(db, actor.adminId);
    if (!row) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    return row;
  }

  return {
    async me(actor) {
      return toAdminUser(await ownRow(actor), clock.now());
    },

    async changePassword(actor, input) {
      await deps.currentPassword.confirm(actor, input.currentPassword, {
        action: 'password_changed',
        missingMessage: ADMIN_MESSAGES.currentPasswordRequired,
      });
      const row = await ownRow(actor);
      // The one they were given must not simply be typed again.
      if (await deps.hasher.verify(row.password_hash, input.newPassword)) {
        throw new ValidationError(SAFETY_MESSAGES.samePassword, [
          { path: 'newPassword', message: SAFETY_MESSAGES.samePassword },
        ]);
      }
      const passwordHash = await deps.hasher.hash(input.newPassword);
      const updated = await db.transaction().execute(async (trx) => {
        const after = await updateAdmin(
          trx,
          row.id,
          { password_hash: passwordHash, must_change_password: false },
          clock.now(),
        );
        if (!after) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
        // Whoever knew the old password (the admin who set it, a mailbox reader) is signed out.
        const sessionsEnded = await deactivateSessionsOf(trx, row.id, actor.sessionId);
        await audit.recordIn(trx, actor, {
          action: 'password_changed',
          resource: 'admin_user',
          resourceId: row.id,
          details: { wasRequired: row.must_change_password, sessionsEnded },
        });
        return after;
      });
      return toAdminUser(updated, clock.now());
    },

    async update(actor, input) {
      const row = await ownRow(actor);
      const username =
        input.username !== undefined && input.username !== row.username ? input.username : undefined;
      const email = input.email !== undefined && input.email !== row.email ? input.email : undefined;
      const newPassword = input.newPassword;
      if (username === undefined && email === undefined && newPassword === undefined) {
        throw new ValidationError(ADMIN_MESSAGES.noChanges);
      }
      // A new password or e-mail re-authenticates; checked whenever given all the same.
      if (newPassword !== undefined || email !== undefined || input.currentPassword) {
        await deps.currentPassword.confirm(actor, input.currentPassword, {
          action: 'profile_updated',
          missingMessage:
            newPassword !== undefined
              ? ADMIN_MESSAGES.currentPasswordRequired
              : ADMIN_MESSAGES.currentPasswordConfirm,
        });
      }
      await refuseTaken(db, { username, email }, row.id);
      const passwordHash = newPassword === undefined ? undefined : await deps.hasher.hash(newPassword);
      const changed = [
        ...(username === undefined ? [] : ['username']),
        ...(email === undefined ? [] : ['email']),
        ...(passwordHash === undefined ? [] : ['password']),
      ];
      try {
        const updated = await db.transaction().execute(async (trx) => {
          const after = await updateAdmin(
            trx,
            row.id,
            {
              ...(username === undefined ? {} : { username }),
              ...(email === undefined ? {} : { email }),
              ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
            },
            clock.now(),
          );
          if (!after) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
          const sessionsEnded =
            passwordHash === undefined ? 0 : await deactivateSessionsOf(trx, row.id, actor.sessionId);
          await audit.recordIn(trx, actor, {
            action: 'profile_updated',
            resource: 'admin_user',
            resourceId: row.id,
            details: {
              changed,
              ...(username === undefined ? {} : { username: { from: row.username, to: username } }),
              ...(email === undefined ? {} : { email: { from: row.email, to: email } }),
              sessionsEnded,
            },
          });
          return after;
        });
        return toAdminUser(updated, clock.now());
      } catch (err) {
        throw uniqueConflict(err);
      }
    },
  };
}
