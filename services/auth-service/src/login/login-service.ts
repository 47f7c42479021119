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
 *   answers it again with a fresh challenge, so each challenge still works once.
 */
import {
  ADMIN_MESSAGES,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  LOGIN_CHALLENGE_TTL_SECONDS,
  type AdminUser,
  type loginRequestSchema,
} from '@tunnelscope/contracts';
import { AppError, UnauthorizedError, type Clock } from '@tunnelscope/service-kit';
import type { z } from 'zod';
import {
  findAdminByUsername,
  recordLoginFailure,
  recordLoginSuccess,
} from '../admin-users/admin-user-repository.js';
import { toAdminUser } from '../admin-users/admin-user-view.js';
import type { AuditLog, RequestContext } from '../audit/audit-log.js';
import { hashToken, isTokenShaped, newToken } from '../crypto/tokens.js';
import type { AdminUserRow, AuthDb } from '../db/schema.js';
import type { PasswordHasher } from '../passwords/password-hasher.js';
import type { NewSession, SessionService } from '../sessions/session-service.js';
import type { TurnstileVerifier } from '../turnstile/turnstile-verifier.js';
import type { TwoFactorService } from '../two-factor/two-factor-service.js';
import { consumeChallenge, insertChallenge } from './login-challenge-repository.js';

export type LoginOutcome =
  | { kind: 'signed-in'; user: AdminUser; session: NewSession }
  /** 401 with `requires2FA`; `challenge` is the token for a fresh challenge cookie, if one was issued. */
  | { kind: 'two-factor'; message: string; challenge?: string };

export type LoginInput = z.output<typeof loginRequestSchema>;

export interface LoginService {
  login(ctx: RequestContext, input: LoginInput, challengeCookie: string | undefined): Promise<LoginOutcome>;
  /** Logs the first attempt an address's per-minute limit refused in a window. */
  logRateLimited(ctx: RequestContext, claimedUsername: string | null): Promise<void>;
  /** Logs an attempt whose body the schema refused (the username as sent, if it was a string). */
  logInvalidRequest(ctx: RequestContext, claimedUsername: string | null): Promise<void>;
}

/** The bot check's refusals: 400 with their own error code (contracts' CAPTCHA_FAILED). */
export class CaptchaError extends AppError {
  constructor(message: string) {
    super(400, 'CAPTCHA_FAILED', message);
  }
}

const LOCKOUT_MS = LOCKOUT_MINUTES * 60_000;
const CHALLENGE_TTL_MS = LOGIN_CHALLENGE_TTL_SECONDS * 1000;

