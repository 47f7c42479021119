/**
 * Security events the demo page reports (fire and forget): validated, bounded, made storable and
 * kept in registration_logs as `security_event`.
 */
import { securityLogRequestSchema } from '@tunnelscope/contracts';
import { parseBody } from '../codes/code-step.js';
import type { RegistrationLog, Visitor } from '../registration-logs/registration-log-service.js';
import { toStorableJson } from '../registration-logs/storable-json.js';

export interface SecurityLogService {
  record(visitor: Visitor, body: unknown): Promise<void>;
}

export function createSecurityLogService(deps: { logs: RegistrationLog }): SecurityLogService {
  return {
    async record(visitor, body) {
      const event = parseBody(securityLogRequestSchema, body);
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
