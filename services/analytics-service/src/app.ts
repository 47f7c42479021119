import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import {
  createDb,
  createRedis,
  createServiceApp,
  installGatewayTrust,
  pingDb,
  TooManyRequestsError,
} from '@tunnelscope/service-kit';
import type { AnalyticsConfig } from './config.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerStatsRoutes } from './routes/stats.js';
import { createStatsService } from './stats/stats-service.js';
import { fallbackStatsSource, type StatsSource } from './stats/stats-source.js';

/** Connections and collaborators a caller may supply instead of the ones made from `config`. */
export interface AnalyticsDeps {
  redis?: Redis;
  ipdb?: Kysely<unknown>;
  statsSource?: StatsSource;
}

export async function buildApp(config: AnalyticsConfig, deps: AnalyticsDeps = {}): Promise<FastifyInstance> {
  const app = createServiceApp({ service: 'analytics-service', logLevel: config.LOG_LEVEL });
  installGatewayTrust(app, config.INTERNAL_SHARED_SECRET);

  // Request-path client: a Redis outage fails a command within a second, and every use of Redis
  // here (cache, rate limit) has an answer for that.
  const redis = deps.redis ?? createRedis(config.REDIS_URL, { commandTimeout: 1000 });
  const ipdb =
    deps.ipdb ??
    createDb<unknown>(config.IPDB_URL, {
      max: 5,
      statementTimeoutMs: 5000,
      applicationName: 'analytics-service',
    });
  app.addHook('onClose', async () => {
    if (!deps.redis) redis.disconnect();
    if (!deps.ipdb) await ipdb.destroy();
  });

  const keyPrefix = `${config.REDIS_PREFIX}:analytics`;
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${keyPrefix}:rate-limit:`,
    // The address the gateway vouches for (installGatewayTrust), not the gateway's own.
    keyGenerator: (request) => request.clientIp,
    // Redis down: serve rather than refuse; the stats are cached and cheap.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(
        `Too many requests, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        seconds,
      );
    },
  });

  registerHealthRoutes(app, {
    required: { redis: () => redis.ping() },
    optional: { ipdb: () => pingDb(ipdb) },
  });

  const stats = createStatsService({
    source: deps.statsSource ?? fallbackStatsSource,
    redis,
    cacheKey: `${keyPrefix}:stats`,
    cacheSeconds: config.STATS_CACHE_SECONDS,
    claims: { accuracyRate: config.STATS_ACCURACY_RATE, updateRate: config.STATS_UPDATE_RATE },
    log: app.log,
  });
  registerStatsRoutes(app, { stats, perMinute: config.RATE_LIMIT_STATS_PER_MIN });

  return app;
}
