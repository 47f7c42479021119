/**
 * Every call lookup-service answers: the detection API under /api/v1 (the gateway forwards the
 * path as is) and the operators' API-key calls below the admin prefix the gateway removes.
 */
import { DETECTION_API_PREFIX } from '@tunnelscope/contracts';
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import adminApiKeyRoutes from './admin/index.js';
import exportRoutes, { EXPORT_PREFIX } from './export/index.js';
import type { RouteDeps } from './route-deps.js';
import detectionRoutes from './v1/index.js';

const routes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(detectionRoutes, { ...deps, prefix: DETECTION_API_PREFIX });
  await app.register(exportRoutes, { ...deps, prefix: EXPORT_PREFIX });
  await app.register(adminApiKeyRoutes, deps);
};

export default routes;
