/**
 * Sign-in, in two steps when the account has two-factor on:
 *
 * - every attempt has already counted against the client address's per-minute limit (the route's
 *   hook, routes/auth/login-rate-limit.ts), and every refusal here is logged;
 * - step 1 (no code) needs a Turnstile token that siteverify accepts;
 * - step 2 (a code) needs the live challenge a correct step 1 left in its cookie, spent on use;
 * - an unknown user, a wrong password, a locked and an inactive account get the same 401 and take
 *   the same time (the password is always checked, against a dummy hash when there is no account);
 * - 5 consecutive failures, wrong codes included, lock the account for 15 minutes;
 * - a correct step 1 for an account with 2FA answers `requires2FA` with a challenge; a wrong code
 *   answers it again with a fresh challenge, so each challenge still works once; an account has at
 *   most one live challenge;
 * - attempts on one account are serialised: each runs in a transaction that holds the account's
 *   row lock from the read to the count (or the new session), so a burst is evaluated one attempt
 *   at a time and nothing is decided on a stale row (issue 13). Everything inside that transaction
 *   uses it, never a second connection: waiters hold pool connections, and a holder asking the
 *   pool for another could wait on them forever.
 */
import {
  ADMIN_MESSAGES,
  LOGIN_CHALLENGE_TTL_SECONDS,
  type AdminUser,
  type loginRequestSchema,
} from '@tunnelscope/contracts';
import { AppError, UnauthorizedError, type Clock } from '@tunnelscope/service-kit';
import type { z } from 'zod';
import { findAdminByUsername, recordLoginSuccess } from '../admin-users/admin-user-repository.js';
import { toAdminUser } from '../admin-users/admin-user-view.js';
import type { AuditLog, RequestContext } from '../audit/audit-log.js';
import { hashToken, isTokenShaped, newToken } from '../crypto/tokens.js';
import type { AdminUserRow, AuthDb, Executor } from '../db/schema.js';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import type { NewSession, SessionService } from '../sessions/session-service.js';
import type { TurnstileVerifier } from '../turnstile/turnstile-verifier.js';
import type { TwoFactorService } from '../two-factor/two-factor-service.js';
import { consumeChallenge, insertChallenge } from './login-challenge-repository.js';
import { countFailure as countAccountFailure, isLocked } from './lockout.js';
import { NO_LOGIN_METRICS, type LoginMetrics } from './login-metrics.js';

export type LoginOutcome =
  | { kind: 'signed-in'; user: AdminUser; session: NewSession }
  /** 401 with `requires2FA`; `challenge` is the token for a fresh challenge cookie, if one was issued. */
  | { kind: 'two-factor'; message: string; challenge?: string };

export type LoginInput = z.output<typeof loginRequestSchema>;

export interface LoginService {
  login(ctx: RequestContext, input: LoginInput, challengeCookie: string | undefined): Promise<LoginOutcome>;
  /** Logs the first attempt an address's per-minute limit refused in a window. */
  logRateLimited(ctx: RequestContext, claimedUsername: string | null): Promise<void>;
  /** Logs an attempt refused because the per-address limit could not count it (Redis down). */
  logUncounted(ctx: RequestContext, claimedUsername: string | null): Promise<void>;
  /** Logs an attempt whose body the schema refused (the username as sent, if it was a string). */
  logInvalidRequest(ctx: RequestContext, claimedUsername: string | null): Promise<void>;
}

/** The bot check's refusals: 400 with their own error code (contracts' CAPTCHA_FAILED). */
export class CaptchaError extends AppError {
  constructor(message: string) {
    super(400, 'CAPTCHA_FAILED', message);
  }
}

const CHALLENGE_TTL_MS = LOGIN_CHALLENGE_TTL_SECONDS * 1000;

/** Why a sign-in failed, as logged in `details.reason` (the operator never sees it). */
type FailureReason =
  | 'rate_limited'
  | 'rate_limit_unavailable'
  | 'invalid_request'
  | 'captcha_missing'
  | 'captcha_failed'
  | 'challenge_missing'
  | 'challenge_expired'
  | 'unknown_user'
  | 'inactive'
  | 'locked'
  | 'wrong_password'
  | 'invalid_code'
  | 'totp_replay'
  | 'secret_unreadable';

