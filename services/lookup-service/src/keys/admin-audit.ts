/**
 * The admin_logs rows of API-key management (auth-service's table, service-kit's row shape): a
 * change and its audit row commit together (`recordIn`); refusals are written on their own
 * (`record`), which logs a failed write but never throws.
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
import type { Executor, LookupDb } from '../db/schema.js';

export const API_KEY_AUDIT_ACTIONS = [
  'api_key_created',
  'api_key_rotated',
  'api_key_revoked',
  'permission_denied',
] as const;
export type ApiKeyAuditAction = (typeof API_KEY_AUDIT_ACTIONS)[number];
export type ApiKeyAuditEvent = AdminAuditEvent<ApiKeyAuditAction>;

const FOREIGN_KEY_VIOLATION = '23503';

export interface AdminAudit {
  record(subject: AdminAuditSubject, event: ApiKeyAuditEvent): Promise<void>;
  recordIn(trx: Executor, subject: AdminAuditSubject, event: ApiKeyAuditEvent): Promise<void>;
}

export function createAdminAudit(deps: {
  db: LookupDb;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}): AdminAudit {
  const insert = (db: Executor, subject: AdminAuditSubject, event: ApiKeyAuditEvent) =>
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
