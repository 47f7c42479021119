import { verifyAdminIdentity, ADMIN_IDENTITY_HEADER, ADMIN_SIGNATURE_HEADER } from '@tunnelscope/service-kit';
import {
  ADMIN_HEX,
  KEYRING,
  TEST_IDENTITY,
  VALID_SESSION_TOKEN,
  adminHeaders,
  deadUrl,
  send,
  startGateway,
  useGatewayWithUpstreams,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;

describe('admin API authentication at the gateway', () => {
  const ctx = useGatewayWithUpstreams();
  const everythingSeen = () => [...ctx.forms.seen, ...ctx.auth.seen, ...ctx.analytics.seen];

  it('refuses a call without a session cookie and forwards nothing', async () => {
    const res = await send(`${ctx.gw.url}${P}/data/admin-users`);
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
    expect(everythingSeen()).toHaveLength(0);
    expect(ctx.auth.resolves).toHaveLength(0);
  });

  it('refuses a dead session, clears its cookie, and forwards nothing', async () => {
    const res = await send(`${ctx.gw.url}${P}/vpn-db/advanced-analytics`, {
      headers: { cookie: 'ts_admin_session=a-dead-or-forged-session-token' },
    });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
    expect(String(res.headers['set-cookie'])).toContain(`ts_admin_session=; Path=${P}; Max-Age=0`);
    expect(ctx.auth.resolves).toHaveLength(1);
    expect(everythingSeen()).toHaveLength(0);
  });

  it('sends a live session upstream with an identity signed by the shared secret', async () => {
    const res = await send(`${ctx.gw.url}${P}/vpn-db/advanced-analytics`, {
      headers: adminHeaders(ctx.gw.url),
    });
    expect(res.status).toBe(200);
    const seen = ctx.analytics.seen[0]!.headers;
    const call = {
      audience: 'analytics' as const,
      method: 'GET',
      path: '/vpn-db/advanced-analytics',
      requestId: String(seen['x-request-id']),
    };
    expect(
      verifyAdminIdentity(seen[ADMIN_IDENTITY_HEADER], seen[ADMIN_SIGNATURE_HEADER], KEYRING, call),
    ).toEqual(TEST_IDENTITY);
    expect(ctx.auth.resolves[0]).toMatchObject({ token: VALID_SESSION_TOKEN, touch: true });
  });

  it('drops identity headers a client forged, even on the sign-in call that needs no session', async () => {
    const forged = { [ADMIN_IDENTITY_HEADER]: 'eyJ4IjoxfQ', [ADMIN_SIGNATURE_HEADER]: 'forged' };
    await send(`${ctx.gw.url}${P}/auth/login`, {
      method: 'POST',
      headers: { ...adminHeaders(ctx.gw.url), cookie: '', ...forged },
      body: '{}',
    });
    expect(ctx.auth.seen[0]!.headers).not.toHaveProperty(ADMIN_IDENTITY_HEADER);
    expect(ctx.auth.seen[0]!.headers).not.toHaveProperty(ADMIN_SIGNATURE_HEADER);
    expect(ctx.auth.resolves).toHaveLength(0);

    const res = await send(`${ctx.gw.url}${P}/data/active-sessions`, { headers: { ...forged } });
    expect(res.status).toBe(401);
    expect(everythingSeen()).toHaveLength(1);
  });

  it('tells auth-service not to move lastActivity for the panel background calls', async () => {
    await send(`${ctx.gw.url}${P}/data/active-sessions`, {
      headers: adminHeaders(ctx.gw.url, { 'x-admin-background': '1' }),
    });
    expect(ctx.auth.resolves[0]).toMatchObject({ touch: false });
    expect(ctx.auth.seen[0]!.headers['x-admin-background']).toBe('1');
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['no Origin at all', { origin: undefined }],
    ['the public site on another port', { origin: 'http://127.0.0.1:1' }],
  ])('refuses a state-changing call from %s', async (_label, override) => {
    const headers = { ...adminHeaders(ctx.gw.url), ...override };
    if (override.origin === undefined) delete headers.origin;
    const res = await send(`${ctx.gw.url}${P}/admin-users`, { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: 'Cross-origin requests are not allowed',
    });
    expect(everythingSeen()).toHaveLength(0);
  });

  it('refuses a state-changing call that is not JSON, sign-in included', async () => {
    for (const path of ['/auth/login', '/auth/logout', '/data/disconnect-session']) {
      const res = await send(`${ctx.gw.url}${P}${path}`, {
        method: 'POST',
        headers: adminHeaders(ctx.gw.url, { 'content-type': 'application/x-www-form-urlencoded' }),
        body: 'a=1',
      });
      expect(res.status).toBe(415);
      expect(res.json()).toMatchObject({ message: 'Content-Type must be application/json' });
    }
    expect(everythingSeen()).toHaveLength(0);
  });

  it('accepts JSON with a charset from the same origin', async () => {
    const res = await send(`${ctx.gw.url}${P}/auth/logout`, {
      method: 'POST',
      headers: adminHeaders(ctx.gw.url, { 'content-type': 'application/json; charset=utf-8' }),
      body: '{}',
    });
    expect(res.status).toBe(200);
  });

  it('answers 503 when auth-service cannot resolve sessions, without forwarding', async () => {
    const other = await startGateway({
      FORMS_SERVICE_URL: ctx.forms.url,
      AUTH_SERVICE_URL: await deadUrl(),
      ANALYTICS_SERVICE_URL: ctx.analytics.url,
    });
    try {
      const res = await send(`${other.url}${P}/data/waitlist`, { headers: adminHeaders(other.url) });
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
      expect(everythingSeen()).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
