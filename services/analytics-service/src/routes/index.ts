/** Every route area of analytics-service; contracts' paths are absolute, so each registers at the root. */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from './route-deps.js';
import statsRoutes from './stats/index.js';
import vpnDbRoutes from './vpn-db/index.js';

const routes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  await app.register(statsRoutes, deps);
  await app.register(vpnDbRoutes, deps);
};

export default routes;
