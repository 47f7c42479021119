/** What every route plugin of auth-service receives (its own file, so no route imports index.ts). */
import type { Clock } from '@tunnelscope/service-kit';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { AuthServices } from '../services.js';
import type { Authenticate } from './request-context.js';

export interface RouteDeps {
  config: Config;
  services: AuthServices;
  /** The `onRequest` hook of every call that needs a signed-in operator (see request-context.ts). */
  authenticate: Authenticate;
  /** The same, but it lets an operator who must choose a new password through (me, logout, the choice). */
  authenticatePending: Authenticate;
  /** Request-path client: the sign-in limit. */
  redis: Redis;
  clock: Clock;
}
