import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { waitFor, type TestDatabase } from '@tunnelscope/test-kit';
import { createRefreshJob } from '../src/analytics/refresh-job.js';
import {
  adminHeaders,
  buildTestApp,
  ANALYTICS_PATH,
  createIpdb,
  dropRedisPrefix,
  get,
  TEST_REDIS_URL,
  testConfig,
} from './helpers.js';

describe('the scheduled refresh of the analytics views', () => {
  let ipdb: TestDatabase;
  let client: pg.Client;
  let redis: Redis;
  let workerRedis: Redis;
  const apps: FastifyInstance[] = [];
  let prefix: string;
  /** Every app's prefix (each start() makes a new one), dropped after the suite. */
  const prefixes: string[] = [];

  async function start() {
    const config = testConfig({ IPDB_URL: ipdb.url, ANALYTICS_REFRESH_INTERVAL_SECONDS: '3600' });
    prefix = config.REDIS_PREFIX;
    prefixes.push(prefix);
    const app = await buildTestApp(config);
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    ipdb = await createIpdb('refresh');
    client = new pg.Client({ connectionString: ipdb.url });
    await client.connect();
    redis = new Redis(TEST_REDIS_URL);
    workerRedis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await client?.end();
    await ipdb?.drop();
    for (const p of prefixes) await dropRedisPrefix(p);
    redis.disconnect();
    workerRedis.disconnect();
  });

  it('refreshes every view concurrently, records the run and shows new rows at once', async () => {
    const app = await start();
    const before = (await get(app, ANALYTICS_PATH, adminHeaders())).json();
    // server.ts starts the schedule, not listening; this test drives the job itself.
    await app.analyticsRefresh.stop();
    // New rows arrive (an ingestion would do this): a vendor the views do not know yet.
    await client.query(`insert into vendors (name, origin_country) values ('Refresh Test Networks', 'IS')`);
    expect((await get(app, ANALYTICS_PATH, adminHeaders())).json().generatedAt).toBe(before.generatedAt);

    const outcome = await app.analyticsRefresh.runOnce({ force: true });
    expect(outcome.ran).toBe(true);
    expect(outcome.steps!.map((s) => s.step)).toEqual([
      'mv_ip_vpn',
      'mv_entity_totals',
      'mv_vpn_stats',
      'mv_vendor_footprint',
      'mv_vendor_pairs',
      'mv_country_stats',
      'mv_isp_stats',
      'mv_reused_ips',
      'mv_monthly_ips',
    ]);
    const { rows } = await client.query(
      `select trigger, duration_ms from analytics_refresh_runs order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ trigger: 'scheduled', duration_ms: expect.any(Number) });

    // The shared answer was dropped, so the next call reads the refreshed views.
    const after = (await get(app, ANALYTICS_PATH, adminHeaders())).json();
    expect(after.generatedAt).not.toBe(before.generatedAt);
    expect(after.data.entityTotals.total_vendors).toBe(before.data.entityTotals.total_vendors + 1);
    expect(after.data.vendorIpFootprint).toContainEqual({
      vendorname: 'Refresh Test Networks',
      vpn_count: 0,
      total_ips: 0,
      countries: 0,
    });
  });

  it('ticks by itself every interval once started, until stopped', async () => {
    const app = await start();
    const job = createRefreshJob({
      url: ipdb.url,
      redis,
      workerRedis,
      queuePrefix: `${prefix}:own-job`,
      lockKey: `${prefix}:own-job-lock`,
      intervalSeconds: 1,
      timeoutSeconds: 60,
      log: app.log,
    });
    const scheduled = async () =>
      (
        await client.query(
          `select count(*)::int as n from analytics_refresh_runs where trigger = 'scheduled'`,
        )
      ).rows[0].n as number;
    const before = await scheduled();
    await job.start();
    try {
      // Two runs: the first tick and the one it scheduled after it.
      await waitFor(async () => (await scheduled()) >= before + 2, { timeoutMs: 20_000, intervalMs: 100 });
    } finally {
      await job.stop();
    }
    const after = await scheduled();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await scheduled()).toBe(after);
  });

  it('skips a run when one finished within the interval', async () => {
    const app = await start();
    expect(await app.analyticsRefresh.runOnce()).toEqual({ ran: false, skipped: 'fresh' });
  });

  it('lets only the replica holding the lock run it', async () => {
    const app = await start();
    await redis.set(`${prefix}:analytics:ipdb:refresh-lock`, 'another-replica', 'PX', 10_000);
    expect(await app.analyticsRefresh.runOnce({ force: true })).toEqual({ ran: false, skipped: 'locked' });
    expect(await redis.get(`${prefix}:analytics:ipdb:refresh-lock`)).toBe('another-replica');
    await redis.del(`${prefix}:analytics:ipdb:refresh-lock`);
    expect((await app.analyticsRefresh.runOnce({ force: true })).ran).toBe(true);
    // Released after the run.
    expect(await redis.get(`${prefix}:analytics:ipdb:refresh-lock`)).toBeNull();
  });
});
