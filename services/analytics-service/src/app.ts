/**
 * The analytics-service HTTP app, built from explicit dependencies so tests pass their own Redis,
 * IP database pool, clock and stats source. It never connects and never listens; server.ts does.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import {
  createServiceApp,
  installInternalAuth,
  internalKeyring,
  pingDb,
  registerHealthRoutes,
  registerRateLimit,
  type Clock,
} from '@tunnelscope/service-kit';
import type { RefreshJob } from './analytics/refresh-job.js';
import type { Config } from './config.js';
import type { AppDatabase } from './connections.js';
import type { Ipdb } from './ipdb/ipdb.js';
import routes from './routes/index.js';
import { createAnalyticsServices } from './services.js';
import type { StatsSource } from './stats/stats-source.js';

export interface AppDeps {
  config: Config;
  /** Request-path client (caches, rate limit); a Redis outage fails its commands quickly. */
  redis: Redis;
  /** The refresh worker's blocking connection. */
  workerRedis: Redis;
  /** The IP database's request-path pool; the database may be down. */
  ipdb: Ipdb;
  /** The application database, where requested refreshes are audited (admin_logs). */
  appDb: Kysely<AppDatabase>;
  clock: Clock;
  /** Where /api/stats counts come from; the IP database by default. */
  statsSource?: StatsSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled refresh of the analytics views (server.ts starts it when configured). */
    analyticsRefresh: RefreshJob;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, redis } = deps;
  const app = createServiceApp({ service: 'analytics-service', logLevel: config.LOG_LEVEL });
  // The gateway's per-request MAC and signed identity, addressed to this service by name.
  installInternalAuth(app, { keyring: internalKeyring(config), audience: 'analytics' });

  // Per client address the gateway vouches for, counted in Redis; with Redis down requests pass
  // (the stats are cached and cheap).
  await registerRateLimit(app, rateLimit, {
    redis,
    nameSpace: `${config.REDIS_PREFIX}:analytics:rate-limit:`,
  });

  // The IP database is only reported: while it is down this service still answers /api/stats
  // with the fallbacks and the admin analytics with `networkError: true`.
  registerHealthRoutes(
    app,
    { redis: () => redis.ping() },
    { optional: { ipdb: () => pingDb(deps.ipdb.db) } },
  );

  const services = createAnalyticsServices({ ...deps, log: app.log });
  await app.register(routes, { services, config });

  app.decorate('analyticsRefresh', services.refresh);
  app.addHook('onClose', async () => services.refresh.stop());
  return app;
}
