/**
 * The verification flow the three forms share. Submit: refuse disposable domains, count the code
 * against the hourly quota, save the row with a fresh code and its log rows, commit, then enqueue
 * the mail. Verify: check the code under a row lock, commit, then enqueue any follow-up mails.
 * Each form supplies only its own SQL and mails. Input arrives parsed by the route's schema; a
 * body the schema refused is logged here too (`recordRefusedSubmit`, `recordRefusedVerify`).
 */
import { randomUUID } from 'node:crypto';
import {
  MAIL_CONFIRMING_MAX_LENGTH,
  OTP_TTL_SECONDS,
  type CodeForm,
  type MailJob,
  type SubmitResponse,
  type VerifyOtpRequest,
} from '@tunnelscope/contracts';
import {
  AppError,
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
  type Clock,
  type MailEnqueuer,
  type MailToSend,
} from '@tunnelscope/service-kit';
import type { AliasableExpression, SqlBool, Transaction } from 'kysely';
import { emailDomainBlocked } from '../blocklist/blocklist-service.js';
import type { Config } from '../config.js';
import type { FormsDatabase, FormsDb, PendingWrite } from '../db/schema.js';
import type {
  RegistrationAction,
  RegistrationEvent,
  RegistrationLog,
  Visitor,
} from '../registration-logs/registration-log-service.js';
import type { CodeLimit, CodeQuota, QuotaReservation } from './code-quota.js';
import { recordCodeFailure, type CodeTable } from './code-repository.js';
import { checkOtpCode, issueOtpCode, type IssuedCode, type StoredCode } from './otp.js';

export const DISPOSABLE_EMAIL_MESSAGE =
  'Disposable email addresses are not allowed. Please use a permanent email address.';
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code.';
export const ALREADY_VERIFIED_MESSAGE = 'This request has already been verified.';
export const CODE_SENT_MESSAGE = 'Verification code sent! Please check your email.';
export const MAIL_UNAVAILABLE_MESSAGE =
  'We could not send the e-mail right now. Please try again in a moment.';

export interface VerificationDeps {
  db: FormsDb;
  config: Config;
  clock: Clock;
  quota: CodeQuota;
  mail: MailEnqueuer;
  logs: RegistrationLog;
}

type Trx = Transaction<FormsDatabase>;

/** A field as the body sent it, for the log of a refused attempt (whatever its validity). */
function claimedField(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[field]
    : undefined;
}

function failureMessage(err: unknown): string {
  return err instanceof AppError ? err.message : 'Internal error';
}

/** What each code limit's refusal says and logs. */
const CODE_LIMIT_REFUSALS: Record<CodeLimit, { logged: string; who: string }> = {
  email_hour: { logged: 'verification codes per hour exceeded', who: 'for this email address' },
  email_day: { logged: 'verification codes per day exceeded', who: 'for this email address' },
  network_hour: { logged: 'verification codes per network and hour exceeded', who: 'from your network' },
};

