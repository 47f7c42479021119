import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import { buildTestApp, dropRedisPrefix, get, testConfig } from './helpers.js';

describe('GET /healthz and /readyz', () => {
  const apps: FastifyInstance[] = [];
  const prefixes: string[] = [];
  let ipdb: TestDatabase;

  async function start(env: Record<string, string> = {}) {
    const config = testConfig(env);
    prefixes.push(config.REDIS_PREFIX);
    const app = await buildTestApp(config);
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    ipdb = await createTestDatabase('analytics_health');
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await ipdb.drop();
    for (const p of prefixes) await dropRedisPrefix(p);
  });

  it('healthz answers without touching dependencies', async () => {
    const app = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const res = await get(app, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readyz is ready with Redis and the IP database up', async () => {
    const app = await start({ IPDB_URL: ipdb.url });
    const res = await get(app, '/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { redis: 'ok', ipdb: 'ok' } });
  });

  it('readyz stays ready, reporting it, while only the IP database is down', async () => {
    const app = await start();
    const res = await get(app, '/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { redis: 'ok', ipdb: 'down' } });
  });

  it('readyz is not ready while Redis is down', async () => {
    const app = await start({ REDIS_URL: 'redis://127.0.0.1:1', IPDB_URL: ipdb.url });
    const res = await get(app, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { redis: 'down', ipdb: 'ok' } });
  });
});
