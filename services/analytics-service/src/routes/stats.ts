import type { FastifyInstance } from 'fastify';
import { PUBLIC_API } from '@tunnelscope/contracts';
import type { StatsService } from '../stats/stats-service.js';

export function registerStatsRoutes(
  app: FastifyInstance,
  opts: { stats: StatsService; perMinute: number },
): void {
  app.get(
    PUBLIC_API.stats.path,
    { config: { rateLimit: { max: opts.perMinute, timeWindow: 60_000 } } },
    async (_request, reply) => {
      // Shared by Redis, not by browsers or proxies: the public client never shows stale data.
      reply.header('cache-control', 'no-store');
      return opts.stats.get();
    },
  );
}
