/**
 * Admin accounts (the panel's Admin users tab): any operator may list them, only an admin may
 * change them. Nobody deletes, demotes or deactivates themselves, and the last active admin stays: decisions
 * that could remove an active admin are taken while the active admins' rows are locked, so two
 * admins demoting each other at once cannot both win. Deactivation and a password set by an admin
 * end that account's sessions; a reset mails the generated password after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  CSV_EXPORT_LIMIT,
  type AdminUser,
  type Pagination,
  type adminUserListQuerySchema,
  type createAdminUserRequestSchema,
  type updateAdminUserRequestSchema,
} from '@tunnelscope/contracts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  isUniqueViolation,
  type Clock,
} from '@tunnelscope/service-kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { MailOutbox } from '../mail-outbox/mail-outbox.js';
import { EMAIL_CONSTRAINTS, USERNAME_CONSTRAINTS } from '../db/errors.js';
import type { AdminUserRow, AuthDb, Executor } from '../db/schema.js';
import { generatePassword } from '../passwords/password-generator.js';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import type { CurrentPasswordCheck } from '../reauth/current-password.js';
import { refuseUnlessAdmin, type Actor } from '../sessions/actor.js';
import { deactivateSessionsOf, endSessionsOf } from '../sessions/session-repository.js';
import { isLocked } from '../login/lockout.js';
import { deleteChallengesOf } from '../login/login-challenge-repository.js';
import { disableTwoFactor } from '../two-factor/two-factor-repository.js';
import {
  deleteAdmin,
  findAdminById,
  findTaken,
  insertAdmin,
  listAdmins,
  lockActiveAdmins,
  lockAdminById,
  updateAdmin,
} from './admin-user-repository.js';
import { toAdminUser } from './admin-user-view.js';

export interface AdminUserList {
  entries: AdminUser[];
  pagination: Pagination;
}

export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;
export type CreateAdminUserInput = z.output<typeof createAdminUserRequestSchema>;
export type UpdateAdminUserInput = z.output<typeof updateAdminUserRequestSchema>;

/** The account writes: only the admin role may make them. */
export type AdminUserOperation =
  'create' | 'update' | 'delete' | 'reset_password' | 'unlock' | 'reset_2fa' | 'end_sessions';

export interface AdminUserService {
  /**
   * Refuses (403, logged as `permission_denied`) an operator who may not make this write. The
   * routes call it before the body is validated, so a refused caller is refused whatever they sent.
   */
  authorize(actor: Actor, operation: AdminUserOperation, targetId?: string): Promise<void>;
  list(actor: Actor, query: AdminUserListQuery): Promise<AdminUserList>;
  create(actor: Actor, input: CreateAdminUserInput): Promise<AdminUser>;
  update(actor: Actor, id: string, input: UpdateAdminUserInput): Promise<AdminUser>;
  remove(actor: Actor, id: string): Promise<void>;
  resetPassword(actor: Actor, id: string): Promise<void>;
  /** Lifts a sign-in lockout (and its count), audited as `admin_user_unlock`. */
  unlock(actor: Actor, id: string): Promise<AdminUser>;
  /**
   * Turns off 2FA of an operator who lost the device, ends their sessions (the caller's own one
   * kept if it is theirs) and any pending sign-in step, audited as `admin_user_reset_2fa`.
   */
  resetTwoFactor(actor: Actor, id: string): Promise<AdminUser>;
  /**
   * "End all sessions" (issue 16): every session of that operator, audited as `sessions_ended`;
   * when the target is the caller, the session in use is kept (as Reset 2FA does). Answers how
   * many ended.
   */
  endSessions(actor: Actor, id: string): Promise<number>;
}

const RESOURCE = 'admin_user';

/** The 409 for a username or e-mail another account holds (username first, as the form lists it). */
export async function refuseTaken(
  db: Executor,
  claim: { username?: string | undefined; email?: string | undefined },
  exceptId?: string,
): Promise<void> {
  const taken = await findTaken(
    db,
    {
      ...(claim.username === undefined ? {} : { username: claim.username }),
      ...(claim.email === undefined ? {} : { email: claim.email }),
    },
    exceptId,
  );
  if (taken.username) throw new ConflictError(ADMIN_MESSAGES.usernameTaken);
  if (taken.email) throw new ConflictError(ADMIN_MESSAGES.emailTaken);
}

