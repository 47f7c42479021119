/**
 * The code step the three forms share: submit (validate, refuse disposable domains, count the
 * code against the hourly quota, save the row with a fresh code, commit, then enqueue the mail)
 * and verify (check the code under a row lock, commit, then enqueue any follow-up mails).
 * Each form supplies only its own SQL and mails.
 */
import {
  OTP_TTL_SECONDS,
  verifyOtpRequestSchema,
  type CodeForm,
  type MailJob,
  type SubmitResponse,
} from '@tunnelscope/contracts';
import {
  AppError,
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '@tunnelscope/service-kit';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isEmailDomainBlocked } from '../blocklist/blocklist-service.js';
import type { FormsConfig } from '../config.js';
import type { FormsDatabase, FormsDb } from '../db/schema.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type {
  RegistrationAction,
  RegistrationLog,
  Visitor,
} from '../registration-logs/registration-log-service.js';
import type { CodeQuota, QuotaReservation } from './code-quota.js';
import { recordCodeFailure, type CodeTable } from './code-repository.js';
import { checkOtpCode, issueOtpCode, type IssuedCode, type StoredCode } from './otp.js';

export const DISPOSABLE_EMAIL_MESSAGE =
  'Disposable email addresses are not allowed. Please use a permanent email address.';
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code.';
export const ALREADY_VERIFIED_MESSAGE = 'This request has already been verified.';
export const CODE_SENT_MESSAGE = 'Verification code sent! Please check your email.';

export interface Clock {
  now(): Date;
}

export interface CodeStepDeps {
  db: FormsDb;
  config: FormsConfig;
  clock: Clock;
  quota: CodeQuota;
  mail: MailOutbox;
  logs: RegistrationLog;
}

