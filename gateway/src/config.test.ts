import { randomBytes } from 'node:crypto';
import { DEV_ADMIN_PATH_HEX, loadConfig, TURNSTILE_ALWAYS_PASS_SITE_KEY } from './config.js';
import { ROUTE_TABLE } from './routes/route-table.js';

function failingExit(code: number): never {
  throw new Error(`exit ${code}`);
}

describe('gateway configuration', () => {
  // loadConfig prints what is wrong; keep it, quietly, to check it names the right variables.
  const printed: string[] = [];
  const original = console.error;
  beforeEach(() => {
    printed.length = 0;
    console.error = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.error = original;
  });

  it('takes PUBLIC_ORIGIN as an origin (a trailing slash dropped) and refuses one with a path', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://acme.example/' }, failingExit).PUBLIC_ORIGIN).toBe(
      'https://acme.example',
    );
    for (const bad of [
      'https://acme.example/site',
      'ftp://acme.example',
      'acme.example',
      'https://acme.example/?a=1',
    ]) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }, failingExit)).toThrow('exit 1');
      expect(printed.join('\n')).toContain('PUBLIC_ORIGIN');
    }
  });

  it('has working development defaults', () => {
    const cfg = loadConfig({}, failingExit);
    expect(cfg).toMatchObject({
      GATEWAY_PORT: 8080,
      HOST: '127.0.0.1',
      ADMIN_PATH_HEX: DEV_ADMIN_PATH_HEX,
      FORMS_SERVICE_URL: 'http://127.0.0.1:4001',
      AUTH_SERVICE_URL: 'http://127.0.0.1:4002',
      ANALYTICS_SERVICE_URL: 'http://127.0.0.1:4003',
      LOOKUP_SERVICE_URL: 'http://127.0.0.1:4005',
      INGEST_SERVICE_URL: 'http://127.0.0.1:4006',
      MAX_BODY_BYTES: 4 * 1024 * 1024,
      UPSTREAM_TIMEOUT_MS: 10_000,
      TRUSTED_PROXY_HOPS: 0,
      BRAND_NAME: 'TunnelScope',
      SALES_EMAIL: 'sales@tunnelscope.example',
      SUPPORT_EMAIL: 'support@tunnelscope.example',
      TURNSTILE_SITE_KEY: TURNSTILE_ALWAYS_PASS_SITE_KEY,
      FORCE_HSTS: false,
      PUBLIC_ORIGIN: 'http://localhost:8080',
    });
    expect(cfg.PUBLIC_WEB_DIST).toMatch(/apps\/public-web\/dist$/);
    expect(cfg.ADMIN_WEB_DIST).toMatch(/apps\/admin-web\/dist$/);
  });

  it("caps bodies above every route's limit by default, so no row is cut short", () => {
    const cap = loadConfig({}, failingExit).MAX_BODY_BYTES;
    for (const row of ROUTE_TABLE) expect(row.maxBodyBytes ?? 0).toBeLessThan(cap);
  });

  it('requires a private admin prefix and secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, failingExit)).toThrow('exit 1');
    expect(printed.join('\n')).toContain('ADMIN_PATH_HEX');
    expect(printed.join('\n')).toContain('INTERNAL_SHARED_SECRET');
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          ADMIN_PATH_HEX: DEV_ADMIN_PATH_HEX,
          INTERNAL_SHARED_SECRET: 'x'.repeat(40),
        },
        failingExit,
      ),
    ).toThrow('exit 1');
    const hex = randomBytes(16).toString('hex');
    const ok = loadConfig(
      {
        NODE_ENV: 'production',
        ADMIN_PATH_HEX: hex,
        INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
        TURNSTILE_SITE_KEY: '0x4AAAAAAAB1cDeFgHiJkLmN',
      },
      failingExit,
    );
    expect(ok.ADMIN_PATH_HEX).toBe(hex);
  });

  it.each(['abc', 'not-hex-not-hex-not-hex', `${'a'.repeat(15)}`, `/admin-${'a'.repeat(16)}`])(
    'refuses ADMIN_PATH_HEX=%s',
    (hex) => {
      expect(() => loadConfig({ ADMIN_PATH_HEX: hex }, failingExit)).toThrow('exit 1');
    },
  );

  it.each(['https://forms:4001', 'http://forms:4001/prefix', 'forms:4001', 'http://user:pw@forms:4001'])(
    'refuses upstream URL %s',
    (url) => {
      expect(() => loadConfig({ FORMS_SERVICE_URL: url }, failingExit)).toThrow('exit 1');
    },
  );

  it('accepts an empty upstream URL as "not deployed"', () => {
    expect(loadConfig({ AUTH_SERVICE_URL: '' }, failingExit).AUTH_SERVICE_URL).toBe('');
  });

  it('parses booleans and numbers', () => {
    const cfg = loadConfig(
      { FORCE_HSTS: 'yes', TRUSTED_PROXY_HOPS: '2', UPSTREAM_TIMEOUT_MS: '2500' },
      failingExit,
    );
    expect(cfg).toMatchObject({ FORCE_HSTS: true, TRUSTED_PROXY_HOPS: 2, UPSTREAM_TIMEOUT_MS: 2500 });
  });
});

describe('production guards (issue 13, item 3)', () => {
  const original = console.error;
  beforeEach(() => {
    console.error = () => undefined;
  });
  afterEach(() => {
    console.error = original;
  });
  const privateProduction = {
    NODE_ENV: 'production',
    ADMIN_PATH_HEX: randomBytes(16).toString('hex'),
    INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
    TURNSTILE_SITE_KEY: '0x4AAAAAAAB1cDeFgHiJkLmN',
  };

  it('starts with private values', () => {
    expect(loadConfig(privateProduction, failingExit).NODE_ENV).toBe('production');
  });

  it.each([
    ['the compose secret', { INTERNAL_SHARED_SECRET: 'compose-internal-secret-change-me-0123456789' }],
    [
      'a published secret with a suffix',
      { INTERNAL_SHARED_SECRET: 'dev-only-internal-secret-0123456789abcdef-x' },
    ],
    ['a low-entropy secret', { INTERNAL_SHARED_SECRET: 'x'.repeat(40) }],
    ['a repeated secret', { INTERNAL_SHARED_SECRET: 'correcthorse'.repeat(4) }],
    ['the compose and .env.example admin hex', { ADMIN_PATH_HEX: '4f3c2a1b0e9d8c7b6a5f4e3d2c1b0a99' }],
    ['a low-entropy admin hex', { ADMIN_PATH_HEX: '9f'.repeat(16) }],
    ['a short admin hex', { ADMIN_PATH_HEX: randomBytes(8).toString('hex') }],
    ["Turnstile's always-pass test site key", { TURNSTILE_SITE_KEY: '1x00000000000000000000AA' }],
    ["Turnstile's always-block test site key", { TURNSTILE_SITE_KEY: '2x00000000000000000000AB' }],
    ["Turnstile's interactive test site key", { TURNSTILE_SITE_KEY: '3x00000000000000000000FF' }],
  ])('refuses %s', (_what, change) => {
    expect(() => loadConfig({ ...privateProduction, ...change }, failingExit)).toThrow('exit 1');
  });
});
