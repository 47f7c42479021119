/**
 * Durable usage. The meter adds every counted lookup to a per-day pending hash in Redis (or in
 * memory while Redis is down); the roll-up takes those pending counts atomically (HGETALL + DEL in
 * one script), adds them to api_key_usage_daily in one upsert and moves last_used_at. A delta, not
 * the absolute Redis count, is what moves: after a Redis flush the counter starts again at zero
 * while the row keeps what was rolled up, and adding deltas never loses either part. A roll-up
 * whose database write fails puts its deltas back, so nothing is counted twice or lost. After a
 * write, a day counter found below the durable total (Redis was flushed) is raised to it, so the
 * quota still holds.
 *
 * Reads (`/api/v1/usage`, the admin chart) are the durable rows plus what is still pending.
 */
import type { Clock } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { LookupDb } from '../db/schema.js';
import { addUsage, touchLastUsed, usageSince } from '../keys/api-key-repository.js';
import { redisUnavailable, utcDay, type Meter } from './meter.js';

const TAKE = `
local all = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return all
`;

const RAISE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return current
`;

const DAY_MS = 86_400_000;

export interface Usage {
  /** Moves pending counts into PostgreSQL; answers how many lookups it moved. */
  rollup(): Promise<number>;
  /** Today's and this month's lookups of a key (durable + pending). */
  summary(keyId: string): Promise<{ today: number; month: number }>;
  /** The last `days` days (today included), oldest first, zero-filled. */
  daily(keyId: string, days: number): Promise<{ date: string; count: number }[]>;
  /** Rolls up every `seconds` until `stop`. */
  startRollup(seconds: number): { stop(): Promise<void> };
}

export function createUsage(deps: {
  db: LookupDb;
  redis: Redis;
  meter: Meter;
  clock: Clock;
  log: FastifyBaseLogger;
}): Usage {
  const { db, redis, meter, clock, log } = deps;

  /** The days whose pending counts may still exist: today and yesterday. */
  const openDays = () => {
    const now = clock.now().getTime();
    return [utcDay(new Date(now - DAY_MS)), utcDay(new Date(now))];
  };

  const takeFromRedis = async (day: string) => {
    if (redisUnavailable(redis)) throw new Error(`Redis ${redis.status}`);
    const flat = (await redis.eval(TAKE, 1, meter.keys.pending(day))) as string[];
    const out: { keyId: string; day: string; count: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2)
      out.push({ keyId: flat[i]!, day, count: Number(flat[i + 1]) });
    return out;
  };

  const putBackToRedis = async (items: { keyId: string; day: string; count: number }[]) => {
    const m = redis.multi();
    for (const i of items) m.hincrby(meter.keys.pending(i.day), i.keyId, i.count);
    await m.exec();
  };

  const pendingOf = async (keyId: string, day: string): Promise<number> => {
    let fromRedis = 0;
    try {
      if (redisUnavailable(redis)) throw new Error(`Redis ${redis.status}`);
      fromRedis = Number((await redis.hget(meter.keys.pending(day), keyId)) ?? 0);
    } catch {
      // Redis down: what it holds is not readable now; memory still counts.
    }
    return fromRedis + meter.memory.pendingOf(keyId, day);
  };

  const usage: Usage = {
    async rollup() {
      const fromRedis: { keyId: string; day: string; count: number }[] = [];
      try {
        for (const day of openDays()) fromRedis.push(...(await takeFromRedis(day)));
      } catch (err) {
        log.warn({ err }, 'usage roll-up: Redis unavailable, rolling up memory counts only');
      }
      const fromMemory = meter.memory.takePending();
      // One row per key and day, whichever store counted it.
      const merged = new Map<string, { keyId: string; day: string; count: number }>();
      for (const item of [...fromRedis, ...fromMemory]) {
        if (item.count <= 0) continue;
        const k = `${item.day}|${item.keyId}`;
        const seen = merged.get(k);
        if (seen) seen.count += item.count;
        else merged.set(k, { ...item });
      }
      const deltas = [...merged.values()];
      if (deltas.length === 0) return 0;
      let totals: { key_id: string; day: string; count: number }[];
      try {
        totals = await db.transaction().execute(async (trx) => {
          const rows = await addUsage(trx, deltas);
          await touchLastUsed(trx, [...new Set(deltas.map((d) => d.keyId))], clock.now());
          return rows;
        });
      } catch (err) {
        meter.memory.putBack(fromMemory);
        if (fromRedis.length > 0) {
          if (redisUnavailable(redis)) meter.memory.putBack(fromRedis);
          else await putBackToRedis(fromRedis).catch(() => meter.memory.putBack(fromRedis));
        }
        throw err;
      }
      // A day counter below its durable total lost its count in a flush: raise it so the quota holds.
      if (redisUnavailable(redis)) return deltas.reduce((sum, d) => sum + d.count, 0);
      await Promise.all(
        totals.map((t) =>
          redis.eval(RAISE, 1, meter.keys.daily(t.key_id, t.day), t.count, 3 * 86_400).catch(() => undefined),
        ),
      );
      return deltas.reduce((sum, d) => sum + d.count, 0);
    },

    async summary(keyId) {
      const now = clock.now();
      const today = utcDay(now);
      const monthStart = `${today.slice(0, 8)}01`;
      const rows = await usageSince(db, keyId, monthStart);
      const [yesterday] = openDays() as [string, string];
      const pendingToday = await pendingOf(keyId, today);
      const pendingYesterday = yesterday >= monthStart ? await pendingOf(keyId, yesterday) : 0;
      const durableToday = rows.find((r) => r.day === today)?.count ?? 0;
      const durableMonth = rows.reduce((sum, r) => sum + Number(r.count), 0);
      return {
        today: Number(durableToday) + pendingToday,
        month: durableMonth + pendingToday + pendingYesterday,
      };
    },

    async daily(keyId, days) {
      const now = clock.now().getTime();
      const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(now - (days - 1 - i) * DAY_MS)));
      const rows = await usageSince(db, keyId, dates[0]!);
      const durable = new Map(rows.map((r) => [r.day, Number(r.count)]));
      const [yesterday, today] = openDays() as [string, string];
      const pending = new Map([
        [yesterday, await pendingOf(keyId, yesterday)],
        [today, await pendingOf(keyId, today)],
      ]);
      return dates.map((date) => ({ date, count: (durable.get(date) ?? 0) + (pending.get(date) ?? 0) }));
    },

    startRollup(seconds) {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = usage.rollup().catch((err: unknown) => log.error({ err }, 'usage roll-up failed'));
      }, seconds * 1000);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await running;
          // What was counted since the last run is written before the process goes.
          await usage.rollup().catch((err: unknown) => log.error({ err }, 'final usage roll-up failed'));
        },
      };
    },
  };
  return usage;
}
