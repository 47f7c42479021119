/**
 * Contact messages (the contact page and the security demo's secure form): nothing reaches the
 * team until the visitor's code verifies; then the visitor gets an acknowledgement and the team
 * inbox the message.
 */
import {
  CONTACT_REPLY_PROMISE_HOURS,
  type SubmitResponse,
  type VerifyOtpRequest,
  type VerifyResponse,
  type contactRequestSchema,
} from '@tunnelscope/contracts';
import type { MailToSend } from '@tunnelscope/service-kit';
import type { z } from 'zod';
import { settleFollowups } from '../codes/code-repository.js';
import { lockFormEmail } from '../codes/email-lock.js';
import {
  issueOnRow,
  recordRefusedSubmit,
  recordRefusedVerify,
  submitWithCode,
  verifyWithCode,
  type SubmitForm,
  type VerificationDeps,
} from '../codes/verification-flow.js';
import type { ContactFormRow } from '../db/schema.js';
import type { Visitor } from '../registration-logs/registration-log-service.js';
import {
  findContactForUpdate,
  findUnverifiedContact,
  insertContact,
  markContactVerified,
  updateContact,
} from './contact-repository.js';

export const CONTACT_SENT_MESSAGE = `Message sent successfully! We'll get back to you within ${CONTACT_REPLY_PROMISE_HOURS} hours.`;

export interface ContactService {
  submit(visitor: Visitor, input: z.output<typeof contactRequestSchema>): Promise<SubmitResponse>;
  /** Logs a message whose body the route's schema refused. */
  submitRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
  verify(visitor: Visitor, input: VerifyOtpRequest): Promise<VerifyResponse>;
  /** Logs a code check whose body the route's schema refused. */
  verifyRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
}

const CONTACT_FORM: SubmitForm = { form: 'contact', action: 'contact_form', emailField: 'email' };

/** The visitor's acknowledgement and the team's copy; job ids make a repeat enqueue a no-op. */
export function contactFollowupMails(
  row: ContactFormRow,
  contactInbox: string,
  httpRequestId?: string,
): MailToSend[] {
  const meta = httpRequestId ? { meta: { requestId: httpRequestId } } : {};
  return [
    {
      jobId: `contact-acknowledgement-${row.id}`,
      job: { type: 'contact-acknowledgement', to: row.email, name: row.name, subject: row.subject, ...meta },
    },
    {
      jobId: `contact-team-notification-${row.id}`,
      job: {
        type: 'contact-team-notification',
        to: contactInbox,
        contactId: row.id,
        fromName: row.name,
        fromEmail: row.email,
        subject: row.subject,
        message: row.message,
        hasMarketing: row.has_marketing,
        receivedAt: (row.verified_at ?? row.created_at).toISOString(),
        ...meta,
      },
    },
  ];
}

export function createContactService(deps: VerificationDeps): ContactService {
  return {
    submit(visitor, input) {
      return submitWithCode(deps, visitor, input, {
        ...CONTACT_FORM,
        email: (input) => input.email,
        async prepare(trx, input, issue, now) {
          await lockFormEmail(trx, 'contact', input.email);
          const fields = {
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            consent: input.consent,
            has_marketing: input.hasMarketing,
            ip_address: visitor.ip,
          };
          const existing = await findUnverifiedContact(trx, input.email);
          return issueOnRow(existing, fields, issue, now, {
            contentKeys: ['name', 'subject', 'message', 'consent', 'has_marketing'],
            update: (id, values) => updateContact(trx, id, values),
            insert: (values) => insertContact(trx, values),
          });
        },
        describe: (input) => ({ hasMarketing: input.hasMarketing }),
        confirming: (input) => `Message "${input.subject}"`,
      });
    },

    submitRefused: (visitor, body, err) => recordRefusedSubmit(deps, visitor, CONTACT_FORM, body, err),

    async verify(visitor, input) {
      await verifyWithCode(deps, visitor, input, {
        form: 'contact',
        table: 'contact_forms',
        loadForUpdate: findContactForUpdate,
        email: (r) => r.email,
        followupPending: (r) => r.followup_mail_pending,
        complete: (trx, r, now) => markContactVerified(trx, r.id, now),
        followups: (r, httpRequestId) => contactFollowupMails(r, deps.config.CONTACT_INBOX, httpRequestId),
        settle: (id, now) => settleFollowups(deps.db, 'contact_forms', id, now),
      });
      return { success: true, message: CONTACT_SENT_MESSAGE };
    },

    verifyRefused: (visitor, body, err) => recordRefusedVerify(deps, visitor, 'contact', body, err),
  };
}
