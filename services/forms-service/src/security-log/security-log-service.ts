/**
 * Security events the demo page reports (fire and forget): validated and bounded by the route's
 * schema, made storable here and kept in registration_logs as `security_event`.
 */
import type { securityLogRequestSchema } from '@tunnelscope/contracts';
import type { z } from 'zod';
import type { RegistrationLog, Visitor } from '../registration-logs/registration-log-service.js';
import { toStorableJson } from '../registration-logs/storable-json.js';

export interface SecurityLogService {
  record(visitor: Visitor, event: z.output<typeof securityLogRequestSchema>): Promise<void>;
}

export function createSecurityLogService(deps: { logs: RegistrationLog }): SecurityLogService {
  return {
    async record(visitor, event) {
      await deps.logs.record(visitor, {
        action: 'security_event',
        success: true,
        additionalData: toStorableJson({
          type: event.type,
          details: event.details ?? null,
          timestamp: event.timestamp,
          userAgent: event.userAgent ?? null,
          url: event.url ?? null,
        }) as Record<string, unknown>,
      });
    },
  };
}
