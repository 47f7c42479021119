/** `/auth/*`: sign-in, the auth check, logout, two-factor and the operator's own profile. */
import { ADMIN_API } from '@tunnelscope/contracts';
import { auditContextOf } from '@tunnelscope/service-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../messages.js';
import {
  challengeCookieOf,
  clearChallengeCookie,
  clearSessionCookie,
  setChallengeCookie,
  setSessionCookie,
} from '../cookies.js';
import type { RouteDeps } from '../route-deps.js';
import { claimedString } from '../../validation.js';
import { loginRateLimit } from './login-rate-limit.js';

const authRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { config, services, actorOf, redis, clock },
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
  });

  app.get(ADMIN_API.me.path, async (request) => {
    const actor = await actorOf(request);
    return { success: true, data: { user: await services.profile.me(actor) } };
  });

  app.post(ADMIN_API.login.path, { preValidation: countAttempt }, async (request, reply) => {
    const challenge = challengeCookieOf(request);
    const outcome = await services.login.login(auditContextOf(request), request.body, challenge);
    if (outcome.kind === 'signed-in') {
      setSessionCookie(request, reply, outcome.session.token, outcome.session.rememberMe);
      if (challenge !== undefined) clearChallengeCookie(request, reply);
      return { success: true, message: AUTH_MESSAGES.loginSuccess, data: { user: outcome.user } };
    }
    // A 401 carrying requires2FA is a normal result for the panel: it shows the code step.
    if (outcome.challenge) setChallengeCookie(request, reply, outcome.challenge);
    else if (challenge !== undefined) clearChallengeCookie(request, reply);
    return reply.code(401).send({
      success: false,
      error: 'UNAUTHORIZED',
      message: outcome.message,
      requires2FA: true,
      requestId: request.id,
    });
  });

  app.post(ADMIN_API.logout.path, async (request, reply) => {
    // The browser forgets the cookie whatever happens next.
    clearSessionCookie(request, reply);
    const actor = await actorOf(request);
    await services.activeSessions.logout(actor);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  app.post(ADMIN_API.setup2fa.path, async (request) => {
    const actor = await actorOf(request);
    return { success: true, data: await services.twoFactor.setup(actor) };
  });

  // The panel's API has both names for one call: check the code against the pending secret.
  const verify = async (request: FastifyRequest, _reply: FastifyReply) => {
    const actor = await actorOf(request);
    const { backupCodes } = await services.twoFactor.enable(actor, request.body);
    return { success: true, message: AUTH_MESSAGES.twoFactorEnabled, data: { backupCodes } };
  };
  app.post(ADMIN_API.verify2fa.path, verify);
  app.post(ADMIN_API.verify2faSetup.path, verify);

  app.post(ADMIN_API.disable2fa.path, async (request) => {
    const actor = await actorOf(request);
    await services.twoFactor.disable(actor);
    return { success: true, message: AUTH_MESSAGES.twoFactorDisabled };
  });

  app.post(ADMIN_API.updateProfile.path, async (request) => {
    const actor = await actorOf(request);
    const user = await services.profile.update(actor, request.body);
    return { success: true, message: AUTH_MESSAGES.profileUpdated, data: { user } };
  });
};

export default authRoutes;
