/** `/auth/*`: sign-in, the auth check, logout, two-factor and the operator's own profile. */
import {
  ADMIN_API,
  SAFETY_MESSAGES,
  backupCodesStatusResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  disable2faRequestSchema,
  endSessionsResponseSchema,
  regenerateBackupCodesRequestSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  setup2faResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  verify2faRequestSchema,
  verify2faResponseSchema,
} from '@tunnelscope/contracts';
import { auditContextOf, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../messages.js';
import {
  challengeCookieOf,
  clearChallengeCookie,
  clearSessionCookie,
  setChallengeCookie,
  setSessionCookie,
} from '../cookies.js';
import { toSessionView } from '../../sessions/session-service.js';
import { actorOf } from '../request-context.js';
import type { RouteDeps } from '../route-deps.js';
import { loginRateLimit } from './login-rate-limit.js';

/**
 * A refused sign-in: the one error shape, and `requires2FA` when the answer is the code step (a
 * normal result for the panel, not an error it shows as such).
 */
const loginRefusedSchema = errorResponseSchema.extend({ requires2FA: z.boolean().optional() });

/** A field as the body sent it, for the log of a refused attempt, if it is a string. */
function claimedString(body: unknown, field: string): string | null {
  const value =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)[field]
      : undefined;
  return typeof value === 'string' ? value : null;
}

const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { config, services, authenticate, authenticatePending, redis, clock },
) => {
  // Every attempt counts, valid or not, before any other check: the hook runs once the body is
  // read (for the username the log names) and before it is validated.
  const countAttempt = await loginRateLimit(app, {
    redis,
    prefix: config.REDIS_PREFIX,
    perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    clock,
    onFirstRefusal: (request) =>
      services.login.logRateLimited(auditContextOf(request), claimedString(request.body, 'username')),
    onUncounted: (request) =>
      services.login.logUncounted(auditContextOf(request), claimedString(request.body, 'username')),
  });

  // Also answered while a new password is required (the panel then shows only that choice). The
  // session's times let the panel warn before the idle timeout (issue 16); read as the database
  // has them after this very call (a background call does not move them).
  app.get(
    ADMIN_API.me.path,
    { onRequest: authenticatePending, schema: { response: { 200: meResponseSchema } } },
    async (request) => {
      const actor = actorOf(request);
      return {
        success: true as const,
        data: { user: await services.profile.me(actor), session: toSessionView(actor.session, clock.now()) },
      };
    },
  );

  app.post(
    ADMIN_API.login.path,
    {
      schema: {
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: loginRefusedSchema },
      },
      // A refused body is logged as a failed sign-in before it is answered, so the handler sees it.
      attachValidation: true,
      preValidation: countAttempt,
    },
    async (request, reply) => {
      const ctx = auditContextOf(request);
      if (request.validationError) {
        await services.login.logInvalidRequest(ctx, claimedString(request.body, 'username'));
        throw request.validationError;
      }
      const challenge = challengeCookieOf(request);
      const outcome = await services.login.login(ctx, request.body, challenge);
      if (outcome.kind === 'signed-in') {
        setSessionCookie(request, reply, outcome.session.token, outcome.session.rememberMe);
        if (challenge !== undefined) clearChallengeCookie(request, reply);
        const now = clock.now();
        const session = toSessionView({ ...outcome.session, lastActivity: now }, now);
        return { success: true, message: AUTH_MESSAGES.loginSuccess, data: { user: outcome.user, session } };
      }
      // A 401 carrying requires2FA is a normal result for the panel: it shows the code step.
      if (outcome.challenge) setChallengeCookie(request, reply, outcome.challenge);
      else if (challenge !== undefined) clearChallengeCookie(request, reply);
      return reply.code(401).send({
        success: false as const,
        error: 'UNAUTHORIZED',
        message: outcome.message,
        requires2FA: true,
        requestId: request.id,
      });
    },
  );

  app.post(
    ADMIN_API.logout.path,
    {
      schema: { response: { 200: okResponseSchema } },
      onRequest: [
        // The browser forgets the cookie whatever happens next, a dead session included.
        async (request, reply) => clearSessionCookie(request, reply),
        authenticatePending,
      ],
    },
    async (request) => {
      await services.activeSessions.logout(actorOf(request));
      return { success: true as const, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    ADMIN_API.setup2fa.path,
    { onRequest: authenticate, schema: { response: { 200: setup2faResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.twoFactor.setup(actorOf(request)),
    }),
  );

  // The panel's API has both names for one call: check the code against the pending secret.
  for (const path of [ADMIN_API.verify2fa.path, ADMIN_API.verify2faSetup.path]) {
    app.post(
      path,
      {
        onRequest: authenticate,
        schema: { body: verify2faRequestSchema, response: { 200: verify2faResponseSchema } },
      },
      async (request) => {
        const { backupCodes } = await services.twoFactor.enable(actorOf(request), request.body);
        return { success: true as const, message: AUTH_MESSAGES.twoFactorEnabled, data: { backupCodes } };
      },
    );
  }

  app.post(
    ADMIN_API.disable2fa.path,
    {
      onRequest: authenticate,
      schema: { body: disable2faRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await services.twoFactor.disable(actorOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.twoFactorDisabled };
    },
  );

  // Issue 16: the forced choice after a reset or an admin-made account (and any later change).
  app.post(
    ADMIN_API.changePassword.path,
    {
      onRequest: authenticatePending,
      schema: { body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema } },
    },
    async (request) => {
      const user = await services.profile.changePassword(actorOf(request), request.body);
      return { success: true as const, message: SAFETY_MESSAGES.passwordChanged, data: { user } };
    },
  );

  // "End all my other sessions": the one in use stays (Sign out ends it).
  app.post(
    ADMIN_API.endOtherSessions.path,
    { onRequest: authenticate, schema: { response: { 200: endSessionsResponseSchema } } },
    async (request) => {
      const ended = await services.activeSessions.endOthers(actorOf(request));
      return { success: true as const, message: SAFETY_MESSAGES.sessionsEnded, data: { ended } };
    },
  );

  app.get(
    ADMIN_API.backupCodes.path,
    { onRequest: authenticate, schema: { response: { 200: backupCodesStatusResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.twoFactor.backupCodesStatus(actorOf(request)),
    }),
  );

  app.post(
    ADMIN_API.regenerateBackupCodes.path,
    {
      onRequest: authenticate,
      schema: { body: regenerateBackupCodesRequestSchema, response: { 200: verify2faResponseSchema } },
    },
    async (request) => {
      const { backupCodes } = await services.twoFactor.regenerateBackupCodes(actorOf(request), request.body);
      return {
        success: true as const,
        message: SAFETY_MESSAGES.backupCodesRegenerated,
        data: { backupCodes },
      };
    },
  );

  app.post(
    ADMIN_API.updateProfile.path,
    {
      onRequest: authenticate,
      schema: { body: updateProfileRequestSchema, response: { 200: updateProfileResponseSchema } },
    },
    async (request) => {
      const user = await services.profile.update(actorOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.profileUpdated, data: { user } };
    },
  );
};

export default authRoutes;
