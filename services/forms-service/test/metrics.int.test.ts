import { listenService, metricValue, scrapeMetrics, type ListeningService } from '@tunnelscope/service-kit';
import { createTestContext, nextIp, post, uniqueEmail, type TestContext } from './helpers.js';

describe('forms-service metrics on METRICS_PORT', () => {
  let ctx: TestContext;
  let running: ListeningService;
  beforeAll(async () => {
    ctx = await createTestContext('metrics', { env: { RATE_LIMIT_FORM_PER_MIN: '1', METRICS_PORT: '0' } });
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

  it('counts a request by route and status, labelled forms-service', async () => {
    const labels = { service: 'forms-service', method: 'GET', route: '/readyz', status_code: '200' };
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBeUndefined();
    expect((await fetch(`http://127.0.0.1:${running.port}/readyz`)).status).toBe(200);
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBe(1);
  });

  it('counts a rate-limit refusal by route pattern', async () => {
    const ip = nextIp();
    expect((await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip })).statusCode).toBe(200);
    expect((await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip })).statusCode).toBe(429);
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_rate_limit_refusals_total', { route: '/api/waitlist' })).toBe(1);
    expect(
      metricValue(text, 'http_requests_total', {
        method: 'POST',
        route: '/api/waitlist',
        status_code: '429',
      }),
    ).toBe(1);
  });
});
