import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  createRedis,
  createServiceApp,
  installAdminIdentity,
  installGatewayTrust,
  pingDb,
  TooManyRequestsError,
} from '@tunnelscope/service-kit';
import { createAnalyticsService } from './analytics/analytics-service.js';
import { createRefreshJob, type RefreshJob } from './analytics/refresh-job.js';
import type { AnalyticsConfig } from './config.js';
import { createAnswerCache } from './ipdb/answer-cache.js';
import { createIpdb, type Ipdb } from './ipdb/ipdb.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerStatsRoutes } from './routes/stats.js';
import { registerVpnDbRoutes } from './routes/vpn-db.js';
import { createSearchService } from './search/search-service.js';
import { createIpdbStatsSource } from './stats/ipdb-stats-source.js';
import { createStatsService } from './stats/stats-service.js';
import type { StatsSource } from './stats/stats-source.js';

/** Connections and collaborators a caller may supply instead of the ones made from `config`. */
export interface AnalyticsDeps {
  redis?: Redis;
  ipdb?: Ipdb;
  statsSource?: StatsSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled refresh of the analytics views (started with the server when configured). */
    analyticsRefresh: RefreshJob;
  }
}

export async function buildApp(config: AnalyticsConfig, deps: AnalyticsDeps = {}): Promise<FastifyInstance> {
  const app = createServiceApp({ service: 'analytics-service', logLevel: config.LOG_LEVEL });
  installGatewayTrust(app, config.INTERNAL_SHARED_SECRET);
  installAdminIdentity(app, config.INTERNAL_SHARED_SECRET);

  // Request-path client: a Redis outage fails a command within a second, and every use of Redis
  // here (cache, rate limit) has an answer for that.
  const redis = deps.redis ?? createRedis(config.REDIS_URL, { commandTimeout: 1000 });
  const ipdb =
    deps.ipdb ??
    createIpdb(config.IPDB_URL, {
      max: config.IPDB_POOL_MAX,
      connectTimeoutMs: config.IPDB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.IPDB_STATEMENT_TIMEOUT_MS,
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
    optional: { ipdb: () => pingDb(ipdb.db) },
  });

  const stats = createStatsService({
    source: deps.statsSource ?? createIpdbStatsSource(ipdb.db),
    redis,
    cacheKey: `${keyPrefix}:stats`,
    cacheSeconds: config.STATS_CACHE_SECONDS,
    claims: { accuracyRate: config.STATS_ACCURACY_RATE, updateRate: config.STATS_UPDATE_RATE },
    log: app.log,
  });
  registerStatsRoutes(app, { stats, perMinute: config.RATE_LIMIT_STATS_PER_MIN });

  const cache = createAnswerCache(redis, `${keyPrefix}:ipdb`, app.log);
  const analytics = createAnalyticsService({
    db: ipdb.db,
    cache,
    cacheSeconds: config.IPDB_CACHE_SECONDS,
    log: app.log,
  });
  const search = createSearchService({
    pool: ipdb.pool,
    cache,
    cacheSeconds: config.IPDB_CACHE_SECONDS,
    log: app.log,
  });
  registerVpnDbRoutes(app, { analytics, search });

  const refresh = createRefreshJob({
    url: config.IPDB_URL,
    redis,
    lockKey: `${keyPrefix}:ipdb:refresh-lock`,
    intervalSeconds: config.ANALYTICS_REFRESH_INTERVAL_SECONDS,
    timeoutSeconds: config.ANALYTICS_REFRESH_TIMEOUT_SECONDS,
    log: app.log,
    // New figures show at once instead of after the 5-minute cache.
    onRefreshed: () => analytics.invalidate(),
  });
  app.decorate('analyticsRefresh', refresh);
  if (config.ANALYTICS_REFRESH_INTERVAL_SECONDS > 0) app.addHook('onListen', async () => refresh.start());

  app.addHook('onClose', async () => {
    await refresh.stop();
    if (!deps.redis) redis.disconnect();
    if (!deps.ipdb) await ipdb.destroy();
  });

  return app;
}
