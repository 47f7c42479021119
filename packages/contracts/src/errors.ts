import { z } from 'zod';

/** Machine-readable error codes of the one JSON error shape every service answers. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'CAPTCHA_FAILED',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  // Two refusals the admin panel tells apart by code (issue 13): a wrong current password on a
  // re-authenticated change (403, not 401: 401 means "session over"), and sign-in while the
  // attempt counter (Redis) is unreachable.
  'invalid_current_password',
  'service_unavailable',
  // Issue 16: a new password must be chosen first (403 on every other admin call).
  'password_change_required',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({
  path: z.string().max(200),
  message: z.string().max(500),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** `{ success: false, error, message }`: `message` is what a person reads (the spec's wording). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  error: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string().optional(),
  details: z.array(fieldIssueSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
