import { listenService, metricValue, scrapeMetrics, type ListeningService } from '@tunnelscope/service-kit';
import { dataAgeSeconds } from '../src/index-metrics.js';
import { apiCall, createKey, createTestContext, type TestContext } from './helpers.js';

describe('lookup-service metrics on METRICS_PORT', () => {
  let ctx: TestContext;
  let running: ListeningService;
  beforeAll(async () => {
    ctx = await createTestContext('metrics', { env: { METRICS_PORT: '0' } });
    running = await listenService(ctx.app, {
      port: 0,
      host: ctx.config.HOST,
      metricsPort: ctx.config.METRICS_PORT,
    });
  });
  afterAll(async () => {
    await running?.close();
    await ctx?.close();
  });

  const scrape = () => scrapeMetrics(running.metrics!.port);
  const check = (key: string) => apiCall(ctx.app, ctx.config, { url: '/api/v1/vpn/check?ip=8.8.8.8', key });

  it('counts requests by route pattern and status, labelled lookup-service', async () => {
    expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    const { key } = await createKey(ctx);
    expect((await check(key)).statusCode).toBe(200);
    const text = await scrape();
    expect(
      metricValue(text, 'http_requests_total', {
        service: 'lookup-service',
        method: 'GET',
        route: '/healthz',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/v1/vpn/check',
        status_code: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain('8.8.8.8');
  });

  it('counts quota and burst refusals by plan, never by key', async () => {
    const custom = await createKey(ctx, { dailyQuota: 1 });
    expect((await check(custom.key)).statusCode).toBe(200);
    expect((await check(custom.key)).statusCode).toBe(429);
    // The default quota, a burst of one a second (the test clock stands still).
    const standard = await createKey(ctx, { burstPerSecond: 1 });
    expect((await check(standard.key)).statusCode).toBe(200);
    expect((await check(standard.key)).statusCode).toBe(429);

    const text = await scrape();
    const refusals = (labels: Record<string, string>) =>
      metricValue(text, 'tunnelscope_quota_refusals_total', labels);
    expect(refusals({ plan: 'custom', reason: 'quota' })).toBe(1);
    expect(refusals({ plan: 'default', reason: 'burst' })).toBe(1);
    expect(refusals({})).toBe(2);
    expect(text).not.toContain(custom.id);
    expect(text).not.toContain(standard.id);
  });

  it('reports the index version, age and readiness, and counts a swap to a new version', async () => {
    const before = await scrape();
    expect(metricValue(before, 'tunnelscope_lookup_index_ready')).toBe(1);
    expect(metricValue(before, 'tunnelscope_lookup_index_version')).toBe(7);
    expect(metricValue(before, 'tunnelscope_lookup_index_age_seconds')).toBe(
      dataAgeSeconds('2026-11-25', ctx.clock.now()),
    );
    const swaps = metricValue(before, 'tunnelscope_lookup_index_swaps_total')!;

    ctx.index.dataVersion = { version: 8, date: '2026-11-26' };
    ctx.index.swaps += 1;
    const after = await scrape();
    expect(metricValue(after, 'tunnelscope_lookup_index_version')).toBe(8);
    expect(metricValue(after, 'tunnelscope_lookup_index_swaps_total')).toBe(swaps + 1);
  });
});
