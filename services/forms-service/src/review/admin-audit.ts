/**
 * The `admin_logs` rows of the review lists: every admin write, export and refusal is audited. The table is auth-service's; the row shape is service-kit's `adminLogRow`, shared
 * with auth-service. A change and its audit row commit together (`recordIn`); refusals and
 * exports are written on their own (`record`), which logs a failed write but never throws.
 */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import {
  UnauthorizedError,
  adminLogRow,
  createAdminAudit as createSharedAdminAudit,
  type AdminAuditSubject,
  type AdminAudit as SharedAdminAudit,
  type AdminAuditEvent,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor, FormsDb } from '../db/schema.js';

export const REVIEW_AUDIT_ACTIONS = [
  'waitlist_entry_updated',
  'waitlist_entry_deleted',
  'vpn_request_updated',
  'vpn_request_deleted',
  'contact_updated',
  'contact_deleted',
  'log_entry_deleted',
  'logs_bulk_delete',
  // One row per bulk action (issue 16), besides the per-record `…_updated` / `…_deleted` rows.
  'waitlist_bulk_status',
  'waitlist_bulk_delete',
  'vpn_requests_bulk_status',
  'vpn_requests_bulk_delete',
  'contacts_bulk_status',
  'contacts_bulk_delete',
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

const FOREIGN_KEY_VIOLATION = '23503';
/** Rows of one insert statement: 1,001 rows of 11 columns stay well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2000;

/**
 * Many audit rows (a bulk action's: one per changed record and one for the action) in the
 * caller's transaction, in as few statements as the parameter limit allows.
 */
export async function recordManyIn(
  trx: Executor,
  subject: AdminAuditSubject,
  events: readonly ReviewAuditEvent[],
  now: Date,
): Promise<void> {
  try {
    for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
      const rows = events.slice(i, i + ROWS_PER_INSERT).map((e) => adminLogRow(subject, e, now));
      await trx.insertInto('admin_logs').values(rows).execute();
    }
  } catch (err) {
    // The operator or the session was deleted since the gateway vouched for it a moment ago.
    if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION)
      throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    throw err;
  }
}
