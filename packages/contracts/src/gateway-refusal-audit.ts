/**
 * Service-internal: the gateway reports the admin calls it refused itself (cross-origin, not
 * JSON, no or expired session) so that they reach `admin_logs` like every other refusal (issue 13
 * item 8). auth-service owns the table and answers this path; it is never routed from outside.
 */
import { z } from 'zod';

export const INTERNAL_REFUSAL_AUDIT_PATH = '/internal/audit/refusals';

export const GATEWAY_REFUSAL_REASONS = ['cross_origin', 'not_json', 'no_session', 'session_expired'] as const;
export type GatewayRefusalReason = (typeof GATEWAY_REFUSAL_REASONS)[number];

export const gatewayRefusalSchema = z.object({
  reason: z.enum(GATEWAY_REFUSAL_REASONS),
  status: z.number().int().min(400).max(499),
  method: z.string().min(1).max(16),
  /** The path below the admin prefix, without the query. */
  path: z.string().min(1).max(512),
  ip: z.string().max(45),
  userAgent: z.string().max(512).nullable(),
  requestId: z.string().min(1).max(128),
  /** When the gateway refused it (ISO 8601), as rows may be sent a moment later. */
  at: z.iso.datetime(),
});
export type GatewayRefusal = z.infer<typeof gatewayRefusalSchema>;

/**
 * At most `GATEWAY_REFUSAL_BATCH_MAX` refusals per report; those a gateway did not report one by
 * one (over its rate) are counted in `suppressed`, by reason, and written as one summary row.
 */
export const GATEWAY_REFUSAL_BATCH_MAX = 50;
export const gatewayRefusalReportSchema = z.object({
  refusals: z.array(gatewayRefusalSchema).max(GATEWAY_REFUSAL_BATCH_MAX),
  suppressed: z.partialRecord(z.enum(GATEWAY_REFUSAL_REASONS), z.number().int().min(1).max(1e9)).optional(),
});
export type GatewayRefusalReport = z.infer<typeof gatewayRefusalReportSchema>;
