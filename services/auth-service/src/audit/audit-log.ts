/**
 * `admin_logs`: every admin action and every refusal of one is recorded. A change and its
 * audit row commit together (`recordIn`, inside the change's transaction); refusals and reads are
 * written on their own (`record`), and a failed write there is logged but never changes the answer.
 * Details never hold secrets: no passwords, codes, tokens or TOTP secrets.
 */
import {
  adminLogRow,
  type AdminAuditEvent,
  type AdminAuditSubject,
  type Clock,
} from '@tunnelscope/service-kit';
import type { AuthDb, Executor } from '../db/schema.js';
import { insertAdminLog } from './audit-repository.js';

export const AUDIT_ACTIONS = [
  'login_success',
  'login_failed',
  /** Step 1 of a 2FA sign-in passed: the right password, answered with "now the code". */
  'login_2fa_required',
  'logout',
  'session_disconnect',
  'active_sessions_view',
  'permission_denied',
  'two_factor_setup',
  'two_factor_enabled',
  'two_factor_disabled',
  'profile_updated',
  'admin_user_created',
  'admin_user_updated',
  'admin_user_deleted',
  'admin_password_reset',
  'admin_users_export',
  'admin_user_unlock',
  'admin_user_reset_2fa',
  /** Issue 16: the operator chose a new password (the forced first-sign-in choice included). */
  'password_changed',
  /** Issue 16: "End all sessions" of an operator (admin role) or of one's own other sessions. */
  'sessions_ended',
  /** Issue 16: fresh backup codes, confirmed with the current authenticator code. */
  'backup_codes_regenerated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The request a row comes from (service-kit's auditContextOf): taken once, by the route. */
export type RequestContext = Pick<AdminAuditSubject, 'ip' | 'userAgent' | 'requestId'>;

/** Who acted: an operator with a session, or (sign-in, CLI) only a claimed username. */
export type AuditSubject = AdminAuditSubject;

/** One of this service's actions, in the row shape every service shares. */
export type AuditEvent = AdminAuditEvent<AuditAction>;

export interface AuditLog {
  /** Writes the row on its own; never throws. */
  record(subject: AuditSubject, event: AuditEvent): Promise<void>;
  /** Writes the row with `trx`, so it commits or rolls back with the change; throws on failure. */
  recordIn(trx: Executor, subject: AuditSubject, event: AuditEvent): Promise<void>;
}

/** Where a failed write is reported (the service's pino logger). */
export interface ErrorReporter {
  error(obj: object, msg: string): void;
}

export function createAuditLog(deps: { db: AuthDb; clock: Clock; log: ErrorReporter }): AuditLog {
  return {
    async record(subject, event) {
      try {
        await insertAdminLog(deps.db, adminLogRow(subject, event, deps.clock.now()));
      } catch (err) {
        deps.log.error({ err, action: event.action }, 'could not write admin log');
      }
    },
    async recordIn(trx, subject, event) {
      await insertAdminLog(trx, adminLogRow(subject, event, deps.clock.now()));
    },
  };
}