/** Why a sign-in failed, as logged in `details.reason` (the operator never sees it). */
type FailureReason =
  | 'rate_limited'
  | 'invalid_request'
  | 'captcha_missing'
  | 'captcha_failed'
  | 'challenge_missing'
  | 'challenge_expired'
  | 'unknown_user'
  | 'inactive'
  | 'locked'
  | 'wrong_password'
  | 'two_factor_required'
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
}): LoginService {
  const { db, clock, audit } = deps;

  const logFailure = (
    ctx: RequestContext,
    who: { username: string | null; adminId?: string | null },
    reason: FailureReason,
    details: Record<string, unknown> = {},
  ) =>
    audit.record(
      { ...ctx, adminId: who.adminId ?? null, sessionId: null, username: who.username },
      { action: 'login_failed', success: false, resource: 'admin_session', details: { reason, ...details } },
    );

  const invalidCredentials = () => new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);

  async function issueChallenge(user: AdminUserRow, ctx: RequestContext): Promise<string> {
    const now = clock.now();
    const token = newToken();
    await insertChallenge(db, {
      adminId: user.id,
      hash: hashToken(token),
      ip: ctx.ip,
      now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  /** Counts a failure (password or code) and logs it with the count and any lock it caused. */
  async function countFailure(ctx: RequestContext, user: AdminUserRow, reason: FailureReason) {
    const now = clock.now();
    const after = await recordLoginFailure(db, user.id, {
      now,
      lockUntil: new Date(now.getTime() + LOCKOUT_MS),
      threshold: LOCKOUT_THRESHOLD,
    });
    const lockedNow = !!after?.account_locked_until && after.account_locked_until > now;
    await logFailure(ctx, { username: user.username, adminId: user.id }, reason, {
      failedAttempts: after?.failed_login_attempts ?? null,
      ...(lockedNow ? { lockedUntil: after.account_locked_until!.toISOString() } : {}),
    });
    return { lockedNow };
  }

  async function signIn(
    ctx: RequestContext,
    user: AdminUserRow,
    rememberMe: boolean,
    method: 'password' | 'totp' | 'backup_code',
  ): Promise<LoginOutcome> {
    const now = clock.now();
    const result = await db.transaction().execute(async (trx) => {
      const row = await recordLoginSuccess(trx, user.id, now);
      if (!row) return null;
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
      return { row, session };
    });
    // Deactivated or deleted between the checks and here.
    if (!result) throw invalidCredentials();
    return { kind: 'signed-in', user: toAdminUser(result.row), session: result.session };
  }

  return {
    async logRateLimited(ctx, claimedUsername) {
      await logFailure(ctx, { username: claimedUsername }, 'rate_limited', { limit: deps.perMinute });
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

      // A NUL cannot be in a stored username (and Postgres refuses it in a parameter): no account.
      const user = input.username.includes('\u0000')
        ? undefined
        : await findAdminByUsername(db, input.username);
      // Always pay for one argon2 verification, account or not, locked or not.
      const passwordOk = await deps.hasher.verifyOrDummy(user?.password_hash, input.password);
      const now = clock.now();

      if (challengeOwner !== undefined && challengeOwner !== user?.id) {
        // A challenge of another account (or of none that matches this name): the same answer
        // whether or not the name exists.
        await logFailure(ctx, { username: input.username, adminId: user?.id }, 'challenge_expired', {
          mismatch: true,
        });
        throw new UnauthorizedError(ADMIN_MESSAGES.challengeExpired);
      }
      if (!user) {
        await logFailure(ctx, { username: input.username }, 'unknown_user');
        throw invalidCredentials();
      }
      if (!user.is_active) {
        await logFailure(ctx, { username: user.username, adminId: user.id }, 'inactive');
        throw invalidCredentials();
      }
      if (user.account_locked_until && user.account_locked_until > now) {
        await logFailure(ctx, { username: user.username, adminId: user.id }, 'locked', {
          lockedUntil: user.account_locked_until.toISOString(),
        });
        throw invalidCredentials();
      }
      if (!passwordOk) {
        await countFailure(ctx, user, 'wrong_password');
        throw invalidCredentials();
      }

      // 2FA switched off since step 1: the password and the spent challenge are enough.
      if (!user.two_factor_enabled) return signIn(ctx, user, input.rememberMe, 'password');

      if (!code) {
        const challenge = await issueChallenge(user, ctx);
        await logFailure(ctx, { username: user.username, adminId: user.id }, 'two_factor_required');
        return { kind: 'two-factor', message: ADMIN_MESSAGES.twoFactorRequired, challenge };
      }

      const check = await deps.twoFactor.checkSignInCode(user, code);
      if (!check.ok) {
        const { lockedNow } = await countFailure(ctx, user, check.reason);
        // Once locked, no new challenge: the next try starts again at step 1 (and is refused there).
        return lockedNow
          ? { kind: 'two-factor', message: ADMIN_MESSAGES.invalidCode }
          : {
              kind: 'two-factor',
              message: ADMIN_MESSAGES.invalidCode,
              challenge: await issueChallenge(user, ctx),
            };
      }
      return signIn(ctx, user, input.rememberMe, check.method);
    },
  };
}