/** The same 409 when a concurrent write won the race to the unique index. */
export function uniqueConflict(err: unknown): unknown {
  if (isUniqueViolation(err, ...USERNAME_CONSTRAINTS)) return new ConflictError(ADMIN_MESSAGES.usernameTaken);
  if (isUniqueViolation(err, ...EMAIL_CONSTRAINTS)) return new ConflictError(ADMIN_MESSAGES.emailTaken);
  return err;
}

/**
 * Locks the active admins (always the first lock of its transaction, taken in id order, so two
 * such transactions queue instead of deadlocking) and checks the actor is still one of them: their
 * own role may have been taken away a moment ago.
 */
async function lockAdminsAsAdmin(trx: Executor, actor: Actor): Promise<{ id: string }[]> {
  const active = await lockActiveAdmins(trx);
  if (!active.some((a) => a.id === actor.adminId)) throw new ForbiddenError(ADMIN_MESSAGES.viewOnly);
  return active;
}

/** Refuses to remove, demote or deactivate the last active admin (409; audited by the caller). */
function refuseLastAdmin(active: { id: string }[], target: AdminUserRow): void {
  if (active.some((a) => a.id === target.id) && active.length <= 1) {
    throw new ConflictError(ADMIN_MESSAGES.lastAdmin);
  }
}

