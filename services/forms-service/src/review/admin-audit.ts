/**
 * The `admin_logs` rows of the review lists: every admin write, export and refusal is audited. The table is auth-service's; the row shape is service-kit's `adminLogRow`, shared
 * with auth-service. A change and its audit row commit together (`recordIn`); refusals and
 * exports are written on their own (`record`), which logs a failed write but never throws.
 */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import {
  UnauthorizedError,
  adminLogRow,
  type AdminAuditEvent,
  type AdminAuditSubject,
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
  'waitlist_export',
  'vpn_requests_export',
  'contacts_export',
  'logs_export',
  'permission_denied',
] as const;
export type ReviewAuditAction = (typeof REVIEW_AUDIT_ACTIONS)[number];

const FOREIGN_KEY_VIOLATION = '23503';

export type ReviewAuditEvent = AdminAuditEvent<ReviewAuditAction>;

export interface AdminAudit {
  record(subject: AdminAuditSubject, event: ReviewAuditEvent): Promise<void>;
  recordIn(trx: Executor, subject: AdminAuditSubject, event: ReviewAuditEvent): Promise<void>;
}

export function createAdminAudit(deps: { db: FormsDb; clock: Clock; log: FastifyBaseLogger }): AdminAudit {
  const insert = (db: Executor, subject: AdminAuditSubject, event: ReviewAuditEvent) =>
    db
      .insertInto('admin_logs')
      .values(adminLogRow(subject, event, deps.clock.now()))
      .execute();
  return {
    async record(subject, event) {
      try {
        await insert(deps.db, subject, event);
      } catch (err) {
        deps.log.error({ err, action: event.action }, 'could not write admin log');
      }
    },
    async recordIn(trx, subject, event) {
      try {
        await insert(trx, subject, event);
      } catch (err) {
        // The operator or the session was deleted since the gateway vouched for it a moment ago.
        if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
          throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
        }
        throw err;
      }
    },
  };
}
