/**
 * Per-key metering: a per-second burst and a daily quota (UTC days), counted in Redis by one Lua
 * script per request, so every replica shares the counts and a check-and-count is atomic. A batch
 * is one request against the burst and N lookups against the quota. A refused request counts
 * against neither.
 *
 * Every counted lookup is also added to a per-day pending hash that the roll-up moves into
 * PostgreSQL (usage-rollup.ts), so usage survives a Redis flush.
 *
 * While Redis is down (a command fails), the meter counts in this replica's memory instead, with
 * the same rules, and warns at most once a minute: calls keep being answered, each replica
 * enforces the limits on its own (so a key may get up to one quota per replica on such a day), and
 * the memory's pending counts are rolled up like Redis's.
 */
import type { Clock } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface MeteredKey {
  id: string;
  dailyQuota: number;
  burstPerSecond: number;
}

export interface MeterState {
  burst: { limit: number; remaining: number; resetSeconds: number };
  daily: { limit: number; remaining: number; resetSeconds: number };
}

export type MeterDecision =
  | ({ allowed: true } & MeterState)
  | ({ allowed: false; reason: 'rate_limited' | 'quota_exceeded'; retryAfterSeconds: number } & MeterState);

const DAY_SECONDS = 86_400;
/** Day counters and pending hashes outlive their day long enough for the last roll-up. */
const DAY_KEY_TTL_SECONDS = 3 * DAY_SECONDS;

/**
 * A client that is reconnecting (or closed) would hold each command until its retries run out:
 * while it is, calls go straight to memory instead of waiting on Redis.
 */
export function redisUnavailable(redis: Redis): boolean {
  return redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end';
}

/** `YYYY-MM-DD` of a time, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date((Math.floor(at.getTime() / 86_400_000) + 1) * 86_400_000);
}

export function secondsToUtcMidnight(at: Date): number {
  const ms = at.getTime();
  return Math.max(1, Math.ceil((Math.floor(ms / 86_400_000 + 1) * 86_400_000 - ms) / 1000));
}

const CONSUME = `
local burst = tonumber(redis.call('GET', KEYS[1]) or '0')
local daily = tonumber(redis.call('GET', KEYS[2]) or '0')
local cost = tonumber(ARGV[3])
if burst >= tonumber(ARGV[1]) then return {1, burst, daily} end
if daily + cost > tonumber(ARGV[2]) then return {2, burst, daily} end
burst = redis.call('INCR', KEYS[1])
if burst == 1 then redis.call('PEXPIRE', KEYS[1], 2000) end
daily = redis.call('INCRBY', KEYS[2], cost)
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('HINCRBY', KEYS[3], ARGV[4], cost)
redis.call('EXPIRE', KEYS[3], ARGV[5])
return {0, burst, daily}
`;

export interface MeterKeys {
  burst(keyId: string, second: number): string;
  daily(keyId: string, day: string): string;
  pending(day: string): string;
}

export function meterKeys(redisPrefix: string): MeterKeys {
  const base = `${redisPrefix}:lookup:meter`;
  return {
    burst: (keyId, second) => `${base}:burst:${keyId}:${second}`,
    daily: (keyId, day) => `${base}:daily:${keyId}:${day}`,
    pending: (day) => `${base}:pending:${day}`,
  };
}

/** The meter's in-memory stand-in while Redis is unreachable. */
class MemoryCounts {
  private readonly burst = new Map<string, { second: number; count: number }>();
  private readonly daily = new Map<string, number>();
  /** `${day}|${keyId}` → lookups not yet rolled up. */
  readonly pending = new Map<string, number>();

  counts(keyId: string, second: number, day: string): { burst: number; daily: number } {
    const b = this.burst.get(keyId);
    return { burst: b && b.second === second ? b.count : 0, daily: this.daily.get(`${day}|${keyId}`) ?? 0 };
  }

  consume(keyId: string, second: number, day: string, cost: number): void {
    const b = this.burst.get(keyId);
    this.burst.set(keyId, { second, count: b && b.second === second ? b.count + 1 : 1 });
    const dayKey = `${day}|${keyId}`;
    this.daily.set(dayKey, (this.daily.get(dayKey) ?? 0) + cost);
    this.pending.set(dayKey, (this.pending.get(dayKey) ?? 0) + cost);
    // Days gone by are dropped, so the map cannot grow without bound.
    if (this.daily.size > 100_000) {
      for (const k of this.daily.keys()) if (!k.startsWith(day)) this.daily.delete(k);
    }
  }

