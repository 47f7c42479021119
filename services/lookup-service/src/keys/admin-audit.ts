/**
 * The admin_logs rows of API-key management (auth-service's table, service-kit's row shape): a
 * change and its audit row commit together (`recordIn`); refusals are written on their own
 * (`record`), which logs a failed write but never throws.
 */
import {
  createAdminAudit as createSharedAdminAudit,
  type AdminAudit as SharedAdminAudit,
  type AdminAuditEvent,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { LookupDb } from '../db/schema.js';

export const API_KEY_AUDIT_ACTIONS = [
  'api_key_created',
  'api_key_rotated',
  'api_key_revoked',
  'permission_denied',
] as const;
export type ApiKeyAuditAction = (typeof API_KEY_AUDIT_ACTIONS)[number];
export type ApiKeyAuditEvent = AdminAuditEvent<ApiKeyAuditAction>;

export type AdminAudit = SharedAdminAudit<ApiKeyAuditAction>;

export function createAdminAudit(deps: {
  db: LookupDb;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}): AdminAudit {
  return createSharedAdminAudit<ApiKeyAuditAction>(deps);
}
