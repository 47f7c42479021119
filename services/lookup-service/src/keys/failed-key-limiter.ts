/**
 * Failed key attempts per client address: more than LOOKUP_FAILED_KEY_LIMIT_PER_MIN in a minute
 * and that address's calls are refused (429 rate_limited) until the minute ends, whatever key they
 * carry — otherwise a guess that happened to be right would still get through.
 *
 * Failures are counted in Redis (shared by every replica); the refusal is remembered in each
 * replica's memory, so a call with a good key costs no extra Redis round trip. Another replica
 * learns of a blocked address at that address's first failure there. While Redis is down, each
 * replica counts in memory.
 */
import { rateLimitKeyForAddress, type Clock } from '@tunnelscope/service-kit';
import type { Redis } from 'ioredis';
import { redisUnavailable } from '../metering/meter.js';

export interface FailedKeyLimiter {
  /** Seconds until the address may try again, or 0 when it may now. */
  blockedFor(ip: string): number;
  /** Counts one failure of `ip`. */
  recordFailure(ip: string): Promise<void>;
}

const MAX_BLOCKED = 100_000;

export function createFailedKeyLimiter(deps: {
  redis: Redis;
  redisPrefix: string;
  clock: Clock;
  limitPerMinute: number;
}): FailedKeyLimiter {
  const blocked = new Map<string, number>();
  const memoryCounts = new Map<string, number>();
  const minuteOf = (ms: number) => Math.floor(ms / 60_000);

  return {
    blockedFor(address) {
      const ip = rateLimitKeyForAddress(address);
      const until = blocked.get(ip);
      if (until === undefined) return 0;
      const now = deps.clock.now().getTime();
      if (until <= now) {
        blocked.delete(ip);
        return 0;
      }
      return Math.max(1, Math.ceil((until - now) / 1000));
    },
    async recordFailure(address) {
      // An IPv6 client counts as its /64: it could take a fresh address for every guess.
      const ip = rateLimitKeyForAddress(address);
      const now = deps.clock.now().getTime();
      const minute = minuteOf(now);
      const key = `${deps.redisPrefix}:lookup:failed-keys:${ip}:${minute}`;
      let count: number;
      try {
        if (redisUnavailable(deps.redis)) throw new Error(`Redis ${deps.redis.status}`);
        const [[, n]] = (await deps.redis.multi().incr(key).expire(key, 120).exec()) as [[unknown, number]];
        count = Number(n);
      } catch {
        const local = `${ip}|${minute}`;
        count = (memoryCounts.get(local) ?? 0) + 1;
        if (memoryCounts.size > MAX_BLOCKED) memoryCounts.clear();
        memoryCounts.set(local, count);
      }
      if (count >= deps.limitPerMinute) {
        if (blocked.size > MAX_BLOCKED) blocked.clear();
        blocked.set(ip, (minute + 1) * 60_000);
      }
    },
  };
}