  /** Takes (and clears) every pending count. */
  takePending(): { keyId: string; day: string; count: number }[] {
    const out = [...this.pending].map(([k, count]) => {
      const [day, keyId] = k.split('|') as [string, string];
      return { keyId, day, count };
    });
    this.pending.clear();
    return out;
  }

  putBack(items: readonly { keyId: string; day: string; count: number }[]): void {
    for (const i of items) {
      const k = `${i.day}|${i.keyId}`;
      this.pending.set(k, (this.pending.get(k) ?? 0) + i.count);
    }
  }

  pendingOf(keyId: string, day: string): number {
    return this.pending.get(`${day}|${keyId}`) ?? 0;
  }
}

export interface Meter {
  /** Checks and counts one request of `cost` lookups. */
  consume(key: MeteredKey, cost: number): Promise<MeterDecision>;
  /** The same figures without counting anything (for calls that cost nothing). */
  peek(key: MeteredKey): Promise<MeterState>;
  readonly memory: MemoryCounts;
  readonly keys: MeterKeys;
}

export function createMeter(deps: {
  redis: Redis;
  redisPrefix: string;
  clock: Clock;
  log: FastifyBaseLogger;
}): Meter {
  const keys = meterKeys(deps.redisPrefix);
  const memory = new MemoryCounts();
  let lastWarning = 0;
  const warn = (err: unknown) => {
    const now = Date.now();
    if (now - lastWarning < 60_000) return;
    lastWarning = now;
    deps.log.warn({ err }, "Redis unavailable: metering in this replica's memory");
  };

  const state = (key: MeteredKey, at: Date, burst: number, daily: number): MeterState => ({
    burst: {
      limit: key.burstPerSecond,
      remaining: Math.max(0, key.burstPerSecond - burst),
      resetSeconds: 1,
    },
    daily: {
      limit: key.dailyQuota,
      remaining: Math.max(0, key.dailyQuota - daily),
      resetSeconds: secondsToUtcMidnight(at),
    },
  });

  const decide = (
    key: MeteredKey,
    at: Date,
    outcome: number,
    burst: number,
    daily: number,
  ): MeterDecision => {
    const s = state(key, at, burst, daily);
    if (outcome === 1) return { allowed: false, reason: 'rate_limited', retryAfterSeconds: 1, ...s };
    if (outcome === 2)
      return { allowed: false, reason: 'quota_exceeded', retryAfterSeconds: s.daily.resetSeconds, ...s };
    return { allowed: true, ...s };
  };

  return {
    memory,
    keys,
    async consume(key, cost) {
      const at = deps.clock.now();
      const second = Math.floor(at.getTime() / 1000);
      const day = utcDay(at);
      try {
        if (redisUnavailable(deps.redis)) throw new Error(`Redis ${deps.redis.status}`);
        const [outcome, burst, daily] = (await deps.redis.eval(
          CONSUME,
          3,
          keys.burst(key.id, second),
          keys.daily(key.id, day),
          keys.pending(day),
          key.burstPerSecond,
          key.dailyQuota,
          cost,
          key.id,
          DAY_KEY_TTL_SECONDS,
        )) as [number, number, number];
        return decide(key, at, outcome, burst, daily);
      } catch (err) {
        warn(err);
        const c = memory.counts(key.id, second, day);
        if (c.burst >= key.burstPerSecond) return decide(key, at, 1, c.burst, c.daily);
        if (c.daily + cost > key.dailyQuota) return decide(key, at, 2, c.burst, c.daily);
        memory.consume(key.id, second, day, cost);
        return decide(key, at, 0, c.burst + 1, c.daily + cost);
      }
    },
    async peek(key) {
      const at = deps.clock.now();
      const second = Math.floor(at.getTime() / 1000);
      const day = utcDay(at);
      try {
        if (redisUnavailable(deps.redis)) throw new Error(`Redis ${deps.redis.status}`);
        const [burst, daily] = await deps.redis.mget(keys.burst(key.id, second), keys.daily(key.id, day));
        return state(key, at, Number(burst ?? 0), Number(daily ?? 0));
      } catch (err) {
        warn(err);
        const c = memory.counts(key.id, second, day);
        return state(key, at, c.burst, c.daily);
      }
    },
  };
}
