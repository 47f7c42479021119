/**
 * Per-client rate limits, the same in every service: counted in Redis so every replica shares
 * them, keyed by the client address the gateway vouches for (`installGatewayTrust`; an IPv6
 * address by its /64), and refused
 * with one 429 text and a `Retry-After` header. Routes opt in with `config: { rateLimit: … }`.
 *
 * The plugin itself (`@fastify/rate-limit`) is the service's dependency and is passed in, so
 * this package does not pin a second copy of it.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitKeyForAddress } from './client-network.js';
import { TooManyRequestsError } from './errors.js';
import { routeLabelOf } from './http-metrics.js';
// `request.clientIp` is declared there.
import type {} from './gateway-trust.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** A route's `config.rateLimit`: at most `max` calls per client and minute. */
export function perMinute(max: number): { max: number; timeWindow: number } {
  return { max, timeWindow: RATE_LIMIT_WINDOW_MS };
}

/** The one 429 text every service answers when a client exceeds a rate limit. */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** The options this module hands to `@fastify/rate-limit` (a subset of its own). */
export interface ServiceRateLimitOptions {
  global: false;
  redis: Redis;
  nameSpace: string;
  keyGenerator: (request: FastifyRequest) => string;
  skipOnError: boolean;
  errorResponseBuilder: (request: FastifyRequest, context: { ttl: number }) => object;
  onExceeded?: (request: FastifyRequest, key: string) => void;
}

export interface RateLimitSetup {
  redis: Redis;
  /** Redis key prefix of the counters, e.g. `${REDIS_PREFIX}:forms:rate-limit:`. */
  nameSpace: string;
  /** Called on each refused request (e.g. to write one log row per client and window). */
  onExceeded?: (request: FastifyRequest, key: string) => void;
}

export function rateLimitOptions(setup: RateLimitSetup): ServiceRateLimitOptions {
  return {
    global: false,
    redis: setup.redis,
    nameSpace: setup.nameSpace,
    // An IPv6 client counts as its /64 (it can take a new address from it for every call).
    keyGenerator: (request) => rateLimitKeyForAddress(request.clientIp),
    // Redis down: the limiter lets requests through. Whatever a limited route does that needs
    // Redis answers 503 on its own, and the rest is cheap enough to serve rather than refuse.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new TooManyRequestsError(tooManyRequestsMessage(seconds), seconds);
    },
    ...(setup.onExceeded ? { onExceeded: setup.onExceeded } : {}),
  };
}

/**
 * Registers `@fastify/rate-limit` (pass its default export) with the shared options: Redis
 * counters, the gateway-vouched client address, the one 429 text. Each refusal is counted in
 * `tunnelscope_rate_limit_refusals_total` by route pattern.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  plugin: FastifyPluginCallback<ServiceRateLimitOptions>,
  setup: RateLimitSetup,
): Promise<void> {
  const refusals = app.metrics.rateLimitRefusals;
  await app.register(
    plugin,
    rateLimitOptions({
      ...setup,
      onExceeded: (request, key) => {
        refusals.inc({ route: routeLabelOf(request) });
        setup.onExceeded?.(request, key);
      },
    }),
  );
}
