import Fastify from 'fastify';
import { createServiceApp } from './fastify-app.js';
import { httpMetricsPlugin } from './http-metrics.js';
import { startMetricsListener } from './metrics-listener.js';
import { metricValue } from './metrics-text.js';
import { createServiceMetrics, UNMATCHED_ROUTE } from './metrics.js';
import { listenService } from './server.js';

const sample = metricValue;

async function exposition(app: { metrics: { exposition(): Promise<{ body: string }> } }): Promise<string> {
  return (await app.metrics.exposition()).body;
}

function appWithRoutes() {
  const app = createServiceApp({ service: 'demo-service', logLevel: 'silent' });
  app.get('/items/:id', async () => ({ ok: true }));
  app.post('/items', async (_request, reply) => reply.code(201).send({ created: true }));
  return app;
}

describe('HTTP metrics of createServiceApp', () => {
  it('counts a request under its route pattern, method and status, never the raw URL', async () => {
    const app = appWithRoutes();
    await app.inject({ method: 'GET', url: '/items/42?x=1' });
    await app.inject({ method: 'GET', url: '/items/43' });
    await app.inject({ method: 'POST', url: '/items', payload: {} });
    const text = await exposition(app);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: '/items/:id', status_code: '200' }),
    ).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/items', status_code: '201' })).toBe(
      1,
    );
    expect(text).not.toContain('/items/42');
    await app.close();
  });

  it('labels a request no route matches as unmatched', async () => {
    const app = appWithRoutes();
    await app.inject({ method: 'GET', url: '/no/such/path/9f8e7d' });
    const text = await exposition(app);
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain('9f8e7d');
    await app.close();
  });

  it('records the latency histogram with its buckets, sum and count', async () => {
    const app = appWithRoutes();
    await app.inject({ method: 'GET', url: '/items/1' });
    const text = await exposition(app);
    const labels = { method: 'GET', route: '/items/:id', status_code: '200' };
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThanOrEqual(0);
    await app.close();
  });

  it('labels every series with the service, the Node process metrics included', async () => {
    const app = appWithRoutes();
    await app.inject({ method: 'GET', url: '/items/1' });
    const text = await exposition(app);
    expect(sample(text, 'http_requests_total', { service: 'demo-service', route: '/items/:id' })).toBe(1);
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toMatch(new RegExp(`^${name}\\{service="demo-service"\\} `, 'm'));
    }
    await app.close();
  });

  it('uses the route a service names for a request (a catch-all that forwards)', async () => {
    const app = createServiceApp({ service: 'demo-service', logLevel: 'silent' });
    app.all('/*', {
      onRequest: async (request) => {
        request.metricsRoute = 'proxy:lookup';
      },
      handler: async () => ({ forwarded: true }),
    });
    await app.inject({ method: 'GET', url: '/api/v1/anything' });
    expect(sample(await exposition(app), 'http_requests_total', { route: 'proxy:lookup' })).toBe(1);
    await app.close();
  });

  it('keeps one registry per app: two apps count apart', async () => {
    const one = appWithRoutes();
    const two = appWithRoutes();
    await one.inject({ method: 'GET', url: '/items/1' });
    expect(sample(await exposition(two), 'http_requests_total', { route: '/items/:id' })).toBeUndefined();
    await Promise.all([one.close(), two.close()]);
  });
});

describe('ServiceMetrics helpers', () => {
  it('creates a counter once and hands back the same one by name', () => {
    const metrics = createServiceMetrics('demo-service');
    const a = metrics.counter({ name: 'demo_things_total', help: 'things', labelNames: ['kind'] });
    const b = metrics.counter({ name: 'demo_things_total', help: 'things', labelNames: ['kind'] });
    expect(b).toBe(a);
  });

  it('samples a gauge at scrape time through its collect callback', async () => {
    const metrics = createServiceMetrics('demo-service');
    let depth = 3;
    metrics.gauge({
      name: 'demo_depth',
      help: 'depth',
      collect() {
        this.set(depth);
      },
    });
    expect(sample((await metrics.exposition()).body, 'demo_depth', {})).toBe(3);
    depth = 5;
    expect(sample((await metrics.exposition()).body, 'demo_depth', {})).toBe(5);
  });

  it('works as a plugin on an app not made by createServiceApp', async () => {
    const metrics = createServiceMetrics('plain');
    const app = Fastify();
    await app.register(httpMetricsPlugin, { metrics });
    app.get('/ping', async () => 'pong');
    await app.inject({ method: 'GET', url: '/ping' });
    expect(sample((await metrics.exposition()).body, 'http_requests_total', { route: '/ping' })).toBe(1);
    await app.close();
  });
});

describe('the metrics listener', () => {
  it('serves GET /metrics and nothing else', async () => {
    const metrics = createServiceMetrics('demo-service');
    const listener = await startMetricsListener(metrics, { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${listener.port}`;
    try {
      const ok = await fetch(`${base}/metrics`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await ok.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/metrics/x`)).status).toBe(404);
      const post = await fetch(`${base}/metrics`, { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET');
    } finally {
      await listener.close();
    }
  });

  it('answers 500 when a collection fails, and keeps serving', async () => {
    const metrics = createServiceMetrics('demo-service');
    let fail = true;
    metrics.gauge({
      name: 'demo_flaky',
      help: 'flaky',
      collect() {
        if (fail) throw new Error('backend down');
        this.set(1);
      },
    });
    const listener = await startMetricsListener(metrics, { port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`)).status).toBe(500);
      fail = false;
      expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`)).status).toBe(200);
    } finally {
      await listener.close();
    }
  });
});

describe('listenService', () => {
  it('serves the app on its port and the metrics on theirs, and the API port has no /metrics', async () => {
    const app = appWithRoutes();
    const running = await listenService(app, { port: 0, host: '127.0.0.1', metricsPort: 0 });
    try {
      expect(running.metrics!.port).not.toBe(running.port);
      expect((await fetch(`http://127.0.0.1:${running.port}/items/7`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${running.port}/metrics`)).status).toBe(404);
      const scraped = await (await fetch(`http://127.0.0.1:${running.metrics!.port}/metrics`)).text();
      expect(
        sample(scraped, 'http_requests_total', { method: 'GET', route: '/items/:id', status_code: '200' }),
      ).toBe(1);
    } finally {
      await running.close();
    }
    await expect(fetch(`http://127.0.0.1:${running.metrics!.port}/metrics`)).rejects.toThrow();
  });

  it('starts no metrics listener without a metrics port', async () => {
    const app = appWithRoutes();
    const running = await listenService(app, { port: 0, host: '127.0.0.1' });
    expect(running.metrics).toBeNull();
    await running.close();
  });
});

describe('metricValue', () => {
  const text = [
    '# HELP demo_total demo',
    '# TYPE demo_total counter',
    'demo_total{service="s",route="/a",status_code="200"} 2',
    'demo_total{service="s",route="/a",status_code="500"} 1',
    'demo_total_more{service="s"} 9',
    'demo_plain 4',
  ].join('\n');

  it('sums the series whose labels include the ones asked for', () => {
    expect(metricValue(text, 'demo_total', { route: '/a' })).toBe(3);
    expect(metricValue(text, 'demo_total', { status_code: '500' })).toBe(1);
    expect(metricValue(text, 'demo_plain')).toBe(4);
  });

  it('says undefined when no series matches, and never reads a longer name', () => {
    expect(metricValue(text, 'demo_total', { route: '/b' })).toBeUndefined();
    expect(metricValue(text, 'demo_total_mor')).toBeUndefined();
  });
});
