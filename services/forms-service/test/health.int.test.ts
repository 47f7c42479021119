import { createRedis } from '@tunnelscope/service-kit';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { closedPort, createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('health');
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /healthz', () => {
  it('answers ok without touching dependencies', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers ready when Postgres and Redis answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('answers 503 naming Redis when Redis is down', async () => {
    let deadRedis: Redis | undefined;
    const app = await buildApp({
      ...ctx,
      redis: (deadRedis = createRedis(`redis://127.0.0.1:${await closedPort()}`, {
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        // Fail at once instead of queueing (which also keeps ioredis from holding the process open).
        enableOfflineQueue: false,
      })),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { postgres: 'ok', redis: 'down' } });
    } finally {
      await app.close();
      // ioredis holds the process for seconds when an already-ended client is disconnected.
      if (deadRedis.status !== 'end') deadRedis.disconnect();
    }
  });
});
