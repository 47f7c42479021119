/**
 * Sign-in attempts per client address and minute, counted in Redis by `@fastify/rate-limit` so
 * every replica shares them. The windows are the minutes of the service's clock (the key names
 * its window and expires at the window's end), so tests move time instead of waiting, and the
 * `Retry-After` of a refusal is the time left in the current minute.
 *
 * This is not the generic per-route limit of service-kit: sign-in has the spec's own 429 text, and
 * the first refusal of each address and window is written to admin_logs before the answer goes out.
 * The per-account lockout is separate (Postgres, login-service.ts).
 */
import rateLimit from '@fastify/rate-limit';
import { ADMIN_MESSAGES, SIGN_IN_UNAVAILABLE_ERROR } from '@tunnelscope/contracts';
import {
  AppError,
  TooManyRequestsError,
  rateLimitKeyForAddress,
  routeLabelOf,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

const WINDOW_MS = 60_000;

export interface LoginRateLimitOptions {
  redis: Redis;
  /** The service's Redis key prefix (REDIS_PREFIX). */
  prefix: string;
  perMinute: number;
  clock: Clock;
  /** Called once per address and window, on its first refused attempt, before the 429 is sent. */
  onFirstRefusal(request: FastifyRequest): Promise<void>;
  /** Called when the attempt could not be counted (Redis down), before the 503 is sent. */
  onUncounted(request: FastifyRequest): Promise<void>;
}

/**
 * Sign-in while attempts cannot be counted: fails closed (issue 13). Without the count the
 * per-address limit does not hold, and unlimited guesses from many addresses could reach the
 * lockout's threshold on every account at once; a short outage of sign-in is the lesser harm.
 */
export class SignInUnavailableError extends AppError {
  constructor() {
    super(503, SIGN_IN_UNAVAILABLE_ERROR, ADMIN_MESSAGES.signInUnavailable, undefined, {
      'retry-after': '30',
    });
  }
}

/** Registers the limiter on `app` and returns the hook that counts one attempt (or refuses it). */
export async function loginRateLimit(
  app: FastifyInstance,
  opts: LoginRateLimitOptions,
): Promise<(request: FastifyRequest) => Promise<void>> {
  const nameSpace = `${opts.prefix}:auth:login-rate:`;
  await app.register(rateLimit, {
    global: false,
    redis: opts.redis,
    nameSpace,
    max: opts.perMinute,
    // An IPv6 client counts as its /64: it can take a fresh address from it for every attempt.
    keyGenerator: (request) =>
      `${Math.floor(opts.clock.now().getTime() / WINDOW_MS)}:${rateLimitKeyForAddress(request.clientIp)}`,
    // The counter of a window lives until that window ends (by the service's clock).
    timeWindow: (_request, key) => {
      const window = Number(key.slice(0, key.indexOf(':')));
      return Math.max(1000, (window + 1) * WINDOW_MS - opts.clock.now().getTime());
    },
    // Failures reach the hook below, which logs them and lets the attempt through.
    skipOnError: false,
  });
  const count = app.createRateLimit();

  return async (request) => {
    let limit;
    try {
      limit = await count(request);
    } catch (err) {
      // Redis down: refuse (fail closed), see SignInUnavailableError.
      request.log.warn({ err }, 'login rate limit unavailable');
      await opts.onUncounted(request);
      throw new SignInUnavailableError();
    }
    if (limit.isAllowed || !limit.isExceeded) return;
    // One log row per address and window, so a flood does not become a flood of writes.
    if (await firstRefusal(opts.redis, `${nameSpace}logged:${limit.key}`, limit.ttl)) {
      await opts.onFirstRefusal(request);
    }
    request.server.metrics.rateLimitRefusals.inc({ route: routeLabelOf(request) });
    throw new TooManyRequestsError(ADMIN_MESSAGES.loginRateLimited, limit.ttlInSeconds);
  };
}

/** Marks the window's first refusal; true only for that one (and when Redis cannot tell). */
async function firstRefusal(redis: Redis, marker: string, ttlMs: number): Promise<boolean> {
  try {
    return (await redis.set(marker, '1', 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
  } catch {
    return true;
  }
}
