/** GET /api/stats: the home page's stats row, public and rate-limited per client address. */
import { PUBLIC_API, statsResponseSchema } from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { RouteDeps } from '../route-deps.js';

const statsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config }) => {
  app.get(
    PUBLIC_API.stats.path,
    {
      config: { rateLimit: perMinute(config.RATE_LIMIT_STATS_PER_MIN) },
      schema: { response: { 200: statsResponseSchema } },
    },
    async (_request, reply) => {
      // Shared by Redis, not by browsers or proxies: the public client never shows stale data.
      reply.header('cache-control', 'no-store');
      return services.stats.get();
    },
  );
};

export default statsRoutes;
