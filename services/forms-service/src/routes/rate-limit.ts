/**
 * The public routes' rate limits: service-kit's setup (Redis counters shared by every replica,
 * the client address the gateway vouches for, the one 429 text), plus a `rate_limited` log row
 * once per client, route and window. Routes opt in with `config.rateLimit`.
 */
import rateLimit from '@fastify/rate-limit';
import { RATE_LIMIT_WINDOW_MS, registerRateLimit } from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { visitorOf, type RegistrationLog } from '../registration-logs/registration-log-service.js';

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { redis: Redis; config: Config; logs: RegistrationLog },
): Promise<void> {
  await registerRateLimit(app, rateLimit, {
    redis: deps.redis,
    nameSpace: `${deps.config.REDIS_PREFIX}:forms:rate-limit:`,
    // One log row per client, route and window, so a flood does not become a flood of writes.
    onExceeded: (request) => {
      const marker = `${deps.config.REDIS_PREFIX}:forms:rate-limit-logged:${request.routeOptions.url}:${request.clientIp}`;
      void deps.redis
        .set(marker, '1', 'PX', RATE_LIMIT_WINDOW_MS, 'NX')
        .then((first) =>
          first
            ? deps.logs.record(visitorOf(request), {
                action: 'rate_limited',
                success: false,
                errorMessage: 'rate limit exceeded',
                additionalData: { route: request.routeOptions.url },
              })
            : undefined,
        )
        .catch(() => undefined);
    },
  });
}
