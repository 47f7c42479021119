/**
 * Server-facing schemas of every public call and their answers.
 * Messages are the spec's, word for word; bounds come from constants.ts.
 * Objects are strict: an unknown field is refused rather than silently dropped.
 */
import { z } from 'zod';
import {
  MAX_LENGTHS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  OTP_LENGTH,
  PLAY_STORE_PREFIX,
} from './constants.js';
import { hasForbiddenCharacters } from './text-guards.js';

/** A bounded, trimmed text field that refuses control, bidi-override and zero-width characters. */
function text(label: string, max: number, opts: { multiLine?: boolean; typeError?: string } = {}) {
  return z
    .string({ error: opts.typeError ?? `${label} is required` })
    .max(max, `${label} must not exceed ${max} characters`)
    .transform((v) => v.normalize('NFC').trim())
    .refine((v) => !hasForbiddenCharacters(v, opts.multiLine), `${label} contains invalid characters`);
}

/** E-mail as the server accepts it: one message for every way it can be wrong. */
export function emailField(message = 'Valid email address is required') {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_LENGTHS.email, message)
    .pipe(z.email({ error: message, pattern: z.regexes.email }));
}

export const requestIdField = z.uuid({ error: 'Invalid request ID' });

export const otpCodeField = z
  .string({ error: 'OTP must be exactly 6 digits' })
  .length(OTP_LENGTH, 'OTP must be exactly 6 digits')
  .regex(/^\d+$/, 'OTP must contain only numbers');

// ---- check-waitlist-email ----
export const checkWaitlistEmailRequestSchema = z.strictObject({ email: emailField() });
export type CheckWaitlistEmailRequest = z.input<typeof checkWaitlistEmailRequestSchema>;
export const checkWaitlistEmailResponseSchema = z.object({ exists: z.boolean(), isVerified: z.boolean() });
export type CheckWaitlistEmailResponse = z.infer<typeof checkWaitlistEmailResponseSchema>;

// ---- waitlist ----
// nullish() rather than a union with z.null(): a union reports a too-long value as 'Invalid input'
// instead of the field's own message.
const optionalText = (label: string, max: number) =>
  text(label, max, { typeError: `${label} must be a string` })
    .nullish()
    .transform((v) => (v ? v : null));

export const waitlistRequestSchema = z.strictObject({
  email: emailField(),
  company: optionalText('Company', MAX_LENGTHS.company),
  useCase: optionalText('Use case', MAX_LENGTHS.useCase),
});
export type WaitlistRequest = z.input<typeof waitlistRequestSchema>;

// ---- verification of a code (the three forms share the shape) ----
export const verifyOtpRequestSchema = z.strictObject({
  requestId: requestIdField,
  otpCode: otpCodeField,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

// ---- vpn-request ----
export const vpnRequestSchema = z.strictObject({
  vpnName: z
    .string({ error: 'VPN name is required' })
    .trim()
    .min(1, 'VPN name is required')
    .pipe(text('VPN name', MAX_LENGTHS.vpnName)),
  playstoreLink: z
    .string({ error: 'Google Play Store link is required' })
    .trim()
    .min(1, 'Google Play Store link is required')
    .max(MAX_LENGTHS.url, `Must be a valid URL`)
    // The URL parser percent-encodes spaces, controls and bidi or zero-width characters instead of
    // refusing them; a pasted link holding any of them is not a valid URL, and must not be stored.
    .refine((v) => !/\s/.test(v) && !hasForbiddenCharacters(v), 'Must be a valid URL')
    .pipe(z.url({ error: 'Must be a valid URL', protocol: /^https?$/ }))
    .refine(
      (v) => v.startsWith(PLAY_STORE_PREFIX),
      `Must be a Google Play Store link starting with ${PLAY_STORE_PREFIX}`,
    ),
  userEmail: emailField(),
  additionalInfo: z
    .string({ error: 'Additional information is required' })
    .trim()
    .min(1, 'Additional information is required')
    .pipe(text('Additional information', MESSAGE_MAX_LENGTH, { multiLine: true })),
});
export type VpnRequest = z.input<typeof vpnRequestSchema>;

// ---- contact (the contact page and the security demo's secure form) ----
export const contactRequestSchema = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .pipe(text('Name', MAX_LENGTHS.name)),
  email: emailField(),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .pipe(text('Subject', MAX_LENGTHS.subject)),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(MESSAGE_MIN_LENGTH, 'Message must be at least 10 characters')
    .max(MESSAGE_MAX_LENGTH, 'Message must not exceed 2000 characters')
    .pipe(text('Message', MESSAGE_MAX_LENGTH, { multiLine: true })),
  consent: z.literal(true, { error: 'You must agree to data processing to send your message.' }),
  hasMarketing: z.boolean({ error: 'hasMarketing must be true or false' }).optional().default(false),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

// ---- security-log (fire and forget from the demo page) ----
export const SECURITY_EVENT_DETAILS_MAX_BYTES = 4096;
export const securityLogRequestSchema = z.strictObject({
  type: z.string({ error: 'type is required' }).trim().min(1, 'type is required').max(64, 'type is too long'),
  details: z
    .unknown()
    .refine(
      (v) => JSON.stringify(v ?? null).length <= SECURITY_EVENT_DETAILS_MAX_BYTES,
      `details must not exceed ${SECURITY_EVENT_DETAILS_MAX_BYTES} bytes`,
    ),
  timestamp: z.string({ error: 'timestamp is required' }).max(64, 'timestamp is too long'),
  userAgent: z.string().max(512, 'userAgent is too long').optional(),
  url: z.string().max(MAX_LENGTHS.url, 'url is too long').optional(),
});
export type SecurityLogRequest = z.input<typeof securityLogRequestSchema>;

// ---- answers ----
export const submitResponseSchema = z.object({
  success: z.literal(true),
  requestId: z.uuid(),
  message: z.string(),
});
export type SubmitResponse = z.infer<typeof submitResponseSchema>;

export const verifyResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const verifyVpnResponseSchema = verifyResponseSchema.extend({ requestNumber: z.string() });
export type VerifyVpnResponse = z.infer<typeof verifyVpnResponseSchema>;

export const statsResponseSchema = z.object({
  ipsTracked: z.string(),
  vendorsSupported: z.string(),
  accuracyRate: z.string(),
  updateRate: z.string(),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
