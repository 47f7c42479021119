/**
 * The operator behind a call, as the database has them now (role included), and the role rule:
 * admin may do everything; view_only reads the lists and manages only its own account and sessions.
 * Every refusal is written to admin_logs as `permission_denied`.
 */
import { ADMIN_MESSAGES, type AdminRole } from '@tunnelscope/contracts';
import { ForbiddenError } from '@tunnelscope/service-kit';
import type { AuditLog, AuditSubject } from '../audit/audit-log.js';

export interface Actor extends AuditSubject {
  adminId: string;
  sessionId: string;
  username: string;
  email: string;
  role: AdminRole;
  twoFactorEnabled: boolean;
  /** True until the operator chooses their own password (issue 16). */
  mustChangePassword: boolean;
  /** The session's times as the database had them when the call was authenticated. */
  session: { lastActivity: Date; expiresAt: Date; rememberMe: boolean };
}

/** What the operator tried, for the log of a refusal. */
export interface Attempt {
  operation: string;
  resource: string;
  resourceId?: string;
}

/** Logs the refusal and throws the 403 of a view-only account. */
export async function refuse(audit: AuditLog, actor: Actor, attempt: Attempt): Promise<never> {
  await audit.record(actor, {
    action: 'permission_denied',
    success: false,
    resource: attempt.resource,
    ...(attempt.resourceId ? { resourceId: attempt.resourceId } : {}),
    details: { operation: attempt.operation, role: actor.role },
  });
  throw new ForbiddenError(ADMIN_MESSAGES.viewOnly);
}

/** Passes for an admin; refuses (logged) anyone else. */
export async function refuseUnlessAdmin(audit: AuditLog, actor: Actor, attempt: Attempt): Promise<void> {
  if (actor.role !== 'admin') await refuse(audit, actor, attempt);
}
