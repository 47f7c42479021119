/**
 * The forms-service HTTP app, built from explicit dependencies so tests pass their own database,
 * Redis, queue and clock. It does not listen; server.ts does.
 */
import {
  createServiceApp,
  installInternalAuth,
  internalKeyring,
  pingDb,
  registerHealthRoutes,
  type Clock,
  type MailQueue,
} from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { FormsDb } from './db/schema.js';
import liveEventsRoute from './live/events-route.js';
import { createFormsLive } from './live/live-events.js';
import routes from './routes/index.js';
import { registerRateLimits } from './routes/rate-limit.js';
import { createFormServices } from './services.js';

export interface AppDeps {
  config: Config;
  db: FormsDb;
  /** Request-path client: rate limits and code quotas. */
  redis: Redis;
  mailQueue: MailQueue;
  clock: Clock;
  /** Live updates' heartbeat interval; tests shorten it (LIVE_HEARTBEAT_MS otherwise). */
  liveHeartbeatMs?: number;
}

/** Public form bodies are small; the security log has its own, smaller limit. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'forms-service',
    logLevel: deps.config.LOG_LEVEL,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  // The gateway's per-request MAC and signed identity, addressed to this service by name.
  installInternalAuth(app, { keyring: internalKeyring(deps.config), audience: 'forms' });
  registerHealthRoutes(app, {
    postgres: () => pingDb(deps.db),
    redis: () => deps.redis.ping(),
  });

  const services = createFormServices({ ...deps, log: app.log });
  // The collection hand-off's sweep runs in a listening service only (tests sweep by hand).
  app.addHook('onListen', async () => services.handoff.startSweeping());
  app.addHook('onClose', async () => services.handoff.close());
  await registerRateLimits(app, { redis: deps.redis, config: deps.config, logs: services.logs });
  // Live updates: routes publish after their writes commit; GET /events streams them (issue 16).
  const live = createFormsLive({ redis: deps.redis, config: deps.config, log: app.log });
  await app.register(routes, { services, config: deps.config, live: live.publisher });
  await app.register(liveEventsRoute, { live, heartbeatMs: deps.liveHeartbeatMs });
  return app;
}