export function createLoginService(deps: {
  db: AuthDb;
  clock: Clock;
  audit: AuditLog;
  hasher: PasswordHasher;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  turnstile: TurnstileVerifier;
  /** The per-address limit, for the log of a refusal (the route enforces it). */
  perMinute: number;
  /** Failures and lockouts counted for Prometheus (none by default). */
  metrics?: LoginMetrics;
}): LoginService {
  const { db, clock, audit } = deps;
  const metrics = deps.metrics ?? NO_LOGIN_METRICS;

  type Who = { username: string | null; adminId?: string | null };
  const subject = (ctx: RequestContext, who: Who) => ({
    ...ctx,
    adminId: who.adminId ?? null,
    sessionId: null,
    username: who.username,
  });
  // Every refused sign-in is logged through here, so this is where it is counted too.
  const failureEvent = (reason: FailureReason, details: Record<string, unknown>) => {
    metrics.failure(reason);
    return failureDetails(reason, details);
  };
  const failureDetails = (reason: FailureReason, details: Record<string, unknown>) => ({
    action: 'login_failed' as const,
    success: false,
    resource: 'admin_session',
    details: { reason, ...details },
  });

  /** A refusal before any account is read (bot check, challenge): written on its own. */
  const logFailure = (
    ctx: RequestContext,
    who: Who,
    reason: FailureReason,
    details: Record<string, unknown> = {},
  ) => audit.record(subject(ctx, who), failureEvent(reason, details));

  /** A refusal inside the attempt's transaction: it commits with the count it goes with. */
  const logFailureIn = (
    trx: Executor,
    ctx: RequestContext,
    who: Who,
    reason: FailureReason,
    details: Record<string, unknown> = {},
  ) => audit.recordIn(trx, subject(ctx, who), failureEvent(reason, details));

  const invalidCredentials = () => new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);

  async function issueChallenge(trx: Executor, user: AdminUserRow, ctx: RequestContext): Promise<string> {
    const now = clock.now();
    const token = newToken();
    await insertChallenge(trx, {
      adminId: user.id,
      hash: hashToken(token),
      ip: ctx.ip,
      now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  /**
   * Counts a failure (password or code) and logs it with the count and any lock it caused. An
   * account already locked counts nothing: the attempt is logged as `locked`.
   */
  async function countFailure(trx: Executor, ctx: RequestContext, user: AdminUserRow, reason: FailureReason) {
    const now = clock.now();
    const who = { username: user.username, adminId: user.id };
    const after = await countAccountFailure(trx, user.id, now);
    if (!after.counted) {
      await logFailureIn(trx, ctx, who, 'locked', { evaluated: reason });
      return { lockedNow: true };
    }
    if (after.lockedUntil) metrics.lockout();
    await logFailureIn(trx, ctx, who, reason, {
      failedAttempts: after.failedAttempts,
      ...(after.lockedUntil ? { lockedUntil: after.lockedUntil.toISOString(), locked: true } : {}),
    });
    return { lockedNow: after.lockedUntil !== null };
  }

  async function signIn(
    trx: Executor,
    ctx: RequestContext,
    user: AdminUserRow,
    rememberMe: boolean,
    method: 'password' | 'totp' | 'backup_code',
  ): Promise<Attempt> {
    const now = clock.now();
    const row = await recordLoginSuccess(trx, user.id, now);
    // Deactivated, deleted or locked between the checks and here.
    if (!row) return { refused: invalidCredentials() };
    const session = await deps.sessions.open(
      trx,
      { adminId: row.id, ip: ctx.ip, userAgent: ctx.userAgent },
      rememberMe,
    );
    await audit.recordIn(
      trx,
      { ...ctx, adminId: row.id, sessionId: session.sessionId, username: row.username },
      {
        action: 'login_success',
        resource: 'admin_session',
        resourceId: session.sessionId,
        details: { method, rememberMe },
      },
    );
    return { kind: 'signed-in', user: toAdminUser(row, now), session };
  }

  /** What one attempt comes to: an outcome, or a refusal thrown once its rows have committed. */
  type Attempt = LoginOutcome | { refused: Error };

  /** Steps after the bot check / challenge, under the account's row lock. */
  async function attempt(
    trx: Executor,
    ctx: RequestContext,
    input: LoginInput,
    code: string | undefined,
    challengeOwner: string | undefined,
  ): Promise<Attempt> {
    // A NUL cannot be in a stored username (and Postgres refuses it in a parameter): no account.
    const user = input.username.includes('\u0000')
      ? undefined
      : await findAdminByUsername(trx, input.username, { forUpdate: true });
    // Always pay for one argon2 verification, account or not, locked or not.
    const passwordOk = await deps.hasher.verifyOrDummy(user?.password_hash, input.password);
    const now = clock.now();

    if (challengeOwner !== undefined && challengeOwner !== user?.id) {
      // A challenge of another account (or of none that matches this name): the same answer
      // whether or not the name exists.
      await logFailureIn(trx, ctx, { username: input.username, adminId: user?.id }, 'challenge_expired', {
        mismatch: true,
      });
      return { refused: new UnauthorizedError(ADMIN_MESSAGES.challengeExpired) };
    }
    if (!user) {
      await logFailureIn(trx, ctx, { username: input.username }, 'unknown_user');
      return { refused: invalidCredentials() };
    }
    const who = { username: user.username, adminId: user.id };
    if (!user.is_active) {
      await logFailureIn(trx, ctx, who, 'inactive');
      return { refused: invalidCredentials() };
    }
    // The row was read under the lock: this is the lock as the previous attempt left it.
    if (isLocked(user, now)) {
      await logFailureIn(trx, ctx, who, 'locked', { lockedUntil: user.account_locked_until!.toISOString() });
      return { refused: invalidCredentials() };
    }
    if (!passwordOk) {
      await countFailure(trx, ctx, user, 'wrong_password');
      return { refused: invalidCredentials() };
    }

    // 2FA switched off since step 1: the password and the spent challenge are enough.
    if (!user.two_factor_enabled) return signIn(trx, ctx, user, input.rememberMe, 'password');

    if (!code) {
      const challenge = await issueChallenge(trx, user, ctx);
      // A right password answered with "now the code": a step of a sign-in, not a failure (item 11).
      await audit.recordIn(trx, subject(ctx, who), {
        action: 'login_2fa_required',
        resource: 'admin_session',
      });
      return { kind: 'two-factor', message: ADMIN_MESSAGES.twoFactorRequired, challenge };
    }

    const check = await deps.twoFactor.checkSignInCode(trx, user, code);
    if (!check.ok) {
      const { lockedNow } = await countFailure(trx, ctx, user, check.reason);
      // Once locked, no new challenge: the next try starts again at step 1 (and is refused there).
      return lockedNow
        ? { kind: 'two-factor', message: ADMIN_MESSAGES.invalidCode }
        : {
            kind: 'two-factor',
            message: ADMIN_MESSAGES.invalidCode,
            challenge: await issueChallenge(trx, user, ctx),
          };
    }
    return signIn(trx, ctx, user, input.rememberMe, check.method);
  }

  return {
    async logRateLimited(ctx, claimedUsername) {
      await logFailure(ctx, { username: claimedUsername }, 'rate_limited', { limit: deps.perMinute });
    },

    async logUncounted(ctx, claimedUsername) {
      await logFailure(ctx, { username: claimedUsername }, 'rate_limit_unavailable');
    },

    async logInvalidRequest(ctx, claimedUsername) {
      await logFailure(ctx, { username: claimedUsername }, 'invalid_request');
    },

    async login(ctx, input, challengeCookie) {
      const code = input.totpCode || undefined;

      // Step 2 is bound to a fresh step 1 by its challenge; step 1 needs the bot check.
      let challengeOwner: string | undefined;
      if (code) {
        if (!isTokenShaped(challengeCookie)) {
          await logFailure(ctx, { username: input.username }, 'challenge_missing');
          throw new UnauthorizedError(ADMIN_MESSAGES.challengeExpired);
        }
        challengeOwner = await consumeChallenge(db, hashToken(challengeCookie), clock.now());
        if (!challengeOwner) {
          await logFailure(ctx, { username: input.username }, 'challenge_expired');
          throw new UnauthorizedError(ADMIN_MESSAGES.challengeExpired);
        }
      } else {
        if (!input.turnstileToken) {
          await logFailure(ctx, { username: input.username }, 'captcha_missing');
          throw new CaptchaError(ADMIN_MESSAGES.captchaMissing);
        }
        const bot = await deps.turnstile.verify(input.turnstileToken, ctx.ip);
        if (!bot.ok) {
          await logFailure(ctx, { username: input.username }, 'captcha_failed', {
            verifier: bot.reason,
            errorCodes: bot.errorCodes,
          });
          throw new CaptchaError(ADMIN_MESSAGES.captchaFailed);
        }
      }

      const result = await db.transaction().execute((trx) => attempt(trx, ctx, input, code, challengeOwner));
      if ('refused' in result) throw result.refused;
      return result;
    },
  };
}
