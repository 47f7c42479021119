import {
  ADMIN_HEX,
  deadUrl,
  send,
  startGateway,
  startUpstream,
  type FakeUpstream,
  type RunningGateway,
} from './helpers.js';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self' https://challenges.cloudflare.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'frame-src https://challenges.cloudflare.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

describe('gateway security headers', () => {
  let forms: FakeUpstream;
  let gw: RunningGateway;

  beforeAll(async () => {
    forms = await startUpstream('forms');
    gw = await startGateway({ FORMS_SERVICE_URL: forms.url, ANALYTICS_SERVICE_URL: await deadUrl() });
  });
  afterAll(async () => {
    await gw.close();
    await forms.close();
  });

  const answers = () => ({
    page: `${gw.url}/`,
    notFoundPage: `${gw.url}/nope`,
    adminPage: `${gw.url}/admin-${ADMIN_HEX}`,
    proxied: `${gw.url}/api/waitlist`,
    badGateway: `${gw.url}/api/stats`,
    health: `${gw.url}/healthz`,
    badPath: `${gw.url}/a/../b`,
  });

  it.each(['page', 'notFoundPage', 'adminPage', 'proxied', 'badGateway', 'health', 'badPath'] as const)(
    'are on every answer: %s',
    async (which) => {
      const res = await send(answers()[which]);
      expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    },
  );

  it('ignores X-Forwarded-Proto from an untrusted client for HSTS', async () => {
    const res = await send(`${gw.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });
});

describe('gateway behind a trusted proxy (TRUSTED_PROXY_HOPS=1)', () => {
  let forms: FakeUpstream;
  let gw: RunningGateway;

  beforeAll(async () => {
    forms = await startUpstream('forms');
    gw = await startGateway({ FORMS_SERVICE_URL: forms.url, TRUSTED_PROXY_HOPS: '1' });
  });
  afterAll(async () => {
    await gw.close();
    await forms.close();
  });
  beforeEach(() => (forms.seen.length = 0));

  it('sends HSTS when the proxy says the client used https', async () => {
    const res = await send(`${gw.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const proxied = await send(`${gw.url}/api/x`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('does not send HSTS for plain http', async () => {
    const res = await send(`${gw.url}/`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });

  it('takes the client address the proxy appended, not the spoofed ones before it', async () => {
    await send(`${gw.url}/api/waitlist`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': '6.6.6.6, 203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'tunnelscope.example',
      },
      body: '{}',
    });
    expect(forms.seen[0]!.headers).toMatchObject({
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'tunnelscope.example',
    });
  });
});

describe('gateway with FORCE_HSTS', () => {
  let gw: RunningGateway;
  beforeAll(async () => {
    gw = await startGateway({
      FORCE_HSTS: 'true',
      TURNSTILE_SCRIPT_URL: 'http://127.0.0.1:8788/turnstile/v0/api.js',
    });
  });
  afterAll(() => gw.close());

  it('sends HSTS without any forwarded proto', async () => {
    const res = await send(`${gw.url}/`);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows the configured Turnstile script origin in the CSP', async () => {
    const res = await send(`${gw.url}/`);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' http://127.0.0.1:8788;");
    expect(res.headers['content-security-policy']).toContain('frame-src http://127.0.0.1:8788;');
  });
});