export function createAdminUserService(deps: {
  db: AuthDb;
  clock: Clock;
  audit: AuditLog;
  hasher: PasswordHasher;
  mailOutbox: MailOutbox;
  currentPassword: CurrentPasswordCheck;
}): AdminUserService {
  const { db, clock, audit } = deps;

  const refuseSelf = async (actor: Actor, operation: string, targetUserId: string): Promise<never> => {
    await audit.record(actor, {
      action: 'permission_denied',
      success: false,
      resource: RESOURCE,
      resourceId: targetUserId,
      details: { operation, reason: 'self' },
    });
    throw new ForbiddenError(ADMIN_MESSAGES.cannotChangeSelf);
  };

  /** The last-admin 409 is a refusal like the others: written on its own, after the rollback. */
  const auditLastAdmin = async (actor: Actor, operation: string, targetUserId: string, err: unknown) => {
    if (!(err instanceof ConflictError) || err.message !== ADMIN_MESSAGES.lastAdmin) return;
    await audit.record(actor, {
      action: 'permission_denied',
      success: false,
      resource: RESOURCE,
      resourceId: targetUserId,
      details: { operation, reason: 'last_admin' },
    });
  };

  return {
    async authorize(actor, operation, targetId) {
      await refuseUnlessAdmin(audit, actor, {
        operation,
        resource: RESOURCE,
        ...(targetId === undefined ? {} : { resourceId: targetId }),
      });
    },

    async list(actor, q) {
      const isExport = q.limit === CSV_EXPORT_LIMIT;
      const now = clock.now();
      const { rows, total } = await listAdmins(db, {
        // No stored name or address holds a NUL, and Postgres refuses one in a parameter.
        search: q.search?.replaceAll('\u0000', '') || undefined,
        role: q.role,
        status: q.status,
        sort: q.sort,
        order: q.order,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      if (isExport) {
        await audit.record(actor, {
          action: 'admin_users_export',
          resource: RESOURCE,
          details: {
            rows: rows.length,
            search: q.search ?? null,
            role: q.role,
            status: q.status,
            sort: q.sort,
            order: q.order,
          },
        });
      }
      return {
        entries: rows.map((r) => toAdminUser(r, now)),
        pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
      };
    },

    async create(actor, input) {
      await refuseTaken(db, input);
      const passwordHash = await deps.hasher.hash(input.password);
      const now = clock.now();
      try {
        const row = await db.transaction().execute(async (trx) => {
          const created = await insertAdmin(trx, {
            username: input.username,
            email: input.email,
            password_hash: passwordHash,
            role: input.role,
            // Issue 16: the admin who typed it knows it; its owner replaces it at first sign-in.
            must_change_password: true,
            created_at: now,
            updated_at: now,
          });
          await audit.recordIn(trx, actor, {
            action: 'admin_user_created',
            resource: RESOURCE,
            resourceId: created.id,
            details: { username: created.username, email: created.email, role: created.role },
          });
          return created;
        });
        return toAdminUser(row, clock.now());
      } catch (err) {
        throw uniqueConflict(err);
      }
    },

    async update(actor, id, rawInput) {
      // The current password is the caller's proof, not a change.
      const { currentPassword, ...input } = rawInput;
      if (Object.values(input).every((v) => v === undefined))
        throw new ValidationError(ADMIN_MESSAGES.noChanges);
      const removesAdmin = input.role === 'view_only' || input.isActive === false;
      if (id === actor.adminId && removesAdmin) await refuseSelf(actor, 'update', id);
      // The caller's own password or e-mail: re-authenticate, as on the profile page. Another
      // operator's password is an admin's reset and needs no proof of theirs.
      if (id === actor.adminId && (input.password !== undefined || input.email !== undefined)) {
        const own = await findAdminById(db, id);
        const emailChanges = input.email !== undefined && input.email !== own?.email;
        if (input.password !== undefined || emailChanges) {
          await deps.currentPassword.confirm(actor, currentPassword, {
            action: 'admin_user_updated',
            missingMessage:
              input.password !== undefined
                ? ADMIN_MESSAGES.currentPasswordRequired
                : ADMIN_MESSAGES.currentPasswordConfirm,
          });
        }
      }
      await refuseTaken(db, input, id);
      const passwordHash = input.password === undefined ? undefined : await deps.hasher.hash(input.password);
      const now = clock.now();

      try {
        const row = await db.transaction().execute(async (trx) => {
          const active = removesAdmin ? await lockAdminsAsAdmin(trx, actor) : null;
          const before = await findAdminById(trx, id);
          if (!before) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
          if (active) refuseLastAdmin(active, before);
          const after = await updateAdmin(
            trx,
            id,
            {
              ...(input.username === undefined ? {} : { username: input.username }),
              ...(input.email === undefined ? {} : { email: input.email }),
              ...(input.role === undefined ? {} : { role: input.role }),
              ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
              // A password set by an admin also lifts a lockout.
              ...(passwordHash === undefined
                ? {}
                : { password_hash: passwordHash, failed_login_attempts: 0, account_locked_until: null }),
            },
            now,
          );
          if (!after) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
          const deactivated = before.is_active && !after.is_active;
          // Deactivation ends every session; an admin-set password too, but the caller's own one
          // when they set their own password here.
          const sessionsEnded =
            deactivated || passwordHash !== undefined
              ? await deactivateSessionsOf(trx, id, id === actor.adminId ? actor.sessionId : undefined)
              : 0;
          await audit.recordIn(trx, actor, {
            action: 'admin_user_updated',
            resource: RESOURCE,
            resourceId: id,
            details: {
              changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
              ...(input.username === undefined
                ? {}
                : { username: { from: before.username, to: after.username } }),
              ...(input.email === undefined ? {} : { email: { from: before.email, to: after.email } }),
              ...(input.role === undefined ? {} : { role: { from: before.role, to: after.role } }),
              ...(input.isActive === undefined
                ? {}
                : { isActive: { from: before.is_active, to: after.is_active } }),
              sessionsEnded,
            },
          });
          return after;
        });
        return toAdminUser(row, clock.now());
      } catch (err) {
        await auditLastAdmin(actor, 'update', id, err);
        throw uniqueConflict(err);
      }
    },

    async remove(actor, id) {
      if (id === actor.adminId) await refuseSelf(actor, 'delete', id);
      await db
        .transaction()
        .execute(async (trx) => {
          const active = await lockAdminsAsAdmin(trx, actor);
          const target = await findAdminById(trx, id);
          if (!target) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
          refuseLastAdmin(active, target);
          // The audit row first: it keeps its resource id, and admin_id/session_id of the deleted
          // account's own rows become null by the foreign keys.
          await audit.recordIn(trx, actor, {
            action: 'admin_user_deleted',
            resource: RESOURCE,
            resourceId: id,
            details: { username: target.username, email: target.email, role: target.role },
          });
          if (!(await deleteAdmin(trx, id))) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        })
        .catch(async (err: unknown) => {
          await auditLastAdmin(actor, 'delete', id, err);
          throw err;
        });
    },

    async resetPassword(actor, id) {
      const target = await findAdminById(db, id);
      if (!target) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
      const password = generatePassword();
      const passwordHash = await deps.hasher.hash(password);
      const now = clock.now();
      // The new password exists only in its mail: the change, the ended sessions and the mail
      // (an outbox row) commit as one (issue 13, item 14).
      const outboxId = await db.transaction().execute(async (trx) => {
        const updated = await updateAdmin(
          trx,
          id,
          {
            password_hash: passwordHash,
            failed_login_attempts: 0,
            account_locked_until: null,
            // Issue 16: a mailed password is replaced at the next sign-in.
            must_change_password: true,
          },
          now,
        );
        if (!updated) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        const sessionsEnded = await deactivateSessionsOf(trx, id);
        const mailId = await deps.mailOutbox.add(
          trx,
          { type: 'admin-password-reset', to: updated.email, username: updated.username, password },
          `admin-password-reset-${id}-${randomUUID()}`,
        );
        await audit.recordIn(trx, actor, {
          action: 'admin_password_reset',
          resource: RESOURCE,
          resourceId: id,
          details: { username: updated.username, sessionsEnded },
        });
        return mailId;
      });
      // First try now; with the queue down the periodic relay (server.ts) retries until it is back.
      await deps.mailOutbox.relay({ ids: [outboxId] });
    },

    async unlock(actor, id) {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        // Under the row lock, so a sign-in attempt in flight is counted before or after, not lost.
        const before = await lockAdminById(trx, id);
        if (!before) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        const after = await updateAdmin(
          trx,
          id,
          { failed_login_attempts: 0, account_locked_until: null },
          now,
        );
        if (!after) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        await audit.recordIn(trx, actor, {
          action: 'admin_user_unlock',
          resource: RESOURCE,
          resourceId: id,
          details: {
            username: before.username,
            wasLocked: isLocked(before, now),
            failedAttempts: before.failed_login_attempts,
            lockedUntil: before.account_locked_until?.toISOString() ?? null,
          },
        });
        return after;
      });
      return toAdminUser(row, now);
    },

    async resetTwoFactor(actor, id) {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const before = await lockAdminById(trx, id);
        if (!before) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        const after = await disableTwoFactor(trx, id, now);
        if (!after) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
        // Whoever holds the lost device must not finish a step 1 made before, nor keep a session.
        await deleteChallengesOf(trx, id);
        const sessionsEnded = await deactivateSessionsOf(
          trx,
          id,
          id === actor.adminId ? actor.sessionId : undefined,
        );
        await audit.recordIn(trx, actor, {
          action: 'admin_user_reset_2fa',
          resource: RESOURCE,
          resourceId: id,
          details: { username: before.username, wasEnabled: before.two_factor_enabled, sessionsEnded },
        });
        return after;
      });
      return toAdminUser(row, now);
    },

    async endSessions(actor, id) {
      const target = await findAdminById(db, id);
      if (!target) throw new NotFoundError(ADMIN_MESSAGES.adminUserNotFound);
      const own = id === actor.adminId;
      return db.transaction().execute(async (trx) => {
        const ended = await endSessionsOf(trx, id, own ? actor.sessionId : undefined);
        await audit.recordIn(trx, actor, {
          action: 'sessions_ended',
          resource: RESOURCE,
          resourceId: id,
          details: {
            username: target.username,
            scope: own ? 'own_others' : 'user',
            count: ended.length,
            sessionIds: ended,
          },
        });
        return ended.length;
      });
    },
  };
}
