/** Waitlist rules: one verified entry per address, a code before joining, 409 for members. */
import {
  checkWaitlistEmailRequestSchema,
  waitlistRequestSchema,
  type CheckWaitlistEmailResponse,
  type SubmitResponse,
  type VerifyResponse,
} from '@tunnelscope/contracts';
import { ConflictError } from '@tunnelscope/service-kit';
import { lockFormEmail } from '../codes/email-lock.js';
import {
  issueOnRow,
  parseBody,
  submitWithCode,
  verifyWithCode,
  type CodeStepDeps,
} from '../codes/code-step.js';
import { isUniqueViolation } from '../db/errors.js';
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
  checkEmail(body: unknown): Promise<CheckWaitlistEmailResponse>;
  join(visitor: Visitor, body: unknown): Promise<SubmitResponse>;
  verify(visitor: Visitor, body: unknown): Promise<VerifyResponse>;
}

export function createWaitlistService(deps: CodeStepDeps): WaitlistService {
  const { db } = deps;
  return {
    async checkEmail(body) {
      const { email } = parseBody(checkWaitlistEmailRequestSchema, body);
      return findEmailStatus(db, email);
    },

    join(visitor, body) {
      return submitWithCode(deps, visitor, body, {
        form: 'waitlist',
        action: 'waitlist_attempt',
        schema: waitlistRequestSchema,
        emailField: 'email',
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
            update: (id, values) => updateEntry(trx, id, values),
            insert: (values) => insertEntry(trx, values),
          });
        },
        describe: (input) => ({ useCase: input.useCase }),
      });
    },

    async verify(visitor, body) {
      await verifyWithCode(deps, visitor, body, {
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
  };
}
