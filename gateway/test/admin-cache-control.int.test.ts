/**
 * Issue 13 item 6: no answer of the admin API is ever cached (`Cache-Control: no-store`), whatever
 * the service said and whoever made the answer; the panel's index.html neither; its hashed assets
 * stay immutable. Public API answers keep what their service said.
 */
import {
  ADMIN_HEX,
  adminHeaders,
  makeDistFixtures,
  send,
  startGateway,
  useGatewayWithUpstreams,
  type Fixtures,
  type RunningGateway,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;
const CACHEABLE = 'public, max-age=600';

describe('Cache-Control on the admin API', () => {
  const ctx = useGatewayWithUpstreams();
  const cacheableUpstream = () => {
    for (const u of [ctx.forms, ctx.auth, ctx.analytics, ctx.lookup]) {
      u.handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': CACHEABLE });
        res.end('{"success":true}');
      };
    }
  };

  it.each([
    ['GET', '/data/waitlist?page=1'],
    ['GET', '/vpn-db/advanced-analytics'],
    ['GET', '/api-keys'],
    ['GET', '/auth/me'],
    ['POST', '/auth/login'],
    ['PUT', '/admin-users/3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11'],
  ])('answers %s %s no-store although the service said it may be cached', async (method, path) => {
    cacheableUpstream();
    const res = await send(`${ctx.gw.url}${P}${path}`, {
      method,
      headers: adminHeaders(ctx.gw.url),
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers no-store to what the gateway refuses or answers itself', async () => {
    const answers = await Promise.all([
      // No session.
      send(`${ctx.gw.url}${P}/data/waitlist`),
      // Dead session.
      send(`${ctx.gw.url}${P}/data/waitlist`, {
        headers: { cookie: 'ts_admin_session=dead-session-token-0000' },
      }),
      // Cross-origin write.
      send(`${ctx.gw.url}${P}/admin-users`, {
        method: 'POST',
        headers: adminHeaders(ctx.gw.url, { origin: 'https://evil.example' }),
        body: '{}',
      }),
      // Not JSON.
      send(`${ctx.gw.url}${P}/admin-users`, {
        method: 'POST',
        headers: adminHeaders(ctx.gw.url, { 'content-type': 'text/plain' }),
        body: 'x',
      }),
      // Too large.
      send(`${ctx.gw.url}${P}/auth/login`, {
        method: 'POST',
        headers: adminHeaders(ctx.gw.url),
        body: Buffer.alloc(20 * 1024, 0x20),
      }),
      // No such admin API.
      send(`${ctx.gw.url}${P}/data/secrets`, { headers: adminHeaders(ctx.gw.url) }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 403, 415, 413, 404]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('answers no-store to the JSON errors under the prefix that name no API (dot segments, writes to pages)', async () => {
    const answers = await Promise.all([
      send(`${ctx.gw.url}${P}/data/%2e%2e/admin-users`, { headers: adminHeaders(ctx.gw.url) }),
      send(`${ctx.gw.url}${P}/settings`, { method: 'POST', headers: adminHeaders(ctx.gw.url), body: '{}' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 404]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');
  });

  it('forwards a DELETE without a body and without a Content-Type (issue 13 item 9)', async () => {
    const res = await send(`${ctx.gw.url}${P}/data/waitlist/7`, {
      method: 'DELETE',
      headers: { cookie: adminHeaders(ctx.gw.url).cookie as string, origin: ctx.gw.url },
    });
    expect(res.status).toBe(200);
    expect(ctx.forms.seen).toHaveLength(1);
    expect(ctx.forms.seen[0]).toMatchObject({ method: 'DELETE', url: '/data/waitlist/7' });
  });

  it('keeps the cache policy a public API answer came with', async () => {
    cacheableUpstream();
    const res = await send(`${ctx.gw.url}/api/stats`);
    expect(res.headers['cache-control']).toBe(CACHEABLE);
  });
});

describe('Cache-Control of the admin panel', () => {
  let fx: Fixtures;
  let gw: RunningGateway;
  beforeAll(async () => {
    fx = await makeDistFixtures();
    gw = await startGateway({ PUBLIC_WEB_DIST: fx.publicDist, ADMIN_WEB_DIST: fx.adminDist });
  });
  afterAll(async () => {
    await gw?.close();
    await fx?.cleanup();
  });

  it('serves index.html no-store and the hashed assets immutable', async () => {
    for (const path of [P, `${P}/`, `${P}/users`]) {
      const page = await send(gw.url + path);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
    }
    const asset = await send(`${gw.url}${P}/assets/admin-789fed.js`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
