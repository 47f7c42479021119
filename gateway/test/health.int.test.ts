import {
  deadUrl,
  send,
  startGateway,
  startUpstream,
  type FakeUpstream,
  type RunningGateway,
} from './helpers.js';

describe('GET /healthz and /readyz', () => {
  let forms: FakeUpstream;
  let analytics: FakeUpstream;
  let lookup: FakeUpstream;
  let gw: RunningGateway;

  beforeAll(async () => {
    [forms, analytics, lookup] = await Promise.all([
      startUpstream('forms'),
      startUpstream('analytics'),
      startUpstream('lookup'),
    ]);
    analytics.handler = (_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
    gw = await startGateway({
      FORMS_SERVICE_URL: forms.url,
      AUTH_SERVICE_URL: await deadUrl(),
      ANALYTICS_SERVICE_URL: analytics.url,
      LOOKUP_SERVICE_URL: lookup.url,
      INGEST_SERVICE_URL: await deadUrl(),
    });
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([forms.close(), analytics.close(), lookup.close()]);
  });

  it('healthz answers without touching any upstream', async () => {
    const res = await send(`${gw.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(forms.seen).toHaveLength(0);
  });

  it('readyz reports each upstream and stays ready while some are down', async () => {
    const res = await send(`${gw.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      status: 'degraded',
      checks: { forms: 'ok', auth: 'down', analytics: 'down', lookup: 'ok', ingest: 'down' },
    });
    expect(forms.seen.map((s) => s.url)).toEqual(['/healthz']);
  });

  it('readyz says ready when every upstream answers', async () => {
    analytics.handler = null;
    const up = await startUpstream('auth');
    const all = await startGateway({
      FORMS_SERVICE_URL: forms.url,
      AUTH_SERVICE_URL: up.url,
      ANALYTICS_SERVICE_URL: analytics.url,
      LOOKUP_SERVICE_URL: lookup.url,
      // Any fake answers /healthz: the probe only asks whether the service is up.
      INGEST_SERVICE_URL: lookup.url,
    });
    try {
      const res = await send(`${all.url}/readyz`);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { forms: 'ok', auth: 'ok', analytics: 'ok', lookup: 'ok', ingest: 'ok' },
      });
    } finally {
      await all.close();
      await up.close();
    }
  });

  it('readyz reports an upstream that is not deployed', async () => {
    const partial = await startGateway({
      FORMS_SERVICE_URL: forms.url,
      AUTH_SERVICE_URL: '',
      ANALYTICS_SERVICE_URL: analytics.url,
    });
    try {
      const res = await send(`${partial.url}/readyz`);
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ status: 'degraded', checks: { auth: 'not configured' } });
    } finally {
      await partial.close();
    }
  });
});
