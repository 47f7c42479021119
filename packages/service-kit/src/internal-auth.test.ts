import { createServiceApp } from './fastify-app.js';
import {
  GATEWAY_TOKEN_HEADER,
  signGatewayToken,
  verifyGatewayToken,
  type InternalRequest,
} from './gateway-trust.js';
import { installInternalAuth } from './admin-identity.js';
import { gatewayHeadersFor, internalHeaders } from './internal-headers.js';
import { deriveInternalKey, internalKeyring } from './internal-keys.js';

const SECRET = 'the-current-master-secret-0123456789abcdef';
const OLD = 'the-previous-master-secret-0123456789abcdef';
const call: InternalRequest = {
  audience: 'forms',
  method: 'POST',
  path: '/api/waitlist?x=1',
  requestId: 'r-1',
};

describe('internal keys (HKDF)', () => {
  it('derives separate keys for the token and the identity, and a key id that is not the secret', () => {
    const key = deriveInternalKey(SECRET);
    expect(key.gateway.equals(key.identity)).toBe(false);
    expect(key.gateway.toString('utf8')).not.toContain(SECRET);
    expect(key.id).not.toContain(SECRET.slice(0, 8));
    expect(deriveInternalKey(SECRET).id).toBe(key.id);
    expect(deriveInternalKey(OLD).id).not.toBe(key.id);
  });
});

describe('gateway token', () => {
  const ring = internalKeyring({ INTERNAL_SHARED_SECRET: SECRET });

  it('holds for its own call within the window, names its key, and carries no secret', () => {
    const token = signGatewayToken(ring, call, 1000);
    expect(token.split('.')[1]).toBe(ring.current.id);
    expect(token).not.toContain(SECRET);
    expect(verifyGatewayToken(ring, token, call, 1000)).toBe(true);
    expect(verifyGatewayToken(ring, token, call, 1030)).toBe(true);
    expect(verifyGatewayToken(ring, token, call, 1031)).toBe(false);
    expect(verifyGatewayToken(ring, token, call, 969)).toBe(false);
  });

  it.each<[string, Partial<InternalRequest>]>([
    ['another path', { path: '/api/contact?x=1' }],
    ['another query', { path: '/api/waitlist?x=2' }],
    ['another method', { method: 'DELETE' }],
    ['another service', { audience: 'analytics' }],
    ['another request id', { requestId: 'r-2' }],
  ])('is refused when replayed on %s', (_what, change) => {
    const token = signGatewayToken(ring, call, 1000);
    expect(verifyGatewayToken(ring, token, { ...call, ...change }, 1000)).toBe(false);
  });

  it('refuses the master secret itself, garbage and tampering', () => {
    for (const presented of [SECRET, undefined, '', 'v1', 'v1.x.1000.y', `v1.${ring.current.id}.1000.`, 42]) {
      expect(verifyGatewayToken(ring, presented, call, 1000)).toBe(false);
    }
    const token = signGatewayToken(ring, call, 1000);
    expect(verifyGatewayToken(ring, token.replace('.1000.', '.1001.'), call, 1000)).toBe(false);
  });
});

describe('rotation of INTERNAL_SHARED_SECRET', () => {
  const until = new Date(2_000_000 * 1000);
  const oldGateway = internalKeyring({ INTERNAL_SHARED_SECRET: OLD });
  const rotatingService = internalKeyring({
    INTERNAL_SHARED_SECRET: SECRET,
    INTERNAL_SHARED_SECRET_PREVIOUS: OLD,
    INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL: until,
  });
  const newGateway = internalKeyring({ INTERNAL_SHARED_SECRET: SECRET });

  it('accepts the previous master during the overlap and refuses it after', () => {
    const during = 2_000_000 - 10;
    const after = 2_000_000 + 1;
    expect(
      verifyGatewayToken(rotatingService, signGatewayToken(oldGateway, call, during), call, during),
    ).toBe(true);
    expect(verifyGatewayToken(rotatingService, signGatewayToken(oldGateway, call, after), call, after)).toBe(
      false,
    );
    // The new master is accepted throughout, and a service without the overlap refuses the old one.
    expect(
      verifyGatewayToken(rotatingService, signGatewayToken(newGateway, call, during), call, during),
    ).toBe(true);
    expect(verifyGatewayToken(newGateway, signGatewayToken(oldGateway, call, during), call, during)).toBe(
      false,
    );
  });

  it('signs with the current master only', () => {
    expect(signGatewayToken(rotatingService, call, 1000).split('.')[1]).toBe(newGateway.current.id);
  });
});

describe('installInternalAuth', () => {
  const app = createServiceApp({ service: 'test', logLevel: 'silent' });
  installInternalAuth(app, {
    keyring: internalKeyring({ INTERNAL_SHARED_SECRET: SECRET }),
    audience: 'forms',
  });
  app.all('/ip', async (req) => ({
    ip: req.clientIp,
    viaGateway: req.viaGateway,
    admin: req.admin?.username ?? null,
  }));
  afterAll(() => app.close());
  const identity = {
    adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
    sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
    username: 'ops_lead',
    email: 'ops@tunnelscope.example',
    role: 'admin' as const,
    twoFactorEnabled: false,
  };

  it('believes X-Forwarded-For and the identity only with a MAC for this very request', async () => {
    const headers = gatewayHeadersFor(SECRET, {
      audience: 'forms',
      method: 'GET',
      url: '/ip?a=1',
      identity,
      clientIp: '203.0.113.9',
    });
    const own = await app.inject({ method: 'GET', url: '/ip?a=1', headers, remoteAddress: '10.1.2.3' });
    expect(own.json()).toEqual({ ip: '203.0.113.9', viaGateway: true, admin: 'ops_lead' });
    for (const [method, url] of [
      ['GET', '/ip?a=2'],
      ['POST', '/ip?a=1'],
    ] as const) {
      const replay = await app.inject({ method, url, headers, remoteAddress: '10.1.2.3' });
      expect(replay.json()).toEqual({ ip: '10.1.2.3', viaGateway: false, admin: null });
    }
    const elsewhere = gatewayHeadersFor(SECRET, {
      audience: 'lookup',
      method: 'GET',
      url: '/ip',
      identity,
      clientIp: '6.6.6.6',
    });
    const other = await app.inject({
      method: 'GET',
      url: '/ip',
      headers: elsewhere,
      remoteAddress: '10.1.2.3',
    });
    expect(other.json()).toEqual({ ip: '10.1.2.3', viaGateway: false, admin: null });
  });

  it('refuses the old style: the master secret as the token', async () => {
    const res = await app.inject({
      url: '/ip',
      headers: { [GATEWAY_TOKEN_HEADER]: SECRET, 'x-forwarded-for': '6.6.6.6', 'x-request-id': 'r-1' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.json()).toEqual({ ip: '10.1.2.3', viaGateway: false, admin: null });
  });

  it('internalHeaders never carries the secret', () => {
    const ring = internalKeyring({ INTERNAL_SHARED_SECRET: SECRET });
    for (const value of Object.values(internalHeaders(ring, call, identity)))
      expect(value).not.toContain(SECRET);
  });
});
