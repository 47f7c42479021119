/**
 * Per-client rate limits (DECISIONS.md), counted in Redis so every replica shares them, keyed by
 * the client address the gateway vouches for. Routes opt in with `config.rateLimit`.
 */
import rateLimit from '@fastify/rate-limit';
import { TooManyRequestsError } from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { FormsConfig } from '../config.js';
import { visitorOf, type RegistrationLog } from '../registration-logs/registration-log-service.js';

const WINDOW_MS = 60_000;

export function perMinute(max: number) {
  return { max, timeWindow: WINDOW_MS };
}

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { redis: Redis; config: FormsConfig; logs: RegistrationLog },
): Promise<void> {
  const prefix = `${deps.config.REDIS_PREFIX}:forms:rate-limit:`;
  await app.register(rateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: prefix,
    keyGenerator: (request) => request.clientIp,
    // If Redis is down the limiter lets requests through: every form step needs Redis anyway
    // (code quota, mail queue) and answers 503 there, and the e-mail check and security log are
    // cheap reads and writes we would rather keep than refuse.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        seconds,
      );
    },
    // One log row per client, route and window, so a flood does not become a flood of writes.
    onExceeded: (request) => {
      const marker = `${deps.config.REDIS_PREFIX}:forms:rate-limit-logged:${request.routeOptions.url}:${request.clientIp}`;
      void deps.redis
        .set(marker, '1', 'PX', WINDOW_MS, 'NX')
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
