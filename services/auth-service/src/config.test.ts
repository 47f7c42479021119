import { randomBytes } from 'node:crypto';
import {
  ARGON2_MIN_PRODUCTION_MEMORY_KIB,
  DEV_TOTP_ENCRYPTION_KEY,
  configSchema,
  cliConfigSchema,
} from './config.js';

const privateSecrets = {
  INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TURNSTILE_SECRET: '0x4AAAAAAAprivate-site-secret',
};

describe('configSchema', () => {
  it('has working defaults for a developer machine', () => {
    const cfg = configSchema.parse({});
    expect(cfg).toMatchObject({
      AUTH_SERVICE_PORT: 4002,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tunnelscope',
      TURNSTILE_SECRET: '1x0000000000000000000000000000000AA',
      TURNSTILE_VERIFY_URL: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      TURNSTILE_TIMEOUT_MS: 5000,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      BRAND_NAME: 'TunnelScope',
      ARGON2_MEMORY_KIB: ARGON2_MIN_PRODUCTION_MEMORY_KIB,
      ARGON2_TIME_COST: 2,
    });
    expect(cfg.TOTP_ENCRYPTION_KEY).toHaveLength(32);
    expect(cfg.BACKUP_CODE_PEPPER).toBeUndefined();
  });

  it('reads the TOTP key as base64 or hex, and refuses one that is not 32 bytes', () => {
    const key = randomBytes(32);
    expect(
      configSchema.parse({ TOTP_ENCRYPTION_KEY: key.toString('base64') }).TOTP_ENCRYPTION_KEY.equals(key),
    ).toBe(true);
    expect(
      configSchema.parse({ TOTP_ENCRYPTION_KEY: key.toString('hex') }).TOTP_ENCRYPTION_KEY.equals(key),
    ).toBe(true);
    expect(configSchema.safeParse({ TOTP_ENCRYPTION_KEY: randomBytes(16).toString('base64') }).success).toBe(
      false,
    );
  });

  it('refuses the development secrets, a Turnstile test secret and a weak hash cost in production', () => {
    const result = configSchema.safeParse({
      NODE_ENV: 'production',
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_TIME_COST: '1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'ARGON2_MEMORY_KIB',
      'ARGON2_TIME_COST',
      'INTERNAL_SHARED_SECRET',
      'TOTP_ENCRYPTION_KEY',
      'TURNSTILE_SECRET',
    ]);
    for (const change of [
      { TOTP_ENCRYPTION_KEY: DEV_TOTP_ENCRYPTION_KEY },
      { TURNSTILE_SECRET: '2x0000000000000000000000000000000AA' },
      { TURNSTILE_SECRET: '3x0000000000000000000000000000000AA' },
    ]) {
      expect(configSchema.safeParse({ NODE_ENV: 'production', ...privateSecrets, ...change }).success).toBe(
        false,
      );
    }
  });

  it('accepts private secrets and the default cost in production', () => {
    expect(configSchema.safeParse({ NODE_ENV: 'production', ...privateSecrets }).success).toBe(true);
  });

  it('refuses a short backup-code pepper and a verify URL that is not a URL', () => {
    expect(configSchema.safeParse({ BACKUP_CODE_PEPPER: 'short' }).success).toBe(false);
    expect(configSchema.safeParse({ TURNSTILE_VERIFY_URL: 'not a url' }).success).toBe(false);
  });
});

describe('cliConfigSchema', () => {
  it('never hashes below the production cost in production', () => {
    expect(
      cliConfigSchema.parse({ NODE_ENV: 'production', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
    ).toMatchObject({
      ARGON2_MEMORY_KIB: ARGON2_MIN_PRODUCTION_MEMORY_KIB,
      ARGON2_TIME_COST: 2,
    });
    expect(cliConfigSchema.parse({ ARGON2_MEMORY_KIB: '1024' }).ARGON2_MEMORY_KIB).toBe(1024);
  });
});

describe('production guards (issue 13, item 3)', () => {
  const privateProduction = {
    NODE_ENV: 'production',
    INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TURNSTILE_SECRET: '0x4AAAAAAAprivate-site-secret',
  };

  it('accepts generated secrets', () => {
    expect(configSchema.safeParse(privateProduction).success).toBe(true);
  });

  it.each([
    ['the compose TOTP key', { TOTP_ENCRYPTION_KEY: 'Y29tcG9zZS10b3RwLWtleS1jaGFuZ2UtbWUtMDEyMzQ=' }],
    ['an all-zero TOTP key', { TOTP_ENCRYPTION_KEY: '0'.repeat(64) }],
    [
      'the compose internal secret',
      { INTERNAL_SHARED_SECRET: 'compose-internal-secret-change-me-0123456789' },
    ],
    ['a published backup-code pepper', { BACKUP_CODE_PEPPER: 'dev-only-otp-hmac-secret-0123456789abcdef' }],
    [
      'the Postgres password of compose',
      { DATABASE_URL: 'postgres://postgres:postgres@db:5432/tunnelscope' },
    ],
    [
      "Turnstile's test secret, even with the old laptop flag",
      { TURNSTILE_SECRET: '1x0000000000000000000000000000000AA', TURNSTILE_ALLOW_TEST_KEYS: 'true' },
    ],
  ])('refuses %s', (_what, change) => {
    const result = configSchema.safeParse({ ...privateProduction, ...change });
    expect(result.success).toBe(false);
  });
});
