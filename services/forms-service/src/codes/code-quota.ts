/**
 * How many verification codes the forms may mail, so they cannot be used to flood inboxes:
 * - per e-mail address, all forms together: at most N in a rolling hour and M in a rolling day;
 * - per client network (/24 for IPv4, /64 for IPv6): at most K in a rolling hour, so one client
 *   cannot mail-bomb many different addresses either (issue 13).
 * One Redis sorted set per limit (the address as its SHA-256, so no address sits in a key name)
 * holds one member per code, scored by the time it was issued. One Lua script trims, checks every
 * limit and only then adds to all of them, atomically, so replicas share the counts and a refused
 * request takes no slot anywhere.
 */
import { createHash, randomUUID } from 'node:crypto';
import { clientNetworkOf } from '@tunnelscope/service-kit';
import type { Redis } from 'ioredis';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

// KEYS: one sorted set per limit. ARGV: now, member, then a (window, max) pair per key.
// Answers {1, 0, 0} when every limit had room (the member is now in all of them), otherwise
// {0, wait ms until the refusing limit frees a slot, the refusing limit's 1-based index}.
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[1 + 2 * i])
  local max = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= max then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return {0, tonumber(oldest[2]) + window - now, i}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, tonumber(ARGV[1 + 2 * i]))
end
return {1, 0, 0}
`;

/** Which limit refused a code. */
export type CodeLimit = 'email_hour' | 'email_day' | 'network_hour';

export type QuotaReservation =
  | { allowed: true; release(): Promise<void> }
  | { allowed: false; limit: CodeLimit; max: number; retryAfterSeconds: number };

export interface CodeQuota {
  /** Takes one slot for `email` sent from `clientIp`, or says which limit refused and for how long. Throws if Redis fails. */
  reserve(email: string, clientIp: string): Promise<QuotaReservation>;
}

export interface CodeQuotaLimits {
  maxPerHour: number;
  maxPerDay: number;
  maxPerNetworkPerHour: number;
}

export function createCodeQuota(
  opts: { redis: Redis; prefix: string; now: () => Date } & CodeQuotaLimits,
): CodeQuota {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const limitsFor = (email: string, clientIp: string) => {
    const who = hash(email.toLowerCase());
    return [
      // The hourly key keeps its old name, so counts survive a deploy of this change.
      {
        limit: 'email_hour',
        key: `${opts.prefix}:forms:otp-codes:${who}`,
        window: HOUR_MS,
        max: opts.maxPerHour,
      },
      {
        limit: 'email_day',
        key: `${opts.prefix}:forms:otp-codes-day:${who}`,
        window: DAY_MS,
        max: opts.maxPerDay,
      },
      {
        limit: 'network_hour',
        key: `${opts.prefix}:forms:otp-codes-net:${hash(clientNetworkOf(clientIp))}`,
        window: HOUR_MS,
        max: opts.maxPerNetworkPerHour,
      },
    ] as const;
  };
  return {
    async reserve(email, clientIp) {
      const limits = limitsFor(email, clientIp);
      const member = randomUUID();
      const [allowed, waitMs, refusedBy] = (await opts.redis.eval(
        RESERVE_SCRIPT,
        limits.length,
        ...limits.map((l) => l.key),
        opts.now().getTime(),
        member,
        ...limits.flatMap((l) => [l.window, l.max]),
      )) as [number, number, number];
      if (!allowed) {
        const refused = limits[refusedBy - 1]!;
        return {
          allowed: false,
          limit: refused.limit,
          max: refused.max,
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        };
      }
      return {
        allowed: true,
        // A code that never reached the queue should not count against the visitor.
        release: async () => {
          await Promise.all(limits.map((l) => opts.redis.zrem(l.key, member)));
        },
      };
    },
  };
}
