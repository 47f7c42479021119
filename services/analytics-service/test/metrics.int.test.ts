import { listenService, metricValue, scrapeMetrics, type ListeningService } from '@tunnelscope/service-kit';
import { buildTestApp, dropRedisPrefix, testConfig } from './helpers.js';

describe('analytics-service metrics on METRICS_PORT', () => {
  let running: ListeningService;
  let prefix: string;
  beforeAll(async () => {
    const config = testConfig({ METRICS_PORT: '0' });
    prefix = config.REDIS_PREFIX;
    running = await listenService(await buildTestApp(config), {
      port: 0,
      host: config.HOST,
      metricsPort: config.METRICS_PORT,
    });
  });
  afterAll(async () => {
    await running?.close();
    if (prefix) await dropRedisPrefix(prefix);
  });

  it('counts a request by route and status, labelled analytics-service', async () => {
    const scrape = () => scrapeMetrics(running.metrics!.port);
    const labels = { service: 'analytics-service', method: 'GET', route: '/healthz', status_code: '200' };
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBeUndefined();
    expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    const text = await scrape();
    expect(metricValue(text, 'http_requests_total', labels)).toBe(1);
    expect(metricValue(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="analytics-service"\} /m);
  });
});
