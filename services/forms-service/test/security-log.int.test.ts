import { createTestContext, nextIp, post, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('securitylog');
});
afterAll(async () => {
  await ctx?.close();
});

const event = {
  type: 'XSS_ATTEMPT',
  details: { input: '<script>alert(1)</script>', severity: 'high' },
  timestamp: '2026-01-01T10:00:00.000Z',
  userAgent: 'Mozilla/5.0 (demo)',
  url: 'https://tunnelscope.example/security-demo',
};

describe('POST /api/security-log', () => {
  it('answers 204 and stores the event as a security_event with its details', async () => {
    const ip = nextIp();
    const res = await post(ctx, '/api/security-log', event, { ip });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const row = await ctx.db
      .selectFrom('registration_logs')
      .selectAll()
      .where('ip_address', '=', ip)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'security_event', success: true, user_agent: 'jest-test-agent' });
    expect(row.additional_data).toEqual({
      type: 'XSS_ATTEMPT',
      details: event.details,
      timestamp: event.timestamp,
      userAgent: event.userAgent,
      url: event.url,
    });
  });

  it('stores details holding NUL and lone surrogates in a form Postgres accepts', async () => {
    const ip = nextIp();
    const res = await post(
      ctx,
      '/api/security-log',
      { ...event, type: 'VALIDATION_ERROR', details: { 'k\u0000': 'a\u0000b\ud800' } },
      { ip },
    );
    expect(res.statusCode).toBe(204);
    const row = await ctx.db
      .selectFrom('registration_logs')
      .selectAll()
      .where('ip_address', '=', ip)
      .executeTakeFirstOrThrow();
    expect(row.additional_data).toMatchObject({ details: { k: 'ab\ufffd' } });
  });

  it('refuses details over 4096 bytes with 400', async () => {
    const res = await post(
      ctx,
      '/api/security-log',
      { ...event, details: 'x'.repeat(5000) },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('details must not exceed 4096 bytes');
  });

  it('refuses a body over its 12 KB limit with 413', async () => {
    const res = await post(ctx, '/api/security-log', { ...event, url: 'x'.repeat(13_000) }, { ip: nextIp() });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an event without a type', async () => {
    const { type: _t, ...rest } = event;
    const res = await post(ctx, '/api/security-log', rest, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('type is required');
  });
});
