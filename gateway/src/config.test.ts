import { DEV_ADMIN_PATH_HEX, loadConfig, TURNSTILE_ALWAYS_PASS_SITE_KEY } from './config.js';

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
      UPSTREAM_TIMEOUT_MS: 10_000,
      TRUSTED_PROXY_HOPS: 0,
      BRAND_NAME: 'TunnelScope',
      SALES_EMAIL: 'sales@tunnelscope.example',
      SUPPORT_EMAIL: 'support@tunnelscope.example',
      TURNSTILE_SITE_KEY: TURNSTILE_ALWAYS_PASS_SITE_KEY,
      FORCE_HSTS: false,
    });
    expect(cfg.PUBLIC_WEB_DIST).toMatch(/apps\/public-web\/dist$/);
    expect(cfg.ADMIN_WEB_DIST).toMatch(/apps\/admin-web\/dist$/);
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
    const ok = loadConfig(
      { NODE_ENV: 'production', ADMIN_PATH_HEX: '9f'.repeat(16), INTERNAL_SHARED_SECRET: 'x'.repeat(40) },
      failingExit,
    );
    expect(ok.ADMIN_PATH_HEX).toBe('9f'.repeat(16));
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
