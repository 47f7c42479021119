import { DETECTION_ERRORS } from '@tunnelscope/contracts';
import { createRedis } from '@tunnelscope/service-kit';
import { deleteKeysWithPrefix, freePort } from '@tunnelscope/test-kit';
import { sql } from 'kysely';
import { apiCall, createKey, createTestContext, startInstance, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('metering');
});
afterAll(async () => ctx.close());

/** Puts the test clock at `iso` (it only moves forward). */
function setClock(iso: string): void {
  const target = new Date(iso).getTime();
  const now = ctx.clock.now().getTime();
  if (target < now) throw new Error('the clock only moves forward');
  ctx.clock.advance(target - now);
}

const check = (key: string) => apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key });
const batch = (key: string, n: number) =>
  apiCall(ctx.app, ctx.config, {
    method: 'POST',
    url: '/api/v1/vpn/check',
    key,
    payload: { ips: Array.from({ length: n }, (_, i) => `8.8.8.${i % 256}`) },
  });

describe('daily quota and burst', () => {
  it('counts lookups against the daily quota with headers, refuses the excess until 00:00 UTC, then serves again', async () => {
    setClock('2030-01-10T23:00:00.000Z');
    const { key } = await createKey(ctx, { dailyQuota: 5, burstPerSecond: 1000 });
    const first = await check(key);
    expect(first.headers['ratelimit-policy']).toBe('"burst";q=1000;w=1, "daily";q=5;w=86400');
    expect(first.headers.ratelimit).toBe('"burst";r=999;t=1, "daily";r=4;t=3600');

    // A batch is N lookups against the quota.
    expect((await batch(key, 3)).headers.ratelimit).toContain('"daily";r=1;t=3600');
    const tooBig = await batch(key, 2);
    expect(tooBig.statusCode).toBe(429);
    expect(tooBig.json()).toMatchObject({
      code: 'quota_exceeded',
      status: 429,
      title: DETECTION_ERRORS.quota_exceeded.title,
    });
    expect(tooBig.headers['retry-after']).toBe('3600');
    expect(tooBig.headers.ratelimit).toContain('"daily";r=1;');
    expect((await check(key)).statusCode).toBe(200);
    const over = await check(key);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('quota_exceeded');
    expect(over.headers['content-type']).toMatch(/^application\/problem\+json/);

    setClock('2030-01-11T00:00:00.000Z');
    const nextDay = await check(key);
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.headers.ratelimit).toBe('"burst";r=999;t=1, "daily";r=4;t=86400');
  });

  it('counts a batch as one request against the burst and refuses the request over it with Retry-After 1', async () => {
    setClock('2030-01-12T10:00:00.000Z');
    const { key } = await createKey(ctx, { burstPerSecond: 2 });
    expect((await batch(key, 50)).statusCode).toBe(200);
    expect((await check(key)).statusCode).toBe(200);
    const limited = await check(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.headers.ratelimit).toContain('"burst";r=0;t=1');
    ctx.clock.advance(1000);
    expect((await check(key)).statusCode).toBe(200);
  });
});

describe('durable usage', () => {
  it('rolls daily counts up into PostgreSQL and keeps them across a flush of the Redis counters', async () => {
    setClock('2030-02-03T12:00:00.000Z');
    const { key, id } = await createKey(ctx, { dailyQuota: 100 });
    await batch(key, 7);
    await check(key);
    expect(await ctx.app.lookup.usage.rollup()).toBeGreaterThanOrEqual(8);
    // Idempotent: a second run with nothing new adds nothing.
    await ctx.app.lookup.usage.rollup();
    const row = await sql<{ count: number; last: Date | null }>`
      select d.count, k.last_used_at as last from api_key_usage_daily d join api_keys k on k.id = d.key_id
      where d.key_id = ${id} and d.day = '2030-02-03'`.execute(ctx.db);
    expect(row.rows[0]).toEqual({ count: 8, last: new Date('2030-02-03T12:00:00.000Z') });

    await check(key); // pending, not yet rolled up
    await deleteKeysWithPrefix(ctx.redis, ctx.prefix); // the suite's own keys only: Redis is shared
    const usage = await apiCall(ctx.app, ctx.config, { url: '/api/v1/usage', key });
    // The call made after the roll-up was lost with the flush; the rolled-up 8 were not.
    expect(usage.json()).toMatchObject({ today: { used: 8, limit: 100 }, month: { used: 8 } });

    // The quota still counts what was rolled up: the day counter is raised to the durable total.
    await check(key);
    await ctx.app.lookup.usage.rollup();
    const after = await check(key);
    expect(after.headers.ratelimit).toContain('"daily";r=90;');
    const admin = await ctx.app.lookup.apiKeys.usage(id);
    expect(admin.days.at(-1)).toEqual({ date: '2030-02-03', count: 10 });
  });
});

describe('while Redis is down', () => {
  it('serves cached keys, meters in memory with the same limits and headers, and rolls the memory counts up', async () => {
    setClock('2030-03-01T08:00:00.000Z');
    const { key, id } = await createKey(ctx, { dailyQuota: 3 });
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const down = await startInstance(ctx.config, ctx.db, ctx.clock, {
      redis: createRedis(dead),
      subscriber: createRedis(dead, { enableOfflineQueue: false, maxRetriesPerRequest: 0 }),
    });
    try {
      const call = () => apiCall(down.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key });
      const first = await call();
      expect(first.statusCode).toBe(200);
      expect(first.headers.ratelimit).toContain('"daily";r=2;');
      await call();
      await call();
      const over = await call();
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('quota_exceeded');
      expect((await down.app.inject({ url: '/readyz' })).statusCode).toBe(200);

      expect(await down.app.lookup.usage.rollup()).toBe(3);
      const row = await sql<{ count: number }>`
        select count from api_key_usage_daily where key_id = ${id} and day = '2030-03-01'`.execute(ctx.db);
      expect(row.rows[0]?.count).toBe(3);
    } finally {
      await down.close();
    }
  });
});