type Trx = Transaction<FormsDatabase>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a body with a contracts schema. A missing or non-object body is read as `{}`, so the
 * answer names the first missing field in the spec's words rather than "expected object".
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(isPlainObject(body) ? body : {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/** A field as the body sent it, for the log of a refused attempt (whatever its validity). */
function claimedField(body: unknown, field: string): unknown {
  return isPlainObject(body) ? body[field] : undefined;
}

function failureMessage(err: unknown): string {
  return err instanceof AppError ? err.message : 'Internal error';
}

async function reserveCodeSlot(deps: CodeStepDeps, visitor: Visitor, form: CodeForm, email: string) {
  let slot: QuotaReservation;
  try {
    slot = await deps.quota.reserve(email);
  } catch {
    throw new ServiceUnavailableError('We could not send a code right now. Please try again in a moment.');
  }
  if (!slot.allowed) {
    const minutes = Math.ceil(slot.retryAfterSeconds / 60);
    await deps.logs.record(visitor, {
      action: 'rate_limited',
      success: false,
      email,
      errorMessage: 'verification codes per hour exceeded',
      additionalData: {
        form,
        limit: deps.config.OTP_CODES_PER_HOUR,
        retryAfterSeconds: slot.retryAfterSeconds,
      },
    });
    throw new TooManyRequestsError(
      `Too many verification codes were requested for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      slot.retryAfterSeconds,
    );
  }
  return slot;
}

/** What a form's `save` reports: the row holding the new code. */
export interface SavedCodeRow {
  id: string;
  /** The row's code generation after this issue (names the mail job). */
  generation: number;
  code: string;
  /** True when an unverified row was reused (a resend). */
  resent: boolean;
}

export interface SubmitSpec<S extends z.ZodType> {
  form: CodeForm;
  action: RegistrationAction;
  schema: S;
  /** Body field holding the visitor's e-mail. */
  emailField: string;
  email(input: z.output<S>): string;
  /** Checks the schema cannot express; throws ValidationError. */
  validate?(input: z.output<S>): void;
  /** Checks after validation and the blocklist, before anything is stored (e.g. the waitlist's 409). */
  precheck?(input: z.output<S>): Promise<void>;
  /** Reuses the visitor's unverified row or creates one, with the issued code; inside the transaction. */
  save(trx: Trx, input: z.output<S>, issue: (rowId: string) => IssuedCode, now: Date): Promise<SavedCodeRow>;
  /** Non-secret facts for the log. */
  describe?(input: z.output<S>): Record<string, unknown>;
}

export async function submitWithCode<S extends z.ZodType>(
  deps: CodeStepDeps,
  visitor: Visitor,
  body: unknown,
  spec: SubmitSpec<S>,
): Promise<SubmitResponse> {
  let email: unknown = claimedField(body, spec.emailField);
  try {
    const input = parseBody(spec.schema, body);
    spec.validate?.(input);
    const address = spec.email(input);
    email = address;
    if (await isEmailDomainBlocked(deps.db, address)) throw new BadRequestError(DISPOSABLE_EMAIL_MESSAGE);
    await spec.precheck?.(input);

    const slot = await reserveCodeSlot(deps, visitor, spec.form, address);
    let saved: SavedCodeRow;
    try {
      const now = deps.clock.now();
      saved = await deps.db
        .transaction()
        .execute((trx) =>
          spec.save(trx, input, (rowId) => issueOtpCode(deps.config.OTP_HMAC_SECRET, rowId, now), now),
        );
      const job: MailJob = {
        type: 'verification-code',
        to: address,
        form: spec.form,
        code: saved.code,
        expiresInMinutes: OTP_TTL_SECONDS / 60,
        meta: { requestId: visitor.httpRequestId },
      };
      await deps.mail.send([{ job, jobId: `verification-code-${saved.id}-${saved.generation}` }]);
    } catch (err) {
      // The visitor never got this code: it should not count against their hour.
      await slot.release().catch(() => undefined);
      throw err;
    }

    const data = { form: spec.form, requestId: saved.id, resent: saved.resent, ...spec.describe?.(input) };
    await deps.logs.record(visitor, {
      action: spec.action,
      success: true,
      email: address,
      additionalData: data,
    });
    await deps.logs.record(visitor, {
      action: 'otp_sent',
      success: true,
      email: address,
      additionalData: { form: spec.form, requestId: saved.id, generation: saved.generation },
    });
    return { success: true, requestId: saved.id, message: CODE_SENT_MESSAGE };
  } catch (err) {
    await deps.logs.record(visitor, {
      action: spec.action,
      success: false,
      email,
      errorMessage: failureMessage(err),
      additionalData: { form: spec.form },
    });
    throw err;
  }
}

/** The columns verification reads; each form's row has them. */
export interface CodeRow extends StoredCode {
  id: string;
  is_verified: boolean;
}

export interface VerifySpec<R extends CodeRow> {
  form: CodeForm;
  table: CodeTable;
  /** Locks and returns the row (SELECT … FOR UPDATE). */
  loadForUpdate(trx: Trx, id: string): Promise<R | undefined>;
  email(row: R): string;
  /** Verified, but its follow-up mails are not on the queue yet: the same code may finish the job. */
  followupPending?(row: R): boolean;
  /** Marks the row verified (and whatever the form adds); returns the row as stored. */
  complete(trx: Trx, row: R, now: Date): Promise<R>;
  /** Transaction errors worth one more try (e.g. a request-number clash). */
  retryable?(err: unknown): boolean;
  /** Errors with a visitor-facing meaning (e.g. a second verified waitlist entry). */
  mapError?(err: unknown): AppError | undefined;
  /** Mails to enqueue after commit, then `settle` the row. */
  followups?(row: R, httpRequestId: string): { job: MailJob; jobId: string }[];
  settle?(id: string, now: Date): Promise<void>;
}

type VerifyOutcome<R> =
  | { kind: 'unknown' }
  | { kind: 'already'; row: R }
  | { kind: 'failed'; row: R; reason: string; attempts: number }
  | { kind: 'verified'; row: R; retried: boolean };

const MAX_TRANSACTION_TRIES = 3;

export async function verifyWithCode<R extends CodeRow>(
  deps: CodeStepDeps,
  visitor: Visitor,
  body: unknown,
  spec: VerifySpec<R>,
): Promise<R> {
  let requestId: unknown = claimedField(body, 'requestId');
  let logged = false;
  const record: RegistrationLog['record'] = (v, event) => {
    logged = true;
    return deps.logs.record(v, event);
  };
  try {
    const input = parseBody(verifyOtpRequestSchema, body);
    requestId = input.requestId;
    const now = deps.clock.now();
    const outcome = await runVerifyTransaction(deps, spec, input.requestId, input.otpCode, now);

    if (outcome.kind === 'unknown' || outcome.kind === 'failed') {
      await record(visitor, {
        action: 'otp_failed',
        success: false,
        email: outcome.kind === 'failed' ? spec.email(outcome.row) : null,
        errorMessage: INVALID_CODE_MESSAGE,
        additionalData: {
          form: spec.form,
          requestId: input.requestId,
          reason: outcome.kind === 'failed' ? outcome.reason : 'unknown_request',
          ...(outcome.kind === 'failed' ? { attempts: outcome.attempts } : {}),
        },
      });
      throw new BadRequestError(INVALID_CODE_MESSAGE);
    }
    if (outcome.kind === 'already') {
      await record(visitor, {
        action: 'otp_failed',
        success: false,
        email: spec.email(outcome.row),
        errorMessage: ALREADY_VERIFIED_MESSAGE,
        additionalData: { form: spec.form, requestId: input.requestId, reason: 'already_verified' },
      });
      throw new BadRequestError(ALREADY_VERIFIED_MESSAGE);
    }

    const row = outcome.row;
    const mails = spec.followups?.(row, visitor.httpRequestId) ?? [];
    const facts = { form: spec.form, requestId: row.id, retried: outcome.retried };
    if (mails.length > 0) {
      try {
        await deps.mail.send(mails);
      } catch (err) {
        // The verification stands; the row stays marked so a retry with the same code, or the
        // maintenance sweep, enqueues these mails later.
        await record(visitor, {
          action: 'otp_verified',
          success: true,
          email: spec.email(row),
          additionalData: { ...facts, followupMail: 'deferred' },
        });
        throw err;
      }
      await spec.settle?.(row.id, now);
    }
    await record(visitor, {
      action: 'otp_verified',
      success: true,
      email: spec.email(row),
      additionalData: facts,
    });
    return row;
  } catch (err) {
    if (!logged) {
      await record(visitor, {
        action: 'otp_failed',
        success: false,
        errorMessage: failureMessage(err),
        additionalData: {
          form: spec.form,
          reason: err instanceof ValidationError ? 'invalid_input' : 'error',
          requestId: typeof requestId === 'string' ? requestId.slice(0, 64) : null,
        },
      });
    }
    throw err;
  }
}

async function runVerifyTransaction<R extends CodeRow>(
  deps: CodeStepDeps,
  spec: VerifySpec<R>,
  id: string,
  code: string,
  now: Date,
): Promise<VerifyOutcome<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx): Promise<VerifyOutcome<R>> => {
        const row = await spec.loadForUpdate(trx, id);
        if (!row) return { kind: 'unknown' };
        const retrying = row.is_verified && (spec.followupPending?.(row) ?? false);
        if (row.is_verified && !retrying) return { kind: 'already', row };
        const check = checkOtpCode(row, {
          secret: deps.config.OTP_HMAC_SECRET,
          requestId: row.id,
          code,
          now,
        });
        if (!check.ok) {
          if (check.attempts !== row.otp_attempts || (check.dead && row.otp_code_hash)) {
            await recordCodeFailure(trx, spec.table, row.id, check, now);
          }
          return { kind: 'failed', row, reason: check.reason, attempts: check.attempts };
        }
        if (retrying) return { kind: 'verified', row, retried: true };
        return { kind: 'verified', row: await spec.complete(trx, row, now), retried: false };
      });
    } catch (err) {
      if (attempt < MAX_TRANSACTION_TRIES && spec.retryable?.(err)) continue;
      const mapped = spec.mapError?.(err);
      throw mapped ?? err;
    }
  }
}
