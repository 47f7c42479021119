/**
 * The admin calls of admin §7 that auth-service answers (the gateway strips `/admin-<hex>` and sends
 * it `/auth/*`, `/admin-users*`, `/data/admin-users`, `/data/active-sessions`,
 * `/data/disconnect-session`), plus the gateway's internal session resolve.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AuthServices } from '../services.js';
import adminUserRoutes from './admin-users/index.js';
import authRoutes from './auth/index.js';
import internalRoutes from './internal/index.js';
import { createActorOf, type ActorOf } from './request-context.js';
import sessionRoutes from './sessions/index.js';

export interface RouteDeps {
  services: AuthServices;
  actorOf: ActorOf;
}

const routes: FastifyPluginAsync<{ services: AuthServices }> = async (app, { services }) => {
  const deps: RouteDeps = { services, actorOf: createActorOf(services.sessions) };
  await app.register(internalRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(adminUserRoutes, deps);
  await app.register(sessionRoutes, deps);
};

export default routes;
