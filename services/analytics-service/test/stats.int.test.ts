import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { statsResponseSchema, STATS_FALLBACK } from '@tunnelscope/contracts';
import type { StatsSource } from '../src/stats/stats-source.js';
import type { TestDatabase } from '@tunnelscope/test-kit';
import { formatCount } from '../src/stats/ipdb-stats-source.js';
import {
  buildTestApp,
  createIpdb,
  dropRedisPrefix,
  get,
  viaGateway,
  TEST_REDIS_URL,
  testConfig,
} from './helpers.js';

const FALLBACKS = {
  ipsTracked: STATS_FALLBACK.ipsTracked,
  vendorsSupported: STATS_FALLBACK.vendorsSupported,
};

describe('GET /api/stats', () => {
  const apps: FastifyInstance[] = [];
  const prefixes: string[] = [];
  let redis: Redis;

  async function start(env: Record<string, string> = {}, statsSource?: StatsSource) {
    const config = testConfig(env);
    prefixes.push(config.REDIS_PREFIX);
    const app = await buildTestApp(config, statsSource ? { statsSource } : {});
    apps.push(app);
    return { app, config };
  }

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    for (const p of prefixes) await dropRedisPrefix(p);
    redis.disconnect();
  });

  it('answers the fallbacks with the default product claims', async () => {
    const { app } = await start();
    const res = await get(app, '/api/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...FALLBACKS, accuracyRate: '99.7%', updateRate: '12H' });
    expect(statsResponseSchema.safeParse(res.json()).success).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the claims configured for this deployment', async () => {
    const { app } = await start({ STATS_ACCURACY_RATE: '98.5%', STATS_UPDATE_RATE: '6H' });
    const res = await get(app, '/api/stats');
    expect(res.json()).toEqual({ ...FALLBACKS, accuracyRate: '98.5%', updateRate: '6H' });
  });

  it('answers the fallbacks while IPDB_URL points to a server that cannot be reached', async () => {
    const { app } = await start({ IPDB_URL: 'postgres://postgres@127.0.0.1:1/tunnelscope_ipdb' });
    const res = await get(app, '/api/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(FALLBACKS);
  });

  it('answers the fallbacks, not a 5xx, when the source fails', async () => {
    const failing: StatsSource = { counts: () => Promise.reject(new Error('relation "ips" does not exist')) };
    const { app } = await start({}, failing);
    const res = await get(app, '/api/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...FALLBACKS, accuracyRate: '99.7%', updateRate: '12H' });
  });

  it('answers the fallbacks in bounded time when the source hangs', async () => {
    const hanging: StatsSource = { counts: () => new Promise(() => undefined) };
    const { app } = await start({}, hanging);
    const started = Date.now();
    const res = await get(app, '/api/stats');
    expect(res.json()).toMatchObject(FALLBACKS);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('shares a counted answer through Redis for STATS_CACHE_SECONDS', async () => {
    let calls = 0;
    const counting: StatsSource = {
      counts: async () => {
        calls += 1;
        return { ipsTracked: '1.2M+', vendorsSupported: '81' };
      },
    };
    const { app, config } = await start({ STATS_CACHE_SECONDS: '60' }, counting);
    const [a, b] = await Promise.all([get(app, '/api/stats'), get(app, '/api/stats')]);
    await get(app, '/api/stats');
    expect(a.json()).toEqual({
      ipsTracked: '1.2M+',
      vendorsSupported: '81',
      accuracyRate: '99.7%',
      updateRate: '12H',
    });
    expect(b.json()).toEqual(a.json());
    expect(calls).toBe(1);
    const key = `${config.REDIS_PREFIX}:analytics:stats`;
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    // Another replica on the same Redis answers from the shared cache.
    const other = await buildTestApp(config, { statsSource: counting });
    apps.push(other);
    expect((await get(other, '/api/stats')).json()).toMatchObject({ ipsTracked: '1.2M+' });
    expect(calls).toBe(1);
  });

  it('still answers while Redis is down', async () => {
    const { app } = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const res = await get(app, '/api/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(FALLBACKS);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  describe('from the IP database', () => {
    const databases: TestDatabase[] = [];
    afterAll(async () => {
      for (const db of databases) await db.drop();
    });

    it('counts the addresses tracked and the vendors of a loaded database', async () => {
      const ipdb = await createIpdb('stats');
      databases.push(ipdb);
      const { app } = await start({ IPDB_URL: ipdb.url });
      const res = await get(app, '/api/stats');
      expect(res.json()).toEqual({
        ipsTracked: formatCount(10_000),
        vendorsSupported: formatCount(20),
        accuracyRate: '99.7%',
        updateRate: '12H',
      });
      expect(res.json()).toMatchObject({ ipsTracked: '10K+', vendorsSupported: '20+' });
    });

    it('answers the fallbacks while the IP database is migrated but empty', async () => {
      const ipdb = await createIpdb('stats_empty', { generate: false });
      databases.push(ipdb);
      const { app } = await start({ IPDB_URL: ipdb.url });
      expect((await get(app, '/api/stats')).json()).toEqual({
        ...FALLBACKS,
        accuracyRate: '99.7%',
        updateRate: '12H',
      });
    });
  });

  describe('rate limit', () => {
    it('answers 429 JSON with Retry-After past the configured limit', async () => {
      const { app } = await start({ RATE_LIMIT_STATS_PER_MIN: '3' });
      for (let i = 0; i < 3; i++) {
        expect((await get(app, '/api/stats')).statusCode).toBe(200);
      }
      const res = await get(app, '/api/stats');
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
      expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    });

    it('counts each client address the gateway vouches for separately', async () => {
      const { app } = await start({ RATE_LIMIT_STATS_PER_MIN: '2' });
      const as = (ip: string) => viaGateway(ip);
      for (let i = 0; i < 2; i++) await get(app, '/api/stats', as('203.0.113.1'));
      expect((await get(app, '/api/stats', as('203.0.113.1'))).statusCode).toBe(429);
      expect((await get(app, '/api/stats', as('203.0.113.2'))).statusCode).toBe(200);
    });

    it('ignores X-Forwarded-For without the gateway token', async () => {
      const { app } = await start({ RATE_LIMIT_STATS_PER_MIN: '2' });
      for (let i = 0; i < 2; i++) await get(app, '/api/stats');
      const spoofed = await get(app, '/api/stats', { 'x-forwarded-for': '198.51.100.77' });
      expect(spoofed.statusCode).toBe(429);
    });
  });
});