/** "5 minutes", or "3 hours" once the wait is long (the daily limit). */
function waitPhrase(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

async function reserveCodeSlot(deps: VerificationDeps, visitor: Visitor, form: CodeForm, email: string) {
  let slot: QuotaReservation;
  try {
    slot = await deps.quota.reserve(email, visitor.ip);
  } catch {
    throw new ServiceUnavailableError('We could not send a code right now. Please try again in a moment.');
  }
  if (!slot.allowed) {
    const refusal = CODE_LIMIT_REFUSALS[slot.limit];
    await deps.logs.record(visitor, {
      action: 'rate_limited',
      success: false,
      email,
      errorMessage: refusal.logged,
      additionalData: { form, limit: slot.max, retryAfterSeconds: slot.retryAfterSeconds },
    });
    throw new TooManyRequestsError(
      `Too many verification codes were requested ${refusal.who}. Please try again in ${waitPhrase(slot.retryAfterSeconds)}.`,
      slot.retryAfterSeconds,
    );
  }
  return slot;
}

/** The row that holds the new code. */
export interface SavedCodeRow {
  id: string;
  /** The row's code generation after this issue (names the mail job). */
  generation: number;
  code: string;
  /** True when an unverified row was reused (a resend). */
  resent: boolean;
}

/** What a form's `prepare` decides: the row, and the insert or update that stores it (not yet run). */
export interface PreparedCodeRow extends SavedCodeRow {
  write: PendingWrite;
}

/** The code columns a form row gets when a code is issued on it. */
type IssuedColumns = IssuedCode['columns'] & { otp_generation: number };

/**
 * The part of `prepare` every form shares: a resend reissues the code on the visitor's unverified
 * row (the generation bumped) only when it carries the same content; otherwise a new row gets
 * generation 1. Comparing the content is what keeps a stranger who knows someone's address from
 * rewriting that person's pending submission (issue 13): the stranger gets a row of their own,
 * whose code goes to the address's owner, and the owner's row and code stay as they were.
 */
export function issueOnRow<F extends object>(
  existing: ({ id: string; otp_generation: number } & Partial<Record<keyof F, unknown>>) | undefined,
  fields: F,
  issue: (rowId: string) => IssuedCode,
  now: Date,
  store: {
    /** The fields that are the submission's content (not who sent it, nor from where). */
    contentKeys: readonly (keyof F)[];
    update(id: string, values: F & IssuedColumns & { updated_at: Date }): PendingWrite;
    insert(values: F & IssuedColumns & { id: string }): PendingWrite;
  },
): PreparedCodeRow {
  if (existing && sameContent(existing, fields, store.contentKeys)) {
    const { code, columns } = issue(existing.id);
    const generation = existing.otp_generation + 1;
    return {
      id: existing.id,
      generation,
      code,
      resent: true,
      write: store.update(existing.id, {
        ...fields,
        ...columns,
        otp_generation: generation,
        updated_at: now,
      }),
    };
  }
  const id = randomUUID();
  const { code, columns } = issue(id);
  return {
    id,
    generation: 1,
    code,
    resent: false,
    write: store.insert({ id, ...fields, ...columns, otp_generation: 1 }),
  };
}

/** The mail job's bound on the line (a long company name or subject is cut, not refused). */
function confirmingLine(text: string): string {
  return text.length <= MAIL_CONFIRMING_MAX_LENGTH
    ? text
    : `${text.slice(0, MAIL_CONFIRMING_MAX_LENGTH - 1)}…`;
}

/** Null and absent are the same: an optional field the form left out is stored as null. */
function sameContent<F extends object>(
  stored: Partial<Record<keyof F, unknown>>,
  submitted: F,
  keys: readonly (keyof F)[],
): boolean {
  return keys.every((key) => (stored[key] ?? null) === ((submitted[key] as unknown) ?? null));
}

/** A refusal the database decides before anything is stored (e.g. the waitlist's 409). */
export interface SubmitConflict {
  /** True when the submission must be refused; asked in the same query as the blocklist. */
  exists: AliasableExpression<SqlBool>;
  error(): AppError;
}

/** What names a form's submissions in the log, whether or not their body was valid. */
export interface SubmitForm {
  form: CodeForm;
  action: RegistrationAction;
  /** Body field holding the visitor's e-mail. */
  emailField: string;
}

export interface SubmitSpec<I> extends SubmitForm {
  email(input: I): string;
  /** Checked after the blocklist, before anything is stored. */
  conflict?(input: I): SubmitConflict;
  /**
   * Inside the transaction: takes the form's lock, finds the visitor's unverified row to reuse or
   * chooses a new id, issues the code, and returns the write that stores the row. The code step
   * runs that write in the same statement as the success log rows.
   */
  prepare(trx: Trx, input: I, issue: (rowId: string) => IssuedCode, now: Date): Promise<PreparedCodeRow>;
  /** Non-secret facts for the log. */
  describe?(input: I): Record<string, unknown>;
  /**
   * What the code confirms, in a few words the address's owner recognises (the code mail names
   * it), so nobody confirms a submission a stranger made in their name.
   */
  confirming(input: I): string;
}

/** The blocklist and the form's own conflict in one query; the blocklist answer wins. */
async function refuseEarly(db: FormsDb, address: string, conflict: SubmitConflict | undefined) {
  const found = await db
    .selectNoFrom((eb) => [
      emailDomainBlocked(address).as('blocked'),
      (conflict?.exists ?? eb.lit(false)).as('conflict'),
    ])
    .executeTakeFirstOrThrow();
  if (found.blocked) throw new BadRequestError(DISPOSABLE_EMAIL_MESSAGE);
  if (conflict && found.conflict) throw conflict.error();
}

/** Thrown inside the save transaction when its log rows cannot be written (it rolls back). */
class LogWriteFailed extends Error {}

/**
 * Stores the form's row and its success log rows in one transaction (one commit) and one
 * statement. If that statement fails, the transaction is run once more storing the row alone
 * (`logIds` undefined; the caller then logs on its own): a failing log write never changes the
 * answer, and a failing row write still fails as it would have.
 */
async function saveWithLogs<I>(
  deps: VerificationDeps,
  visitor: Visitor,
  spec: SubmitSpec<I>,
  input: I,
  events: (saved: SavedCodeRow) => RegistrationEvent[],
): Promise<{ saved: SavedCodeRow; logIds?: number[] }> {
  const now = deps.clock.now();
  const issue = (rowId: string) => issueOtpCode(deps.config.OTP_HMAC_SECRET, rowId, now);
  const run = (withLogs: boolean) =>
    deps.db.transaction().execute(async (trx) => {
      const { write, ...saved } = await spec.prepare(trx, input, issue, now);
      if (!withLogs) {
        await write.execute();
        return { saved };
      }
      try {
        return { saved, logIds: await deps.logs.recordIn(trx, visitor, events(saved), write) };
      } catch (err) {
        throw new LogWriteFailed('registration logs not written', { cause: err });
      }
    });
  try {
    return await run(true);
  } catch (err) {
    if (!(err instanceof LogWriteFailed)) throw err;
    return run(false);
  }
}

/**
 * The log row of a submission the route's schema refused: the e-mail the body claimed, whatever
 * its validity, and the refusal's message.
 */
export async function recordRefusedSubmit(
  deps: Pick<VerificationDeps, 'logs'>,
  visitor: Visitor,
  form: SubmitForm,
  body: unknown,
  err: unknown,
): Promise<void> {
  await deps.logs.record(visitor, {
    action: form.action,
    success: false,
    email: claimedField(body, form.emailField),
    errorMessage: failureMessage(err),
    additionalData: { form: form.form },
  });
}

export async function submitWithCode<I>(
  deps: VerificationDeps,
  visitor: Visitor,
  input: I,
  spec: SubmitSpec<I>,
): Promise<SubmitResponse> {
  const address = spec.email(input);
  try {
    await refuseEarly(deps.db, address, spec.conflict?.(input));

    const slot = await reserveCodeSlot(deps, visitor, spec.form, address);
    // The success rows ("attempt" and "otp_sent"), written by the save transaction itself. They
    // are taken back if the mail never reaches the queue.
    const successEvents = (saved: SavedCodeRow): RegistrationEvent[] => [
      {
        action: spec.action,
        success: true,
        email: address,
        additionalData: {
          form: spec.form,
          requestId: saved.id,
          resent: saved.resent,
          ...spec.describe?.(input),
        },
      },
      {
        action: 'otp_sent',
        success: true,
        email: address,
        additionalData: { form: spec.form, requestId: saved.id, generation: saved.generation },
      },
    ];
    let saved: SavedCodeRow;
    let logIds: number[] | undefined;
    try {
      ({ saved, logIds } = await saveWithLogs(deps, visitor, spec, input, successEvents));
      const job: MailJob = {
        type: 'verification-code',
        to: address,
        form: spec.form,
        code: saved.code,
        expiresInMinutes: OTP_TTL_SECONDS / 60,
        confirming: confirmingLine(spec.confirming(input)),
        meta: { requestId: visitor.httpRequestId },
      };
      await deps.mail.enqueue(job, `verification-code-${saved.id}-${saved.generation}`);
    } catch (err) {
      // The visitor never got this code: it should not count against their hour, and the log
      // should not say it was sent.
      await slot.release().catch(() => undefined);
      if (logIds) await deps.logs.retract(logIds);
      throw err;
    }

    if (!logIds) for (const event of successEvents(saved)) await deps.logs.record(visitor, event);
    return { success: true, requestId: saved.id, message: CODE_SENT_MESSAGE };
  } catch (err) {
    await deps.logs.record(visitor, {
      action: spec.action,
      success: false,
      email: address,
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
  followups?(row: R, httpRequestId: string): MailToSend[];
  settle?(id: string, now: Date): Promise<void>;
}

type VerifyOutcome<R> =
  | { kind: 'unknown' }
  | { kind: 'already'; row: R }
  | { kind: 'failed'; row: R; reason: string; attempts: number }
  | { kind: 'verified'; row: R; retried: boolean };

const MAX_TRANSACTION_TRIES = 3;

/** The log row of a code check the route's schema refused, with the request id the body claimed. */
export async function recordRefusedVerify(
  deps: Pick<VerificationDeps, 'logs'>,
  visitor: Visitor,
  form: CodeForm,
  body: unknown,
  err: unknown,
): Promise<void> {
  const requestId = claimedField(body, 'requestId');
  await deps.logs.record(visitor, {
    action: 'otp_failed',
    success: false,
    errorMessage: failureMessage(err),
    additionalData: {
      form,
      reason: 'invalid_input',
      requestId: typeof requestId === 'string' ? requestId.slice(0, 64) : null,
    },
  });
}

export async function verifyWithCode<R extends CodeRow>(
  deps: VerificationDeps,
  visitor: Visitor,
  input: VerifyOtpRequest,
  spec: VerifySpec<R>,
): Promise<R> {
  let logged = false;
  const record: RegistrationLog['record'] = (v, event) => {
    logged = true;
    return deps.logs.record(v, event);
  };
  try {
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
        await deps.mail.enqueueAll(mails);
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
        additionalData: { form: spec.form, reason: 'error', requestId: input.requestId.slice(0, 64) },
      });
    }
    throw err;
  }
}

async function runVerifyTransaction<R extends CodeRow>(
  deps: VerificationDeps,
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
