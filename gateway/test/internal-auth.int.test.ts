import type { IncomingHttpHeaders } from 'node:http';
import { INTERNAL_SESSION_RESOLVE_PATH } from '@tunnelscope/contracts';
import {
  ADMIN_IDENTITY_HEADER,
  ADMIN_SIGNATURE_HEADER,
  GATEWAY_TOKEN_HEADER,
  verifyAdminIdentity,
  verifyGatewayToken,
} from '@tunnelscope/service-kit';
import {
  ADMIN_HEX,
  KEYRING,
  SECRET,
  TEST_IDENTITY,
  adminHeaders,
  send,
  useGatewayWithUpstreams,
} from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;

/** Every header value an upstream received, flattened. */
function headerValues(headers: IncomingHttpHeaders): string[] {
  return Object.values(headers).flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
}

describe('the internal hop carries no master secret (issue 13, item 2)', () => {
  const ctx = useGatewayWithUpstreams();

  it('never sends INTERNAL_SHARED_SECRET in any header: public calls, admin calls, session resolves', async () => {
    await send(`${ctx.gw.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await send(`${ctx.gw.url}/api/stats`);
    await send(`${ctx.gw.url}${P}/data/waitlist?page=2`, { headers: adminHeaders(ctx.gw.url) });
    await send(`${ctx.gw.url}${P}/vpn-db/advanced-analytics`, { headers: adminHeaders(ctx.gw.url) });
    await send(`${ctx.gw.url}${P}/data/admin-users`, { headers: adminHeaders(ctx.gw.url) });
    const seen = [
      ...ctx.forms.seen.map((s) => s.headers),
      ...ctx.analytics.seen.map((s) => s.headers),
      ...ctx.auth.seen.map((s) => s.headers),
      ...ctx.auth.resolves.map((r) => r.headers),
    ];
    expect(seen.length).toBe(8);
    for (const headers of seen) {
      for (const value of headerValues(headers)) expect(value).not.toContain(SECRET);
    }
  });

  it('forwards the session cookie to auth-service only', async () => {
    await send(`${ctx.gw.url}${P}/data/waitlist`, { headers: adminHeaders(ctx.gw.url) });
    await send(`${ctx.gw.url}${P}/vpn-db/advanced-analytics`, { headers: adminHeaders(ctx.gw.url) });
    await send(`${ctx.gw.url}/api/stats`, { headers: { cookie: 'ts_admin_session=x' } });
    await send(`${ctx.gw.url}${P}/data/admin-users`, { headers: adminHeaders(ctx.gw.url) });
    expect(ctx.forms.seen[0]!.headers.cookie).toBeUndefined();
    expect(ctx.analytics.seen[0]!.headers.cookie).toBeUndefined();
    expect(ctx.analytics.seen[1]!.headers.cookie).toBeUndefined();
    expect(ctx.auth.seen[0]!.headers.cookie).toContain('ts_admin_session=');
  });

  it('sends a MAC and an identity that hold for that call only: not another path, method or service', async () => {
    await send(`${ctx.gw.url}${P}/vpn-db/advanced-analytics?range=7d`, { headers: adminHeaders(ctx.gw.url) });
    const seen = ctx.analytics.seen[0]!;
    const token = seen.headers[GATEWAY_TOKEN_HEADER];
    const identity = [seen.headers[ADMIN_IDENTITY_HEADER], seen.headers[ADMIN_SIGNATURE_HEADER]] as const;
    const call = {
      audience: 'analytics' as const,
      method: 'GET',
      path: '/vpn-db/advanced-analytics?range=7d',
      requestId: String(seen.headers['x-request-id']),
    };
    expect(seen.url).toBe(call.path);
    expect(verifyGatewayToken(KEYRING, token, call)).toBe(true);
    expect(verifyAdminIdentity(...identity, KEYRING, call)).toEqual(TEST_IDENTITY);
    for (const replay of [
      { ...call, path: '/vpn-db/advanced-analytics?range=30d' },
      { ...call, path: '/vpn-db/search' },
      { ...call, method: 'DELETE' },
      { ...call, audience: 'forms' as const },
      { ...call, requestId: 'another-request' },
    ]) {
      expect({ replay, token: verifyGatewayToken(KEYRING, token, replay) }).toEqual({ replay, token: false });
      expect({ replay, identity: verifyAdminIdentity(...identity, KEYRING, replay) }).toEqual({
        replay,
        identity: null,
      });
    }
  });

  it("signs the session resolve for auth-service's resolve call only", async () => {
    await send(`${ctx.gw.url}${P}/data/waitlist`, { headers: adminHeaders(ctx.gw.url) });
    const { headers } = ctx.auth.resolves[0]!;
    const call = {
      audience: 'auth' as const,
      method: 'POST',
      path: INTERNAL_SESSION_RESOLVE_PATH,
      requestId: String(headers['x-request-id']),
    };
    expect(verifyGatewayToken(KEYRING, headers[GATEWAY_TOKEN_HEADER], call)).toBe(true);
    expect(verifyGatewayToken(KEYRING, headers[GATEWAY_TOKEN_HEADER], { ...call, path: '/auth/me' })).toBe(
      false,
    );
  });
});
