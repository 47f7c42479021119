/** Every call ingest-service answers: the collector API under /ingest/v1 (the gateway forwards the path as is). */
import { INGEST_API_PREFIX } from '@tunnelscope/contracts';
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { RouteDeps } from './route-deps.js';
import collectorRoutes from './v1/index.js';

const routes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(collectorRoutes, { ...deps, prefix: INGEST_API_PREFIX });
};

export default routes;
