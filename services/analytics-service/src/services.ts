/** Builds the domain services from their dependencies (one place, so app.ts stays wiring). */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createAdminAudit, type Clock } from '@tunnelscope/service-kit';
import { lastRefreshedAt } from './analytics/analytics-repository.js';
import { createAnalyticsService, type AnalyticsService } from './analytics/analytics-service.js';
import {
  createManualRefresh,
  type ManualRefresh,
  type RefreshAuditAction,
} from './analytics/manual-refresh.js';
import { createRefreshJob, type RefreshJob } from './analytics/refresh-job.js';
import { createViewAudit, type ViewAudit, type ViewAuditAction } from './analytics/view-audit.js';
import type { Config } from './config.js';
import type { AppDatabase } from './connections.js';
import { createAnswerCache } from './ipdb/answer-cache.js';
import type { Ipdb } from './ipdb/ipdb.js';
import { createSearchService, type SearchService } from './search/search-service.js';
import { createSourcesService, type SourcesService } from './sources/sources-service.js';
import { createIpdbStatsSource } from './stats/ipdb-stats-source.js';
import { createStatsService, type StatsService } from './stats/stats-service.js';
import type { StatsSource } from './stats/stats-source.js';

export interface AnalyticsServices {
  stats: StatsService;
  analytics: AnalyticsService;
  search: SearchService;
  /** The scheduled refresh of the analytics views (server.ts starts it). */
  refresh: RefreshJob;
  /** An operator's request for a refresh now (POST /vpn-db/refresh). */
  manualRefresh: ManualRefresh;
  /** What fed the IP database lately: feed runs, collector reports (GET /vpn-db/sources). */
  sources: SourcesService;
  /** The audit rows of IP searches and analytics views (issue 16). */
  viewAudit: ViewAudit;
}

export function createAnalyticsServices(deps: {
  config: Config;
  redis: Redis;
  workerRedis: Redis;
  ipdb: Ipdb;
  appDb: Kysely<AppDatabase>;
  clock: Clock;
  statsSource?: StatsSource;
  log: FastifyBaseLogger;
}): AnalyticsServices {
  const { config, redis, log } = deps;
  const keyPrefix = `${config.REDIS_PREFIX}:analytics`;
  const cache = createAnswerCache(redis, `${keyPrefix}:ipdb`, log);
  const analytics = createAnalyticsService({
    db: deps.ipdb.db,
    cache,
    cacheSeconds: config.IPDB_CACHE_SECONDS,
    clock: deps.clock,
    log,
  });
  const refresh = createRefreshJob({
    url: config.IPDB_URL,
    redis,
    workerRedis: deps.workerRedis,
    queuePrefix: config.REDIS_PREFIX,
    lockKey: `${keyPrefix}:ipdb:refresh-lock`,
    intervalSeconds: config.ANALYTICS_REFRESH_INTERVAL_SECONDS,
    timeoutSeconds: config.ANALYTICS_REFRESH_TIMEOUT_SECONDS,
    log,
    // New figures show at once instead of after the 5-minute cache.
    onRefreshed: () => analytics.invalidate(),
  });
  return {
    stats: createStatsService({
      source: deps.statsSource ?? createIpdbStatsSource(deps.ipdb.db),
      redis,
      cacheKey: `${keyPrefix}:stats`,
      cacheSeconds: config.STATS_CACHE_SECONDS,
      claims: { accuracyRate: config.STATS_ACCURACY_RATE, updateRate: config.STATS_UPDATE_RATE },
      log,
    }),
    analytics,
    search: createSearchService({
      pool: deps.ipdb.pool,
      cache,
      cacheSeconds: config.IPDB_CACHE_SECONDS,
      log,
    }),
    refresh,
    manualRefresh: createManualRefresh({
      job: refresh,
      audit: createAdminAudit<RefreshAuditAction>({ db: deps.appDb, clock: deps.clock, log }),
      lastRefreshedAt: () => lastRefreshedAt(deps.ipdb.db),
      waitMs: config.ANALYTICS_REFRESH_WAIT_MS,
      log,
    }),
    sources: createSourcesService({ db: deps.ipdb.db, clock: deps.clock, log }),
    viewAudit: createViewAudit(createAdminAudit<ViewAuditAction>({ db: deps.appDb, clock: deps.clock, log })),
  };
}
