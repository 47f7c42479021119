/**
 * At most N codes per e-mail address in a rolling hour, all forms together, so the forms cannot be
 * used to flood someone's inbox. A Redis sorted set per address (its SHA-256, so no address sits
 * in a key name) holds one member per code, scored by the time it was issued; one Lua script
 * trims, counts and adds atomically, so replicas share the count.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const WINDOW_MS = 60 * 60 * 1000;

const RESERVE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= max then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return {1, 0}
`;

export type QuotaReservation =
  { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export interface CodeQuota {
  /** Takes one slot for `email`, or says how long until one frees up. Throws if Redis fails. */
  reserve(email: string): Promise<QuotaReservation>;
}

export function createCodeQuota(opts: {
  redis: Redis;
  prefix: string;
  maxPerHour: number;
  now: () => Date;
}): CodeQuota {
  const keyFor = (email: string) =>
    `${opts.prefix}:forms:otp-codes:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
  return {
    async reserve(email) {
      const key = keyFor(email);
      const member = randomUUID();
      const [allowed, waitMs] = (await opts.redis.eval(
        RESERVE_SCRIPT,
        1,
        key,
        opts.now().getTime(),
        WINDOW_MS,
        opts.maxPerHour,
        member,
      )) as [number, number];
      if (!allowed) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      return {
        allowed: true,
        // A code that never reached the queue should not count against the visitor.
        release: async () => {
          await opts.redis.zrem(key, member);
        },
      };
    },
  };
}
