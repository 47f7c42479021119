/**
 * Typed jobs on the mail queue: services enqueue them after their transaction commits,
 * the mailer-worker validates, renders and sends them. The queue holds codes in clear for
 * the minutes it takes to send, so completed jobs are removed at once.
 */
import { z } from 'zod';

export const MAIL_QUEUE_NAME = 'mail';
export const MAIL_JOB_ATTEMPTS = 5;
/** First retry after this delay, doubling each time (BullMQ exponential backoff). */
export const MAIL_JOB_BACKOFF_MS = 2000;
/** Failed jobs stay in Redis this long for inspection. */
export const MAIL_FAILED_JOB_RETENTION_SECONDS = 14 * 24 * 3600;

const address = z.email().max(254);
/** The longest "what this code confirms" line a code mail carries. */
export const MAIL_CONFIRMING_MAX_LENGTH = 160;
const meta = z.object({ requestId: z.string().max(128).optional() }).optional();

export const CODE_FORMS = ['waitlist', 'vpn-request', 'contact'] as const;
export type CodeForm = (typeof CODE_FORMS)[number];

export const verificationCodeJobSchema = z.object({
  type: z.literal('verification-code'),
  to: address,
  form: z.enum(CODE_FORMS),
  code: z.string().regex(/^\d{6}$/),
  expiresInMinutes: z.number().int().positive(),
  /** What the code confirms ("Waitlist sign-up for Acme"), named in the mail; absent in jobs queued before it existed. */
  confirming: z.string().max(MAIL_CONFIRMING_MAX_LENGTH).optional(),
  meta,
});

export const vpnRequestConfirmationJobSchema = z.object({
  type: z.literal('vpn-request-confirmation'),
  to: address,
  requestNumber: z.string().max(64),
  vpnName: z.string().max(100),
  playstoreLink: z.string().max(2048),
  meta,
});

export const contactAcknowledgementJobSchema = z.object({
  type: z.literal('contact-acknowledgement'),
  to: address,
  name: z.string().max(100),
  subject: z.string().max(200),
  meta,
});

export const contactTeamNotificationJobSchema = z.object({
  type: z.literal('contact-team-notification'),
  to: address,
  contactId: z.uuid(),
  fromName: z.string().max(100),
  fromEmail: address,
  subject: z.string().max(200),
  message: z.string().max(2000),
  hasMarketing: z.boolean(),
  receivedAt: z.iso.datetime(),
  meta,
});

export const adminPasswordResetJobSchema = z.object({
  type: z.literal('admin-password-reset'),
  to: address,
  username: z.string().max(50),
  password: z.string().max(128),
  meta,
});

export const mailJobSchema = z.discriminatedUnion('type', [
  verificationCodeJobSchema,
  vpnRequestConfirmationJobSchema,
  contactAcknowledgementJobSchema,
  contactTeamNotificationJobSchema,
  adminPasswordResetJobSchema,
]);
export type MailJob = z.infer<typeof mailJobSchema>;
export type MailJobType = MailJob['type'];
