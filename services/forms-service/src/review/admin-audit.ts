/**
 * The `admin_logs` rows of the review lists: every admin write, export and refusal is audited. The table is auth-service's; the row shape is service-kit's `adminLogRow`, shared
 * with auth-service. A change and its audit row commit together (`recordIn`); refusals and
 * exports are written on their own (`record`), which logs a failed write but never throws.
 */
import {
  createAdminAudit as createSharedAdminAudit,
  type AdminAudit as SharedAdminAudit,
  type AdminAuditEvent,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { FormsDb } from '../db/schema.js';

export const REVIEW_AUDIT_ACTIONS = [
  'waitlist_entry_updated',
  'waitlist_entry_deleted',
  'vpn_request_updated',
  'vpn_request_deleted',
  'contact_updated',
  'contact_deleted',
  'log_entry_deleted',
  'waitlist_export',
  'vpn_requests_export',
  'contacts_export',
  'logs_export',
  'permission_denied',
] as const;
export type ReviewAuditAction = (typeof REVIEW_AUDIT_ACTIONS)[number];

export type ReviewAuditEvent = AdminAuditEvent<ReviewAuditAction>;
export type AdminAudit = SharedAdminAudit<ReviewAuditAction>;

export function createAdminAudit(deps: { db: FormsDb; clock: Clock; log: FastifyBaseLogger }): AdminAudit {
  return createSharedAdminAudit<ReviewAuditAction>(deps);
}
