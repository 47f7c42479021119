import { configSchema, mailFromDomain } from './config.js';

describe('mailer-worker configuration', () => {
  it('has working defaults for a developer machine', () => {
    const cfg = configSchema.parse({});
    expect(cfg).toMatchObject({
      MAILER_WORKER_PORT: 4004,
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'TunnelScope <no-reply@tunnelscope.example>',
      BRAND_NAME: 'TunnelScope',
      PUBLIC_SITE_URL: 'http://localhost:8080',
      SUPPORT_EMAIL: 'support@tunnelscope.example',
      SALES_EMAIL: 'sales@tunnelscope.example',
      MAILER_CONCURRENCY: 5,
      REDIS_PREFIX: 'tunnelscope',
    });
    expect(cfg.MAILER_RATE_PER_SECOND).toBeUndefined();
  });

  it('reads numbers from strings and treats an empty rate as unset', () => {
    const cfg = configSchema.parse({
      MAILER_CONCURRENCY: '12',
      MAILER_RATE_PER_SECOND: '',
      MAILER_WORKER_PORT: '5000',
    });
    expect(cfg.MAILER_CONCURRENCY).toBe(12);
    expect(cfg.MAILER_WORKER_PORT).toBe(5000);
    expect(cfg.MAILER_RATE_PER_SECOND).toBeUndefined();
    expect(configSchema.parse({ MAILER_RATE_PER_SECOND: '20' }).MAILER_RATE_PER_SECOND).toBe(20);
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'not an address'],
    ['SUPPORT_EMAIL', 'support'],
    ['MAILER_CONCURRENCY', '0'],
    ['MAILER_RATE_PER_SECOND', '-1'],
    ['BRAND_NAME', ''],
  ])('refuses %s=%j', (key, value) => {
    const result = configSchema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(key);
  });
});

describe('mailFromDomain', () => {
  it('takes the domain of a named or a bare address', () => {
    expect(mailFromDomain('TunnelScope <no-reply@TunnelScope.example>')).toBe('tunnelscope.example');
    expect(mailFromDomain('robot@mail.netlens.example')).toBe('mail.netlens.example');
  });
});
