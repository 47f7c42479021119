import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { STATS_FALLBACK } from '@tunnelscope/contracts';
import type { TestDatabase } from '@tunnelscope/test-kit';
import {
  adminHeaders,
  buildTestApp,
  ANALYTICS_PATH,
  createIpdb,
  dropRedisPrefix,
  get,
  post,
  SEARCH_PATH,
  TEST_REDIS_URL,
  testConfig,
  UNREACHABLE_IPDB_URL,
} from './helpers.js';

const FALLBACKS = {
  ipsTracked: STATS_FALLBACK.ipsTracked,
  vendorsSupported: STATS_FALLBACK.vendorsSupported,
};

/** The IP database may be down while the service stays up and keeps giving its designed answers. */
describe('the IP database out of reach', () => {
  const apps: FastifyInstance[] = [];
  const prefixes: string[] = [];
  let redis: Redis;

  async function start(ipdbUrl: string) {
    const config = testConfig({ IPDB_URL: ipdbUrl });
    prefixes.push(config.REDIS_PREFIX);
    const app = await buildTestApp(config);
    apps.push(app);
    return { app, prefix: config.REDIS_PREFIX };
  }

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const p of prefixes) await dropRedisPrefix(p);
    redis.disconnect();
  });

  describe('a server that cannot be reached (closed port)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      ({ app } = await start(UNREACHABLE_IPDB_URL));
    });

    it('answers the analytics with networkError and a message, fast', async () => {
      const started = Date.now();
      const res = await get(app, ANALYTICS_PATH, adminHeaders());
      expect(Date.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: false,
        networkError: true,
        error: 'SERVICE_UNAVAILABLE',
        message: 'The IP database cannot be reached: the connection was refused.',
      });
    });

    it('answers a search with networkError, after validating the address', async () => {
      const res = await post(app, SEARCH_PATH, { ipAddress: '8.8.8.8' }, adminHeaders());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, networkError: true, searchedIp: '8.8.8.8' });
      expect(res.json().message).toMatch(/^The IP database cannot be reached: /);
      const invalid = await post(app, SEARCH_PATH, { ipAddress: '8.8.8' }, adminHeaders());
      expect(invalid.statusCode).toBe(400);
    });

    it('answers /api/stats with the fallbacks', async () => {
      const res = await get(app, '/api/stats');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(FALLBACKS);
    });

    it('still refuses callers without identity before touching the database', async () => {
      expect((await get(app, ANALYTICS_PATH)).statusCode).toBe(401);
    });
  });

  describe('a database that goes away while the service runs', () => {
    let ipdb: TestDatabase;
    let app: FastifyInstance;
    let prefix: string;
    let address: string;

    beforeAll(async () => {
      ipdb = await createIpdb('outage');
      const client = new pg.Client({ connectionString: ipdb.url });
      await client.connect();
      address = (await client.query(`select host(address) as ip from ips order by address limit 1`)).rows[0]
        .ip;
      await client.end();
      ({ app, prefix } = await start(ipdb.url));
    });
    afterAll(async () => {
      await ipdb?.drop();
    });

    it('serves figures while it is up, then the cached answer, then networkError', async () => {
      const up = await get(app, ANALYTICS_PATH, adminHeaders());
      expect(up.json()).toMatchObject({ success: true, data: { entityTotals: { total_ips: 10_000 } } });
      expect((await get(app, '/api/stats')).json()).toMatchObject({
        ipsTracked: '10K+',
        vendorsSupported: '20+',
      });
      const found = await post(app, SEARCH_PATH, { ipAddress: address }, adminHeaders());
      expect(found.json()).toMatchObject({ success: true });

      // The database disappears: the pool's connections are cut and reconnecting fails.
      await ipdb.drop();

      // Answers younger than 5 minutes are still served from Redis.
      const cached = await get(app, ANALYTICS_PATH, adminHeaders());
      expect(cached.json()).toMatchObject({ success: true, generatedAt: up.json().generatedAt });
      expect((await post(app, SEARCH_PATH, { ipAddress: address }, adminHeaders())).json()).toEqual(
        found.json(),
      );

      // Anything not cached: networkError, quickly, and the service stays up.
      const started = Date.now();
      const other = await post(app, SEARCH_PATH, { ipAddress: '203.0.113.5' }, adminHeaders());
      expect(Date.now() - started).toBeLessThan(3000);
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ success: false, networkError: true });

      // Once the cached answers are gone, the analytics say networkError and the stats fall back.
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      const offline = await get(app, ANALYTICS_PATH, adminHeaders());
      expect(offline.statusCode).toBe(200);
      expect(offline.json()).toMatchObject({ success: false, networkError: true });
      expect(offline.json().message).toMatch(/^The IP database cannot be reached: /);
      expect((await get(app, '/api/stats')).json()).toMatchObject(FALLBACKS);
      expect((await get(app, '/healthz')).statusCode).toBe(200);
      expect((await get(app, '/readyz')).json()).toMatchObject({ status: 'ready', checks: { ipdb: 'down' } });
    });
  });
});
