import { listenService, metricValue, scrapeMetrics, type ListeningService } from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { deadUrl, gatewayConfig, send, startUpstream, type FakeUpstream } from './helpers.js';

describe('the gateway metrics on METRICS_PORT', () => {
  let analytics: FakeUpstream;
  let forms: FakeUpstream;
  let app: FastifyInstance;
  let running: ListeningService;
  let url: string;

  beforeAll(async () => {
    [analytics, forms] = await Promise.all([startUpstream('analytics'), startUpstream('forms')]);
    // forms-service refusing a caller: the 429 the gateway passes on.
    forms.handler = (_req, res) =>
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' })
        .end('{"success":false}');
    const dead = await deadUrl();
    const config = gatewayConfig({
      ANALYTICS_SERVICE_URL: analytics.url,
      FORMS_SERVICE_URL: forms.url,
      AUTH_SERVICE_URL: dead,
      LOOKUP_SERVICE_URL: dead,
      INGEST_SERVICE_URL: dead,
      METRICS_PORT: '0',
    });
    app = await buildApp({ config });
    running = await listenService(app, { port: 0, host: config.HOST, metricsPort: config.METRICS_PORT });
    url = `http://127.0.0.1:${running.port}`;
  });
  afterAll(async () => {
    await running?.close();
    await Promise.all([analytics?.close(), forms?.close()]);
  });

  const scrape = () => scrapeMetrics(running.metrics!.port);

  it('counts a proxied request under the upstream it went to, never its path', async () => {
    const labels = { method: 'GET', route: 'proxy:public:analytics', status_code: '200' };
    const before = metricValue(await scrape(), 'http_requests_total', labels) ?? 0;
    expect((await send(`${url}/api/stats?fresh=1`)).status).toBe(200);
    const after = await scrape();
    expect(metricValue(after, 'http_requests_total', { ...labels, service: 'gateway' })).toBe(before + 1);
    expect(metricValue(after, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(after).not.toContain('/api/stats');
  });

  it('counts its own routes by pattern', async () => {
    await send(`${url}/healthz`);
    expect(
      metricValue(await scrape(), 'http_requests_total', { route: '/healthz', status_code: '200' }),
    ).toBe(1);
  });

  it('counts the 429s it passes on as rate-limit refusals', async () => {
    const route = 'proxy:public:forms';
    expect((await send(`${url}/api/waitlist`, { method: 'POST', body: '{}' })).status).toBe(429);
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_rate_limit_refusals_total', { route, service: 'gateway' })).toBe(1);
  });

  it('serves nothing but /metrics there, and the API port never answers /metrics itself', async () => {
    expect((await fetch(`http://127.0.0.1:${running.metrics!.port}/healthz`)).status).toBe(404);
    // On the API port /metrics is a public page path like any other: the site, not the metrics.
    const page = await send(`${url}/metrics`);
    expect(page.text).not.toContain('http_requests_total');
  });
});
