/**
 * The auth-service HTTP app, built from explicit dependencies so tests pass their own database,
 * Redis, queue and clock. It does not listen; server.ts does.
 */
import fastifyCookie from '@fastify/cookie';
import {
  createServiceApp,
  installInternalAuth,
  internalKeyring,
  pingDb,
  registerHealthRoutes,
  type MailQueue,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AuthDb } from './db/schema.js';
import { announceSessionChanges } from './live/session-events.js';
import routes from './routes/index.js';
import type { PasswordHasher } from './passwords/password-hasher.js';
import type { MailOutbox } from './mail-outbox/mail-outbox.js';
import { createAuthServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox: server.ts starts its periodic relay, tests relay by hand. */
    mailOutbox: MailOutbox;
  }
}

export interface AppDeps {
  config: Config;
  db: AuthDb;
  /** Request-path client: the sign-in limit. */
  redis: Redis;
  mailQueue: MailQueue;
  clock: Clock;
  /** Password hashing; argon2id with the configured cost unless given. */
  hasher?: PasswordHasher;
}

/** Admin bodies are small: credentials, a profile, an account. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'auth-service',
    logLevel: deps.config.LOG_LEVEL,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  // The gateway's per-request MAC and signed identity, addressed to this service by name.
  installInternalAuth(app, { keyring: internalKeyring(deps.config), audience: 'auth' });
  await app.register(fastifyCookie);
  registerHealthRoutes(app, {
    postgres: () => pingDb(deps.db),
    redis: () => deps.redis.ping(),
  });

  const services = createAuthServices({ ...deps, log: app.log, metrics: app.metrics });
  app.decorate('mailOutbox', services.mailOutbox);
  // The dummy hash for unknown usernames is made now, so the first such sign-in is not slower.
  app.addHook('onReady', () => services.hasher.warmUp());
  // Open panels hear of sessions starting and ending (issue 16: the Sessions tab's push).
  announceSessionChanges(app, { redis: deps.redis, redisPrefix: deps.config.REDIS_PREFIX });
  await app.register(routes, { config: deps.config, services, redis: deps.redis, clock: deps.clock });
  return app;
}
