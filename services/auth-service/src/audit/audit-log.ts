/**
 * `admin_logs`: every admin action and every refusal (DECISIONS.md "Admin"). A change and its
 * audit row commit together (`recordIn`, inside the change's transaction); refusals and reads are
 * written on their own (`record`), and a failed write there is logged but never changes the answer.
 * Details never hold secrets: no passwords, codes, tokens or TOTP secrets.
 */
import type { Clock } from '../clock.js';
import type { AuthDb, Executor, NewAdminLog } from '../db/schema.js';
import { insertAdminLog } from './audit-repository.js';

export const AUDIT_ACTIONS = [
  'login_success',
  'login_failed',
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The request a row comes from: taken once, by the route. */
export interface RequestContext {
  /** The client address; empty for the command line. */
  ip: string;
  userAgent: string | null;
  requestId: string;
}

/** Who acted: an operator with a session, or (sign-in, CLI) only a claimed username. */
export interface AuditSubject extends RequestContext {
  adminId: string | null;
  sessionId: string | null;
  username: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  success?: boolean;
  resource?: string;
  resourceId?: string;
  details?: Record<string, unknown>;
}

export interface AuditLog {
  /** Writes the row on its own; never throws. */
  record(subject: AuditSubject, event: AuditEvent): Promise<void>;
  /** Writes the row with `trx`, so it commits or rolls back with the change; throws on failure. */
  recordIn(trx: Executor, subject: AuditSubject, event: AuditEvent): Promise<void>;
}

const USERNAME_MAX = 50;

/** jsonb refuses NUL and lone surrogates, which a typed search or username may hold. */
function storableDetails(details: Record<string, unknown>): string {
  return JSON.stringify(details, (_key, value: unknown) =>
    typeof value === 'string' ? value.replaceAll('\u0000', '').toWellFormed() : value,
  );
}

function toRow(subject: AuditSubject, event: AuditEvent, now: Date): NewAdminLog {
  return {
    admin_id: subject.adminId,
    session_id: subject.sessionId,
    // A claimed username on a failed sign-in is whatever was typed: bound it to the column.
    username: subject.username
      ? subject.username.replaceAll('\u0000', '').slice(0, USERNAME_MAX).toWellFormed()
      : null,
    action: event.action,
    resource: event.resource ?? null,
    resource_id: event.resourceId ?? null,
    details: storableDetails({ ...event.details, requestId: subject.requestId }),
    ip_address: subject.ip ? subject.ip.slice(0, 45) : null,
    user_agent: subject.userAgent,
    success: event.success ?? true,
    created_at: now,
  };
}

/** Where a failed write is reported (the service's pino logger). */
export interface ErrorReporter {
  error(obj: object, msg: string): void;
}

export function createAuditLog(deps: { db: AuthDb; clock: Clock; log: ErrorReporter }): AuditLog {
  return {
    async record(subject, event) {
      try {
        await insertAdminLog(deps.db, toRow(subject, event, deps.clock.now()));
      } catch (err) {
        deps.log.error({ err, action: event.action }, 'could not write admin log');
      }
    },
    async recordIn(trx, subject, event) {
      await insertAdminLog(trx, toRow(subject, event, deps.clock.now()));
    },
  };
}
