/** Waitlist rules: one verified entry per address, a code before joining, 409 for members. */
import type {
  CheckWaitlistEmailResponse,
  SubmitResponse,
  VerifyOtpRequest,
  VerifyResponse,
  checkWaitlistEmailRequestSchema,
  waitlistRequestSchema,
} from '@tunnelscope/contracts';
import { ConflictError, isUniqueViolation } from '@tunnelscope/service-kit';
import type { z } from 'zod';
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
import type { Visitor } from '../registration-logs/registration-log-service.js';
import {
  VERIFIED_EMAIL_INDEX,
  findEmailStatus,
  findEntryForUpdate,
  findUnverifiedEntry,
  insertEntry,
  markEntryVerified,
  updateEntry,
  verifiedEntryExists,
} from './waitlist-repository.js';

export const ALREADY_ON_WAITLIST_MESSAGE = 'This email is already on the waitlist.';
export const WAITLIST_JOINED_MESSAGE = "You've been added to our waitlist.";

export interface WaitlistService {
  checkEmail(input: z.output<typeof checkWaitlistEmailRequestSchema>): Promise<CheckWaitlistEmailResponse>;
  join(visitor: Visitor, input: z.output<typeof waitlistRequestSchema>): Promise<SubmitResponse>;
  /** Logs a sign-up whose body the route's schema refused. */
  joinRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
  verify(visitor: Visitor, input: VerifyOtpRequest): Promise<VerifyResponse>;
  /** Logs a code check whose body the route's schema refused. */
  verifyRefused(visitor: Visitor, body: unknown, err: unknown): Promise<void>;
}

const WAITLIST_FORM: SubmitForm = { form: 'waitlist', action: 'waitlist_attempt', emailField: 'email' };

export function createWaitlistService(deps: VerificationDeps): WaitlistService {
  const { db } = deps;
  return {
    async checkEmail({ email }) {
      return findEmailStatus(db, email);
    },

    join(visitor, input) {
      return submitWithCode(deps, visitor, input, {
        ...WAITLIST_FORM,
        email: (input) => input.email,
        // Already a member: 409 and nothing sent (asked in the same query as the blocklist).
        conflict: (input) => ({
          exists: verifiedEntryExists(input.email),
          error: () => new ConflictError(ALREADY_ON_WAITLIST_MESSAGE),
        }),
        async prepare(trx, input, issue, now) {
          await lockFormEmail(trx, 'waitlist', input.email);
          const fields = {
            email: input.email,
            company: input.company,
            use_case: input.useCase,
            ip_address: visitor.ip,
          };
          const existing = await findUnverifiedEntry(trx, input.email);
          return issueOnRow(existing, fields, issue, now, {
            contentKeys: ['company', 'use_case'],
            update: (id, values) => updateEntry(trx, id, values),
            insert: (values) => insertEntry(trx, values),
          });
        },
        describe: (input) => ({ useCase: input.useCase }),
        confirming: (input) => (input.company ? `Waitlist sign-up for ${input.company}` : 'Waitlist sign-up'),
      });
    },

    joinRefused: (visitor, body, err) => recordRefusedSubmit(deps, visitor, WAITLIST_FORM, body, err),

    async verify(visitor, input) {
      await verifyWithCode(deps, visitor, input, {
        form: 'waitlist',
        table: 'waitlist_entries',
        loadForUpdate: findEntryForUpdate,
        email: (row) => row.email,
        complete: (trx, row, now) => markEntryVerified(trx, row.id, now),
        // Another entry for the address was verified meanwhile: the visitor is already a member.
        mapError: (err) =>
          isUniqueViolation(err, VERIFIED_EMAIL_INDEX)
            ? new ConflictError(ALREADY_ON_WAITLIST_MESSAGE)
            : undefined,
      });
      return { success: true, message: WAITLIST_JOINED_MESSAGE };
    },

    verifyRefused: (visitor, body, err) => recordRefusedVerify(deps, visitor, 'waitlist', body, err),
  };
}
