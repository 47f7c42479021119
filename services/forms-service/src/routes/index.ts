/**
 * Every call forms-service answers: the public forms' calls (the gateway sends it every /api/*
 * but /api/stats; their paths in contracts are absolute) and the operators' review calls below
 * the admin prefix the gateway removes.
 */
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import adminReviewRoutes from './admin/index.js';
import contactRoutes from './contacts/index.js';
import type { RouteDeps } from './route-deps.js';
import securityLogRoutes from './security-log/index.js';
import vpnRequestRoutes from './vpn-requests/index.js';
import waitlistRoutes from './waitlist/index.js';

const routes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(waitlistRoutes, deps);
  await app.register(vpnRequestRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(securityLogRoutes, deps);
  await app.register(adminReviewRoutes, deps);
};

export default routes;
