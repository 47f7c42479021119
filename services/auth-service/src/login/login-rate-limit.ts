/**
 * Sign-in attempts per client address and minute (DECISIONS.md "Brute force"), counted in Redis so
 * every replica shares them. Fixed one-minute windows taken from the service's clock, so tests can
 * move time; the key's TTL only cleans up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';

const WINDOW_MS = 60_000;
const KEY_TTL_SECONDS = 2 * 60;

export interface LoginRateDecision {
  allowed: boolean;
  /** Attempts in this window, this one included. */
  count: number;
  retryAfterSeconds: number;
}

export interface LoginRateLimiter {
  hit(ip: string): Promise<LoginRateDecision>;
}

export function createLoginRateLimiter(deps: {
  redis: Redis;
  prefix: string;
  perMinute: number;
  clock: Clock;
  log: FastifyBaseLogger;
}): LoginRateLimiter {
  return {
    async hit(ip) {
      const now = deps.clock.now().getTime();
      const window = Math.floor(now / WINDOW_MS);
      const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
      const key = `${deps.prefix}:auth:login-rate:${window}:${ip}`;
      try {
        const results = await deps.redis.multi().incr(key).expire(key, KEY_TTL_SECONDS).exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        return { allowed: count <= deps.perMinute, count, retryAfterSeconds };
      } catch (err) {
        // Redis down: let the attempt through. The per-account lockout lives in Postgres and still
        // holds, and refusing every sign-in would lock operators out during an outage.
        deps.log.warn({ err }, 'login rate limit unavailable');
        return { allowed: true, count: 0, retryAfterSeconds };
      }
    },
  };
}
