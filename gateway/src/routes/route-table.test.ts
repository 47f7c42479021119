import { PUBLIC_ROUTES, RECORD_IDS_BODY_LIMIT_BYTES } from '@tunnelscope/contracts';
import {
  createRouteResolver,
  DETECTION_BATCH_BODY_LIMIT_BYTES,
  INGEST_BATCH_BODY_LIMIT_BYTES,
  ROUTE_TABLE,
  SECURITY_LOG_BODY_LIMIT_BYTES,
  SERVICE_BODY_LIMIT_BYTES,
} from './route-table.js';

const HEX = '0123456789abcdef0123456789abcdef';
const P = `/admin-${HEX}`;
const resolve = createRouteResolver(HEX);

describe('route table', () => {
  describe('public API', () => {
    it('sends /api/stats to analytics-service untouched', () => {
      expect(resolve('/api/stats')).toEqual({
        kind: 'proxy',
        upstream: 'analytics',
        url: '/api/stats',
        admin: false,
        maxBodyBytes: SERVICE_BODY_LIMIT_BYTES,
      });
      expect(resolve('/api/stats?x=1')).toEqual({
        kind: 'proxy',
        upstream: 'analytics',
        url: '/api/stats?x=1',
        admin: false,
        maxBodyBytes: SERVICE_BODY_LIMIT_BYTES,
      });
    });

    it.each(['/api/waitlist', '/api/verify-contact-otp', '/api/unknown/deeper', '/api', '/api/statsx'])(
      'sends %s to forms-service untouched',
      (url) => {
        expect(resolve(url)).toEqual({
          kind: 'proxy',
          upstream: 'forms',
          url,
          admin: false,
          maxBodyBytes: SERVICE_BODY_LIMIT_BYTES,
        });
      },
    );

    it('gives each route the body limit of the service behind it (issue 13 item 9)', () => {
      expect(resolve('/api/security-log?a=b')).toMatchObject({
        upstream: 'forms',
        maxBodyBytes: SECURITY_LOG_BODY_LIMIT_BYTES,
      });
      expect(resolve('/api/v1/vpn/check')).toMatchObject({
        upstream: 'lookup',
        maxBodyBytes: DETECTION_BATCH_BODY_LIMIT_BYTES,
      });
      expect(resolve('/api/v1/usage')).toMatchObject({ maxBodyBytes: SERVICE_BODY_LIMIT_BYTES });
      expect(resolve(`${P}/auth/login`)).toMatchObject({ maxBodyBytes: SERVICE_BODY_LIMIT_BYTES });
    });

    it.each([
      '/api/v1/vpn/check?ip=8.8.8.8',
      '/api/v1/usage',
      '/api/v1/openapi.json',
      '/api/v1/export/tunnelscope.mmdb',
      '/api/v1',
    ])('sends %s to lookup-service untouched', (url) => {
      expect(resolve(url)).toMatchObject({ kind: 'proxy', upstream: 'lookup', url, admin: false });
    });

    it.each(['/ingest/v1/observations', '/ingest/v1/runs', '/ingest/v1/targets?x=1', '/ingest/v1'])(
      'sends %s to ingest-service untouched',
      (url) => {
        expect(resolve(url)).toMatchObject({ kind: 'proxy', upstream: 'ingest', url, admin: false });
      },
    );

    it("gives a collector's batch room for 5,000 items and the other ingest calls the default", () => {
      expect(resolve('/ingest/v1/observations')).toMatchObject({
        maxBodyBytes: INGEST_BATCH_BODY_LIMIT_BYTES,
      });
      expect(resolve('/ingest/v1/runs')).toMatchObject({ maxBodyBytes: SERVICE_BODY_LIMIT_BYTES });
      // Whole segments only: neither a look-alike nor another version reaches ingest-service.
      expect(resolve('/ingest/v1x')).toMatchObject({ kind: 'public-app', known: false });
      expect(resolve('/ingest/v2/observations')).toMatchObject({ kind: 'public-app', known: false });
      expect(resolve(`${P}/ingest/v1/observations`)).toMatchObject({ kind: 'admin-app' });
    });

    it('keeps /api/v10 and /api/v1x with forms-service (whole segments only)', () => {
      expect(resolve('/api/v10')).toMatchObject({ upstream: 'forms' });
      expect(resolve('/api/v1x/vpn')).toMatchObject({ upstream: 'forms' });
    });

    it('does not treat /apiary as an API path', () => {
      expect(resolve('/apiary')).toEqual({ kind: 'public-app', path: '/apiary', known: false });
    });
  });

  describe('admin API (prefix removed)', () => {
    it.each([
      ['/auth/login', 'auth'],
      ['/auth/me', 'auth'],
      ['/auth/setup-2fa', 'auth'],
      ['/admin-users', 'auth'],
      ['/admin-users/42', 'auth'],
      ['/admin-users/42/reset-password', 'auth'],
      ['/data/admin-users?page=1&limit=25', 'auth'],
      ['/data/admin-users/42', 'auth'],
      ['/data/active-sessions', 'auth'],
      ['/data/disconnect-session', 'auth'],
      ['/data/waitlist?page=2&search=a%40b', 'forms'],
      ['/data/waitlist/7', 'forms'],
      ['/data/vpn-requests/7', 'forms'],
      ['/data/contacts', 'forms'],
      ['/data/logs?action=admin_login', 'forms'],
      ['/dashboard/overview', 'forms'],
      ['/vpn-db/advanced-analytics', 'analytics'],
      ['/vpn-db/search-ip', 'analytics'],
      ['/api-keys', 'lookup'],
      ['/api-keys?page=2&search=acme', 'lookup'],
      ['/api-keys/0b6c9d5e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/rotate', 'lookup'],
      ['/api-keys/0b6c9d5e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/usage', 'lookup'],
    ])('sends %s to %s-service', (rest, upstream) => {
      expect(resolve(P + rest)).toEqual({
        kind: 'proxy',
        upstream,
        url: rest,
        admin: true,
        maxBodyBytes: SERVICE_BODY_LIMIT_BYTES,
      });
    });

    it.each(['/data/waitlist/bulk', '/data/contacts/rows', '/data/logs/bulk', '/data/logs/rows'])(
      'lets a selection call (%s) carry up to 10,000 ids (issue 16)',
      (rest) => {
        expect(resolve(P + rest)).toMatchObject({
          upstream: 'forms',
          maxBodyBytes: RECORD_IDS_BODY_LIMIT_BYTES,
        });
      },
    );

    it('sends the live-updates stream to forms-service, marked as an event stream (issue 16)', () => {
      expect(resolve(`${P}/events`)).toEqual({
        kind: 'proxy',
        upstream: 'forms',
        url: '/events',
        admin: true,
        maxBodyBytes: SERVICE_BODY_LIMIT_BYTES,
        stream: true,
      });
      expect(resolve(`${P}/eventsx`)).toEqual({ kind: 'admin-app', path: '/eventsx' });
    });

    it('answers unknown /data/ paths itself instead of serving the SPA', () => {
      expect(resolve(`${P}/data/secrets`)).toEqual({ kind: 'api-not-found' });
      expect(resolve(`${P}/data`)).toEqual({ kind: 'api-not-found' });
    });

    it('matches whole segments only', () => {
      expect(resolve(`${P}/data/waitlisted`)).toEqual({ kind: 'api-not-found' });
      expect(resolve(`${P}/authority`)).toEqual({ kind: 'admin-app', path: '/authority' });
    });

    it('covers every admin row of the table', () => {
      for (const row of ROUTE_TABLE.filter((r) => r.scope === 'admin' && r.upstream)) {
        expect(resolve(P + row.path)).toMatchObject({ kind: 'proxy', upstream: row.upstream, url: row.path });
      }
    });
  });

  describe('admin SPA', () => {
    it.each([P, `${P}/`, `${P}/assets/index-1a2b.js`, `${P}/anything/else`, `${P}?tab=logs`])(
      'serves %s from the admin SPA',
      (url) => {
        expect(resolve(url)).toMatchObject({ kind: 'admin-app' });
      },
    );

    it('gives the SPA the path below the prefix', () => {
      expect(resolve(P)).toEqual({ kind: 'admin-app', path: '/' });
      expect(resolve(`${P}/assets/x.js`)).toEqual({ kind: 'admin-app', path: '/assets/x.js' });
    });

    it.each([
      `/admin-${HEX.slice(0, -1)}0`,
      `/admin-${HEX}0`,
      `/admin-${HEX.slice(0, -1)}`,
      `/admin-${HEX.toUpperCase()}`,
      `/admin-${HEX}x/auth/login`,
      '/admin-',
      '/admin-users',
    ])('treats %s (wrong prefix) as an unknown public path', (url) => {
      expect(resolve(url)).toMatchObject({ kind: 'public-app', known: false });
    });

    it('never proxies admin API paths under a wrong prefix', () => {
      expect(resolve(`/admin-ffffffffffffffffffffffffffffffff/auth/login`)).toMatchObject({
        kind: 'public-app',
        known: false,
      });
    });
  });

  describe('public SPA', () => {
    it.each([...PUBLIC_ROUTES])('knows %s', (route) => {
      expect(resolve(route)).toEqual({ kind: 'public-app', path: route, known: true });
    });

    it('knows a route with a trailing slash or a query', () => {
      expect(resolve('/waitlist/')).toMatchObject({ known: true });
      expect(resolve('/contact?ref=footer')).toEqual({ kind: 'public-app', path: '/contact', known: true });
    });

    it('does not know other paths', () => {
      expect(resolve('/nope')).toMatchObject({ kind: 'public-app', known: false });
      expect(resolve('/waitlist/extra')).toMatchObject({ known: false });
      expect(resolve('/Waitlist')).toMatchObject({ known: false });
    });
  });

  describe('malformed paths', () => {
    it.each([
      '/a/../api/stats',
      '/api/./stats',
      '/%2e%2e/x',
      '/api/%2E/x',
      '/x/..',
      '/a/..%2fb',
      'http://evil.example/api/stats',
      '*',
    ])('refuses %s', (url) => {
      expect(resolve(url)).toEqual({ kind: 'bad-path' });
    });

    it('accepts dots inside segments', () => {
      expect(resolve('/assets/app.v2..js')).toMatchObject({ kind: 'public-app' });
      expect(resolve('/.well-known/security.txt')).toMatchObject({ kind: 'public-app' });
    });
  });

  it('exposes the prefix for upstream headers', () => {
    expect(resolve.adminPrefix).toBe(P);
  });
});
