/** What every route plugin of auth-service receives (its own file, so no route imports index.ts). */
import type { Clock } from '@tunnelscope/service-kit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { AuthServices } from '../services.js';
import type { ActorOf } from './request-context.js';

export interface RouteDeps {
  config: Config;
  services: AuthServices;
  /** The caller of an admin call, as the database has them now (401 without a live session). */
  actorOf: ActorOf;
  /** Request-path client: the sign-in limit. */
  redis: Redis;
  clock: Clock;
}
