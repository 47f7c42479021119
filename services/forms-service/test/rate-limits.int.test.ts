import { OTP_MAX_CODES_PER_HOUR } from '@tunnelscope/contracts';
import {
  createTestContext,
  nextIp,
  post,
  queuedMails,
  uniqueEmail,
  validContact,
  validVpnRequest,
  type TestContext,
} from './helpers.js';

describe('per-address route limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The defaults of the configuration: 5 form submissions, 10 code checks, 20 e-mail checks a minute.
    ctx = await createTestContext('ratelimit', {
      env: {
        RATE_LIMIT_FORM_PER_MIN: '5',
        RATE_LIMIT_OTP_PER_MIN: '10',
        RATE_LIMIT_EMAIL_CHECK_PER_MIN: '20',
        RATE_LIMIT_SECURITY_LOG_PER_MIN: '30',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('POST /api/waitlist', () => {
    it('answers the sixth submission in a minute with 429, a JSON message and Retry-After', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        expect((await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip })).statusCode).toBe(200);
      }
      const res = await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'RATE_LIMITED',
        message: expect.stringMatching(/Too many requests/),
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('counts each client address on its own', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip });
      expect((await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip })).statusCode).toBe(429);
      expect((await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip: nextIp() })).statusCode).toBe(
        200,
      );
    });

    it('logs the refusal once per window in registration_logs', async () => {
      const ip = nextIp();
      for (let i = 0; i < 8; i++) await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip });
      // The log write is not on the request path: give it a moment.
      await new Promise((r) => setTimeout(r, 200));
      const rows = await ctx.db
        .selectFrom('registration_logs')
        .selectAll()
        .where('action', '=', 'rate_limited')
        .where('ip_address', '=', ip)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.additional_data).toEqual({ route: '/api/waitlist' });
    });
  });

  describe('POST /api/verify-vpn-otp', () => {
    it('allows ten code checks a minute, then answers 429', async () => {
      const ip = nextIp();
      const body = { requestId: '00000000-0000-4000-8000-000000000000', otpCode: '123456' };
      for (let i = 0; i < 10; i++)
        expect((await post(ctx, '/api/verify-vpn-otp', body, { ip })).statusCode).toBe(400);
      const res = await post(ctx, '/api/verify-vpn-otp', body, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST /api/check-waitlist-email', () => {
    it('allows twenty checks a minute, then answers 429', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        expect(
          (await post(ctx, '/api/check-waitlist-email', { email: uniqueEmail() }, { ip })).statusCode,
        ).toBe(200);
      }
      expect(
        (await post(ctx, '/api/check-waitlist-email', { email: uniqueEmail() }, { ip })).statusCode,
      ).toBe(429);
    });
  });
});

describe('verification codes per address and hour', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('codecap');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(`mails at most ${OTP_MAX_CODES_PER_HOUR} codes an hour to one address across the forms, then answers 429 with Retry-After`, async () => {
    const email = uniqueEmail('cap');
    const forms: [string, unknown][] = [
      ['/api/waitlist', { email }],
      ['/api/vpn-request', validVpnRequest(email)],
      ['/api/contact', validContact(email)],
      ['/api/waitlist', { email }],
      ['/api/contact', validContact(email)],
    ];
    for (const [url, body] of forms)
      expect((await post(ctx, url, body, { ip: nextIp() })).statusCode).toBe(200);

    const res = await post(ctx, '/api/vpn-request', validVpnRequest(email.toUpperCase()), { ip: nextIp() });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many verification codes/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const codes = (await queuedMails(ctx.mailQueue)).filter(
      (j) => j.data.to.toLowerCase() === email.toLowerCase(),
    );
    expect(codes).toHaveLength(OTP_MAX_CODES_PER_HOUR);
  });

  it('frees a slot once the oldest code is an hour old', async () => {
    const email = uniqueEmail('window');
    for (let i = 0; i < OTP_MAX_CODES_PER_HOUR; i++)
      await post(ctx, '/api/waitlist', { email }, { ip: nextIp() });
    expect((await post(ctx, '/api/waitlist', { email }, { ip: nextIp() })).statusCode).toBe(429);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    expect((await post(ctx, '/api/waitlist', { email }, { ip: nextIp() })).statusCode).toBe(200);
  });

  it('follows OTP_CODES_PER_HOUR when it is raised', async () => {
    const raised = await createTestContext('codecap_raised', { env: { OTP_CODES_PER_HOUR: '8' } });
    try {
      const email = uniqueEmail('raised');
      for (let i = 0; i < 8; i++)
        expect((await post(raised, '/api/waitlist', { email }, { ip: nextIp() })).statusCode).toBe(200);
      expect((await post(raised, '/api/waitlist', { email }, { ip: nextIp() })).statusCode).toBe(429);
    } finally {
      await raised.close();
    }
  });
});
