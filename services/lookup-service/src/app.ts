/**
 * The lookup-service HTTP app, built from explicit dependencies so tests pass their own database,
 * Redis connections, index and clock. It does not listen; server.ts does. Readiness is the index:
 * until the first snapshot has loaded `/readyz` fails. PostgreSQL (keys) and Redis (metering) are
 * reported but do not decide it: cached keys and the in-memory meter keep answering without them.
 */
import {
  createServiceApp,
  installInternalAuth,
  internalKeyring,
  pingDb,
  registerHealthRoutes,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { LookupDb } from './db/schema.js';
import { registerIndexMetrics } from './index-metrics.js';
import type { DetectionIndex } from './index/detection-index.js';
import type { KeyCache } from './keys/key-cache.js';
import { createQuotaRefusals } from './metering/quota-refusals.js';
import routes from './routes/index.js';
import { createLookupServices, type LookupServices } from './services.js';

export interface AppDeps {
  config: Config;
  /** The application database (api_keys, api_key_usage_daily, admin_logs). */
  db: LookupDb;
  /** Request-path client: metering, failed-key counts, publishing key invalidations. */
  redis: Redis;
  /** A connection of its own for the key-invalidation subscription. */
  subscriber: Redis;
  index: DetectionIndex;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This replica's services (the roll-up timer and the key cache's events live here). */
    lookup: LookupServices;
  }
}

/** Admin bodies are small; the batch route has its own, larger limit. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'lookup-service',
    logLevel: deps.config.LOG_LEVEL,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  // The gateway's per-request MAC and signed identity, addressed to this service by name.
  installInternalAuth(app, { keyring: internalKeyring(deps.config), audience: 'lookup' });
  registerHealthRoutes(
    app,
    {
      index: async () => {
        if (!deps.index.ready) throw new Error('index loading');
      },
    },
    { optional: { postgres: () => pingDb(deps.db), redis: () => deps.redis.ping() } },
  );

  const services = createLookupServices({ ...deps, log: app.log });
  app.decorate('lookup', services);
  services.keyCache.start();
  // The index's version, age, size and swaps, read at each scrape (index-metrics.ts).
  registerIndexMetrics(app.metrics, deps.index, deps.clock);
  await app.register(routes, {
    services,
    config: deps.config,
    clock: deps.clock,
    quotaRefusals: createQuotaRefusals(app.metrics),
  });
  return app;
}

export type { KeyCache };
