import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INGEST_API } from '@tunnelscope/contracts';
import {
  listenService,
  metricValue,
  scrapeMetrics,
  systemClock,
  type ListeningService,
} from '@tunnelscope/service-kit';
import { countedFeedRun, createFeedRunCounter } from '../src/feeds/feed-metrics.js';
import { runFeed, type FeedConfig } from '../src/feeds/feed-runner.js';
import { call, createTestContext, newCollectorToken, seedVpn, type TestContext } from './helpers.js';

describe('ingest-service metrics on METRICS_PORT', () => {
  let ctx: TestContext;
  let running: ListeningService;
  let feedServer: Server;
  let cacheDir: string;
  let torBody: string;

  beforeAll(async () => {
    ctx = await createTestContext('metrics', { env: { METRICS_PORT: '0' } });
    running = await listenService(ctx.app, {
      port: 0,
      host: ctx.config.HOST,
      metricsPort: ctx.config.METRICS_PORT,
    });
    torBody = await readFile(join(import.meta.dirname, 'fixtures', 'tor-exits.txt'), 'utf8');
    feedServer = createServer((req, res) => {
      if (req.url === '/tor') res.writeHead(200, { 'content-type': 'text/plain' }).end(torBody);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    cacheDir = await mkdtemp(join(tmpdir(), 'ingest-metrics-feeds-'));
  });
  afterAll(async () => {
    await running?.close();
    await ctx?.close();
    await new Promise((resolve) => feedServer?.close(resolve));
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  });

  const scrape = () => scrapeMetrics(running.metrics!.port);

  it('counts a request by route and status, labelled ingest-service', async () => {
    expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    const labels = { service: 'ingest-service', method: 'GET', route: '/healthz', status_code: '200' };
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBe(1);
  });

  it('counts the items of a collector batch, applied and refused', async () => {
    const token = await newCollectorToken(ctx);
    await seedVpn(ctx, 'Metrics Test VPN', 'Metrics Test Vendor');
    const observedAt = ctx.clock.now().toISOString();
    const res = await call(ctx, {
      method: 'POST',
      url: INGEST_API.observations.path,
      token,
      body: {
        observations: [
          { vpn: 'Metrics Test VPN', ip: '185.159.157.77', observedAt },
          // A private address is no VPN exit: refused, the rest applied.
          { vpn: 'Metrics Test VPN', ip: '10.1.2.3', observedAt },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refused).toHaveLength(1);
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_ingest_items_total', { result: 'applied' })).toBe(1);
    expect(metricValue(text, 'tunnelscope_ingest_items_total', { result: 'refused' })).toBe(1);
    expect(
      metricValue(text, 'http_requests_total', {
        method: 'POST',
        route: INGEST_API.observations.path,
        status_code: '200',
      }),
    ).toBe(1);
  });

  it('counts feed runs by feed and result: applied, kept_previous, failed', async () => {
    const count = createFeedRunCounter(ctx.app.metrics);
    const base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    const config: FeedConfig = {
      FEED_TOR_URL: `${base}/tor`,
      FEED_RELAY_URL: `${base}/no-such-list`,
      FEED_CLOUD_URLS: [],
      FEED_CACHE_DIR: cacheDir,
      FEED_FETCH_TIMEOUT_MS: 5000,
      FEED_MAX_BYTES: 1024 * 1024,
    };
    const run = (feed: 'tor' | 'relay') =>
      countedFeedRun(feed, count, () => runFeed({ db: ctx.db, config, clock: systemClock }, feed));
    expect((await run('tor')).keptPrevious).toBe(false);
    expect((await run('relay')).keptPrevious).toBe(true);
    await expect(
      countedFeedRun('cloud', count, () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_feed_runs_total', { feed: 'tor', result: 'applied' })).toBe(1);
    expect(metricValue(text, 'tunnelscope_feed_runs_total', { feed: 'relay', result: 'kept_previous' })).toBe(
      1,
    );
    expect(metricValue(text, 'tunnelscope_feed_runs_total', { feed: 'cloud', result: 'failed' })).toBe(1);
  });
});
