/**
 * The ingest-service HTTP app, built from explicit dependencies so tests pass their own database,
 * Redis and clock. It does not listen; server.ts does. Ready when the IP database answers (every
 * call writes or reads it); Redis (rate limits, the feed scheduler) is reported but does not
 * decide it — the limiter lets calls through while Redis is down.
 */
import rateLimit from '@fastify/rate-limit';
import {
  createServiceApp,
  installInternalAuth,
  internalKeyring,
  pingDb,
  registerHealthRoutes,
  registerRateLimit,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { IngestDb } from './db/schema.js';
import routes from './routes/index.js';
import { createIngestServices } from './services.js';

export interface AppDeps {
  config: Config;
  /** The IP database. */
  db: IngestDb;
  redis: Redis;
  clock: Clock;
}

/** Run reports and the targets call are small; the batch route has its own, larger limit. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'ingest-service',
    logLevel: deps.config.LOG_LEVEL,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  // The gateway's per-request MAC, addressed to this service by name (no admin identity here).
  installInternalAuth(app, { keyring: internalKeyring(deps.config), audience: 'ingest' });
  registerHealthRoutes(
    app,
    { postgres: () => pingDb(deps.db) },
    { optional: { redis: () => deps.redis.ping() } },
  );
  await registerRateLimit(app, rateLimit, {
    redis: deps.redis,
    nameSpace: `${deps.config.REDIS_PREFIX}:ingest:rate-limit:`,
  });

  const services = createIngestServices({ db: deps.db, clock: deps.clock });
  await app.register(routes, { services, config: deps.config, clock: deps.clock });
  return app;
}
