import { randomBytes } from 'node:crypto';
import { verifyGatewayToken } from '@tunnelscope/service-kit';
import {
  ADMIN_HEX,
  KEYRING,
  adminHeaders,
  deadUrl,
  send,
  startGateway,
  type FakeUpstream,
  type RunningGateway,
  useGatewayWithUpstreams,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;

describe('gateway proxy', () => {
  const ctx = useGatewayWithUpstreams({ UPSTREAM_TIMEOUT_MS: '300' });
  let forms: FakeUpstream;
  let auth: FakeUpstream;
  let analytics: FakeUpstream;
  let lookup: FakeUpstream;
  let gw: RunningGateway;
  beforeAll(() => {
    ({ forms, auth, analytics, lookup, gw } = ctx);
  });

  const upstreams = () => ({ forms, auth, analytics, lookup });

  describe('route table', () => {
    it.each([
      ['GET', '/api/stats', 'analytics', '/api/stats'],
      ['POST', '/api/waitlist', 'forms', '/api/waitlist'],
      ['POST', '/api/check-waitlist-email?x=1', 'forms', '/api/check-waitlist-email?x=1'],
      ['GET', '/api/anything-else', 'forms', '/api/anything-else'],
      ['POST', `${P}/auth/login`, 'auth', '/auth/login'],
      ['GET', `${P}/auth/me`, 'auth', '/auth/me'],
      ['PUT', `${P}/admin-users/5`, 'auth', '/admin-users/5'],
      ['POST', `${P}/admin-users/5/reset-password`, 'auth', '/admin-users/5/reset-password'],
      ['GET', `${P}/data/admin-users?page=1`, 'auth', '/data/admin-users?page=1'],
      ['GET', `${P}/data/active-sessions`, 'auth', '/data/active-sessions'],
      ['POST', `${P}/data/disconnect-session`, 'auth', '/data/disconnect-session'],
      ['GET', `${P}/data/waitlist?page=2&limit=25`, 'forms', '/data/waitlist?page=2&limit=25'],
      ['PATCH', `${P}/data/vpn-requests/9`, 'forms', '/data/vpn-requests/9'],
      ['DELETE', `${P}/data/contacts/3`, 'forms', '/data/contacts/3'],
      ['GET', `${P}/data/logs`, 'forms', '/data/logs'],
      ['GET', `${P}/dashboard/overview`, 'forms', '/dashboard/overview'],
      ['GET', `${P}/vpn-db/advanced-analytics`, 'analytics', '/vpn-db/advanced-analytics'],
      ['POST', `${P}/vpn-db/search-ip`, 'analytics', '/vpn-db/search-ip'],
      ['GET', '/api/v1/vpn/check?ip=8.8.8.8', 'lookup', '/api/v1/vpn/check?ip=8.8.8.8'],
      ['POST', '/api/v1/vpn/check', 'lookup', '/api/v1/vpn/check'],
      ['GET', '/api/v1/openapi.json', 'lookup', '/api/v1/openapi.json'],
      ['GET', `${P}/api-keys?page=1`, 'lookup', '/api-keys?page=1'],
      ['POST', `${P}/api-keys`, 'lookup', '/api-keys'],
      [
        'DELETE',
        `${P}/api-keys/1f0e9c1a-0000-4000-8000-000000000001`,
        'lookup',
        '/api-keys/1f0e9c1a-0000-4000-8000-000000000001',
      ],
    ] as const)('%s %s reaches %s-service as %s', async (method, url, name, seenUrl) => {
      const res = await send(gw.url + url, {
        method,
        headers: adminHeaders(gw.url),
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ upstream: name, url: seenUrl });
      const all = upstreams();
      for (const [other, u] of Object.entries(all)) expect(u.seen).toHaveLength(other === name ? 1 : 0);
      expect(all[name].seen[0]).toMatchObject({ method, url: seenUrl });
    });

    it('tells services the admin prefix only on admin calls', async () => {
      await send(`${gw.url}${P}/auth/me`, { headers: adminHeaders(gw.url) });
      await send(`${gw.url}/api/stats`);
      expect(auth.seen[0]!.headers['x-forwarded-prefix']).toBe(P);
      expect(analytics.seen[0]!.headers).not.toHaveProperty('x-forwarded-prefix');
    });

    it('answers unknown admin data paths with 404 JSON and forwards nothing', async () => {
      const res = await send(`${gw.url}${P}/data/secrets`);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
      expect([...forms.seen, ...auth.seen, ...analytics.seen, ...lookup.seen]).toHaveLength(0);
    });

    it('never forwards admin API calls under a wrong prefix', async () => {
      const res = await send(`${gw.url}/admin-ffffffffffffffffffffffffffffffff/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(404);
      expect(auth.seen).toHaveLength(0);
    });

    it('refuses dot segments before routing', async () => {
      const res = await send(`${gw.url}/api/../admin-${ADMIN_HEX}/auth/me`);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST' });
      expect([...forms.seen, ...auth.seen]).toHaveLength(0);
    });
  });

  describe('headers sent upstream', () => {
    it('replaces a spoofed X-Forwarded-For with the socket address', async () => {
      await send(`${gw.url}/api/stats`, {
        headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-real-ip': '6.6.6.6' },
      });
      const seen = analytics.seen[0]!.headers;
      expect(seen['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen).not.toHaveProperty('x-real-ip');
    });

    it('sets X-Forwarded-Proto and X-Forwarded-Host and keeps Host', async () => {
      await send(`${gw.url}/api/stats`, {
        headers: {
          host: 'tunnelscope.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
        },
      });
      const seen = analytics.seen[0]!.headers;
      expect(seen['x-forwarded-proto']).toBe('http');
      expect(seen['x-forwarded-host']).toBe('tunnelscope.example');
      expect(seen.host).toBe('tunnelscope.example');
    });

    it('keeps a well-formed request id, sends it upstream and echoes it', async () => {
      const res = await send(`${gw.url}/api/stats`, { headers: { 'x-request-id': 'trace-abc.123' } });
      expect(analytics.seen[0]!.headers['x-request-id']).toBe('trace-abc.123');
      expect(res.headers['x-request-id']).toBe('trace-abc.123');
    });

    it('mints a request id when the incoming one is malformed or absent', async () => {
      const bad = await send(`${gw.url}/api/stats`, { headers: { 'x-request-id': 'bad id <script>' } });
      const none = await send(`${gw.url}/api/stats`);
      for (const [i, res] of [bad, none].entries()) {
        const id = res.headers['x-request-id'] as string;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(analytics.seen[i]!.headers['x-request-id']).toBe(id);
      }
    });

    it('strips hop-by-hop and x-tunnelscope-* headers, the cookie, and adds the gateway MAC', async () => {
      await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        headers: {
          connection: 'keep-alive, x-secret-hop',
          'keep-alive': 'timeout=99',
          'x-secret-hop': 'private',
          'proxy-authorization': 'Basic Zm9v',
          te: 'trailers',
          upgrade: 'h2c',
          'x-tunnelscope-gateway': 'forged-token',
          'x-tunnelscope-admin-user': 'root',
          'content-type': 'application/json',
          cookie: 'sid=1',
        },
        body: '{"a":1}',
      });
      const seen = forms.seen[0]!.headers;
      for (const name of [
        'keep-alive',
        'x-secret-hop',
        'proxy-authorization',
        'te',
        'upgrade',
        'x-tunnelscope-admin-user',
      ]) {
        expect(seen).not.toHaveProperty(name);
      }
      const call = { audience: 'forms' as const, method: 'POST', path: '/api/waitlist' };
      const requestId = String(seen['x-request-id']);
      expect(verifyGatewayToken(KEYRING, seen['x-tunnelscope-gateway'], { ...call, requestId })).toBe(true);
      expect(seen.connection).toBe('keep-alive'); // the gateway's own pooled connection
      // Only auth-service owns sessions (issue 13, item 2).
      expect(seen.cookie).toBeUndefined();
    });

    it('drops Expect: 100-continue after answering it itself', async () => {
      const res = await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        headers: { expect: '100-continue', 'content-type': 'application/json', 'x-tunnelscope-x': '1' },
        body: '{"a":1}',
      });
      expect(res.status).toBe(200);
      expect(forms.seen[0]!.headers).not.toHaveProperty('expect');
      expect(forms.seen[0]!.headers).not.toHaveProperty('x-tunnelscope-x');
      expect(forms.seen[0]!.body.toString()).toBe('{"a":1}');
    });
  });

  describe('bodies', () => {
    it('streams a JSON body through intact', async () => {
      const body = JSON.stringify({ email: 'visitor@company.example', company: 'Ünïcødé & Co' });
      const res = await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      expect(forms.seen[0]!.body.toString('utf8')).toBe(body);
      expect(forms.seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    });

    // The detection batch is the one route whose limit (512 KiB) allows a body this large.
    it('streams a 100 KB body byte for byte, whatever its content type', async () => {
      const body = randomBytes(100 * 1024);
      const res = await send(`${gw.url}/api/v1/vpn/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      expect(res.status).toBe(200);
      expect(lookup.seen[0]!.body.equals(body)).toBe(true);
    });

    it('keeps a chunked body framed', async () => {
      const chunks = [Buffer.from('{"part":'), Buffer.from('"one",'), Buffer.from('"two":2}')];
      const res = await send(`${gw.url}${P}/auth/login`, {
        method: 'POST',
        headers: adminHeaders(gw.url),
        chunks,
      });
      expect(res.status).toBe(200);
      expect(auth.seen[0]!.body.toString()).toBe('{"part":"one","two":2}');
      expect(auth.seen[0]!.headers['transfer-encoding']).toBe('chunked');
    });

    it('refuses a declared body above the limit without forwarding it', async () => {
      const res = await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-length': String(2 * 1024 * 1024) },
        body: Buffer.alloc(0),
      }).catch((err: Error) => ({ status: -1, err }) as const);
      // Either the 413 arrives, or the connection closes while our short body is outstanding.
      if (res.status !== -1) {
        expect(res.status).toBe(413);
      }
      expect(forms.seen).toHaveLength(0);
    });
  });

  describe('responses', () => {
    it('passes status, body and end-to-end headers back, minus hop-by-hop ones', async () => {
      forms.handler = (_req, res) => {
        res.writeHead(201, {
          'content-type': 'application/json',
          'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
          'x-custom': 'yes',
          connection: 'keep-alive, x-upstream-hop',
          'x-upstream-hop': 'secret',
          'keep-alive': 'timeout=5',
        });
        res.end('{"created":true}');
      };
      const res = await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(201);
      expect(res.json()).toEqual({ created: true });
      expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(res.headers['x-custom']).toBe('yes');
      expect(res.headers).not.toHaveProperty('x-upstream-hop');
      expect(res.headers['keep-alive']).not.toBe('timeout=5');
    });

    it('keeps the gateway security headers over an upstream’s own', async () => {
      forms.handler = (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-frame-options': 'ALLOWALL',
          'content-security-policy': 'default-src *',
        });
        res.end('{}');
      };
      const res = await send(`${gw.url}/api/x`);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('relays a large streamed answer', async () => {
      const payload = randomBytes(512 * 1024);
      analytics.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(payload.subarray(0, 1000));
        setTimeout(() => res.end(payload.subarray(1000)), 20);
      };
      const res = await send(`${gw.url}/api/stats`);
      expect(res.body.equals(payload)).toBe(true);
    });

    it('reuses pooled upstream connections', async () => {
      for (let i = 0; i < 5; i++) await send(`${gw.url}/api/stats`);
      expect(analytics.seen).toHaveLength(5);
      expect(new Set(analytics.seen.map((s) => s.remotePort)).size).toBe(1);
    });
  });

  describe('upstream failures', () => {
    it('answers 504 JSON when an upstream is too slow', async () => {
      forms.handler = (_req, res) => {
        const timer = setTimeout(() => res.writeHead(200).end('{}'), 1500);
        res.on('close', () => clearTimeout(timer));
      };
      const started = Date.now();
      const res = await send(`${gw.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(Date.now() - started).toBeLessThan(1400);
      expect(res.status).toBe(504);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        success: false,
        error: 'GATEWAY_TIMEOUT',
        message: 'The forms service did not answer in time, please try again shortly',
        requestId: res.headers['x-request-id'],
      });
    });
  });
});

describe('gateway proxy with upstreams down or absent', () => {
  let gw: RunningGateway;

  beforeAll(async () => {
    gw = await startGateway({
      FORMS_SERVICE_URL: await deadUrl(),
      AUTH_SERVICE_URL: '',
      ANALYTICS_SERVICE_URL: await deadUrl(),
      LOOKUP_SERVICE_URL: await deadUrl(),
    });
  });
  afterAll(() => gw.close());

  it('answers the detection API with a 503 problem document when lookup-service is not running', async () => {
    const res = await send(`${gw.url}/api/v1/vpn/check?ip=8.8.8.8`, {
      headers: { 'x-api-key': 'ts_live_x' },
    });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      type: '/docs/api#error-service_unavailable',
      title: 'Service unavailable',
      status: 503,
      detail: 'The detection API is unavailable; retry shortly.',
      code: 'service_unavailable',
      instance: '/api/v1/vpn/check',
      requestId: res.headers['x-request-id'],
    });
  });

  it('refuses a detection API body over the gateway limit with a batch_too_large problem', async () => {
    const res = await send(`${gw.url}/api/v1/vpn/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: Buffer.alloc(0),
    }).catch(() => null);
    // As for the other services, the connection may close while the declared body is outstanding.
    if (res) {
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.json()).toMatchObject({ code: 'batch_too_large', status: 413 });
    }
  });

  it('answers the detection API with a 503 problem document when lookup-service is not deployed', async () => {
    const partial = await startGateway({ FORMS_SERVICE_URL: await deadUrl(), LOOKUP_SERVICE_URL: '' });
    try {
      const res = await send(`${partial.url}/api/v1/usage`);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'service_unavailable',
        status: 503,
        instance: '/api/v1/usage',
      });
    } finally {
      await partial.close();
    }
  });

  it('answers 502 JSON when the upstream refuses connections', async () => {
    const res = await send(`${gw.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.example"}',
    });
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      error: 'BAD_GATEWAY',
      message: 'The forms service is unavailable, please try again shortly',
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers 502 JSON for the stats call when analytics-service is not running', async () => {
    const res = await send(`${gw.url}/api/stats`);
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'BAD_GATEWAY',
      message: 'The analytics service is unavailable, please try again shortly',
    });
  });

  it('answers 503 JSON with a message when an upstream is not deployed', async () => {
    const res = await send(`${gw.url}${P}/auth/login`, {
      method: 'POST',
      headers: adminHeaders(gw.url),
      body: '{}',
    });
    expect(res.status).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'SERVICE_UNAVAILABLE',
      message: 'The admin sign-in service is not available on this deployment',
    });
  });

  it('keeps serving the SPAs while every upstream is down', async () => {
    expect((await send(`${gw.url}/`)).status).toBe(200);
    expect((await send(`${gw.url}${P}`)).status).toBe(200);
  });
});
