/** The public calls of public §7 that forms-service answers (the gateway sends it every /api/* but /api/stats). */
import type { FastifyPluginAsync } from 'fastify';
import type { FormsConfig } from '../config.js';
import type { FormServices } from '../services.js';
import contactRoutes from './contacts/index.js';
import securityLogRoutes from './security-log/index.js';
import vpnRequestRoutes from './vpn-requests/index.js';
import waitlistRoutes from './waitlist/index.js';

export interface RouteDeps {
  services: FormServices;
  config: FormsConfig;
}

/** Paths in contracts' PUBLIC_API are absolute (/api/...): register these at the root. */
const publicRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  await app.register(waitlistRoutes, deps);
  await app.register(vpnRequestRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(securityLogRoutes, deps);
};

export default publicRoutes;
