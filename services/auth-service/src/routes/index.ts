/**
 * The admin calls that auth-service answers (the gateway strips `/admin-<hex>` and sends
 * it `/auth/*`, `/admin-users*`, `/data/admin-users`, `/data/active-sessions`,
 * `/data/disconnect-session`), plus the gateway's internal session resolve.
 */
import type { FastifyPluginAsync } from 'fastify';
import adminUserRoutes from './admin-users/index.js';
import authRoutes from './auth/index.js';
import internalRoutes from './internal/index.js';
import { createAuthenticate } from './request-context.js';
import type { RouteDeps } from './route-deps.js';
import sessionRoutes from './sessions/index.js';

const routes: FastifyPluginAsync<Omit<RouteDeps, 'authenticate' | 'authenticatePending'>> = async (
  app,
  opts,
) => {
  app.decorateRequest('actor', undefined);
  const deps: RouteDeps = {
    ...opts,
    authenticate: createAuthenticate(opts.services.sessions),
    authenticatePending: createAuthenticate(opts.services.sessions, { allowPendingPasswordChange: true }),
  };
  await app.register(internalRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(adminUserRoutes, deps);
  await app.register(sessionRoutes, deps);
};

export default routes;
