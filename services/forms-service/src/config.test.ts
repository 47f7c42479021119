import { randomBytes } from 'node:crypto';
import { configSchema, parseBlocklistSources } from './config.js';

describe('configSchema', () => {
  it('has working defaults for a developer machine', () => {
    const cfg = configSchema.parse({});
    expect(cfg).toMatchObject({
      FORMS_SERVICE_PORT: 4001,
      CONTACT_INBOX: 'team@tunnelscope.example',
      RATE_LIMIT_FORM_PER_MIN: 5,
      RATE_LIMIT_OTP_PER_MIN: 10,
      RATE_LIMIT_EMAIL_CHECK_PER_MIN: 20,
      RATE_LIMIT_SECURITY_LOG_PER_MIN: 30,
      OTP_CODES_PER_HOUR: 5,
      BLOCKLIST_SOURCES: [{ kind: 'package' }],
      BLOCKLIST_REFRESH_MINUTES: 1440,
    });
  });

  it('refuses the development secrets in production', () => {
    const result = configSchema.safeParse({ NODE_ENV: 'production' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'INTERNAL_SHARED_SECRET',
      'OTP_HMAC_SECRET',
    ]);
  });

  it('accepts private secrets in production', () => {
    const result = configSchema.safeParse({
      NODE_ENV: 'production',
      INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
      OTP_HMAC_SECRET: randomBytes(32).toString('hex'),
    });
    expect(result.success).toBe(true);
  });

  it('refuses an HMAC secret shorter than 32 characters', () => {
    expect(configSchema.safeParse({ OTP_HMAC_SECRET: 'short' }).success).toBe(false);
  });
});

describe('parseBlocklistSources', () => {
  it('reads the packaged list and http(s) URLs, comma-separated', () => {
    expect(parseBlocklistSources(' package , https://example.org/list.conf ')).toEqual([
      { kind: 'package' },
      { kind: 'url', url: 'https://example.org/list.conf' },
    ]);
  });

  it('refuses other schemes and empty lists', () => {
    expect(() => parseBlocklistSources('file:///etc/passwd')).toThrow(/is neither/);
    expect(() => parseBlocklistSources(' , ')).toThrow(/at least one source/);
  });
});

describe('production guards (issue 13, item 3)', () => {
  const privateProduction = {
    NODE_ENV: 'production',
    INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
    OTP_HMAC_SECRET: randomBytes(32).toString('base64'),
  };

  it('accepts generated secrets', () => {
    expect(configSchema.safeParse(privateProduction).success).toBe(true);
  });

  it.each([
    ['the compose OTP secret', { OTP_HMAC_SECRET: 'compose-otp-hmac-secret-change-me-0123456789' }],
    ['the .env.example OTP secret', { OTP_HMAC_SECRET: 'dev-only-otp-hmac-secret-0123456789abcdef' }],
    ['a low-entropy OTP secret', { OTP_HMAC_SECRET: 'ab'.repeat(20) }],
    [
      'the compose internal secret',
      { INTERNAL_SHARED_SECRET: 'compose-internal-secret-change-me-0123456789' },
    ],
    [
      'the Postgres password of compose',
      { DATABASE_URL: 'postgres://postgres:postgres@db:5432/tunnelscope' },
    ],
  ])('refuses %s', (_what, change) => {
    const result = configSchema.safeParse({ ...privateProduction, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(Object.keys(change));
  });
});
