/** Builds the domain services from their dependencies (one place, so app.ts stays wiring). */
import type { Clock } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { LookupDb } from './db/schema.js';
import type { DetectionIndex } from './index/detection-index.js';
import { createAdminAudit } from './keys/admin-audit.js';
import { createApiKeyService, type ApiKeyService } from './keys/api-key-service.js';
import { createFailedKeyLimiter, type FailedKeyLimiter } from './keys/failed-key-limiter.js';
import { KeyCache } from './keys/key-cache.js';
import { createMeter, type Meter } from './metering/meter.js';
import { createUsage, type Usage } from './metering/usage.js';

export interface LookupServices {
  index: DetectionIndex;
  keyCache: KeyCache;
  failedKeys: FailedKeyLimiter;
  meter: Meter;
  usage: Usage;
  apiKeys: ApiKeyService;
}

export function createLookupServices(deps: {
  config: Config;
  db: LookupDb;
  redis: Redis;
  subscriber: Redis;
  index: DetectionIndex;
  clock: Clock;
  log: FastifyBaseLogger;
}): LookupServices {
  const { config, db, redis, clock, log } = deps;
  const keyCache = new KeyCache({
    db,
    redis,
    subscriber: deps.subscriber,
    redisPrefix: config.REDIS_PREFIX,
    clock,
    ttlSeconds: config.LOOKUP_KEY_CACHE_SECONDS,
    negativeTtlSeconds: config.LOOKUP_KEY_NEGATIVE_CACHE_SECONDS,
    log,
  });
  const meter = createMeter({ redis, redisPrefix: config.REDIS_PREFIX, clock, log });
  const usage = createUsage({ db, redis, meter, clock, log });
  return {
    index: deps.index,
    keyCache,
    failedKeys: createFailedKeyLimiter({
      redis,
      redisPrefix: config.REDIS_PREFIX,
      clock,
      limitPerMinute: config.LOOKUP_FAILED_KEY_LIMIT_PER_MIN,
    }),
    meter,
    usage,
    apiKeys: createApiKeyService({
      db,
      clock,
      audit: createAdminAudit({ db, clock, log }),
      invalidate: (keyId) => keyCache.invalidateEverywhere(keyId),
      usage,
    }),
  };
}
