import {
  OTP_MAX_CODES_PER_DAY,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_CODES_PER_NETWORK_PER_HOUR,
} from '@tunnelscope/contracts';
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

    it('counts an IPv6 client by its /64, so a new address from it is not a new client (issue 13 item 7)', async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await post(ctx, '/api/waitlist', { email: uniqueEmail() }, { ip: `2001:db8:5:6::${i}` });
        expect(res.statusCode).toBe(200);
      }
      const sameNetwork = await post(
        ctx,
        '/api/waitlist',
        { email: uniqueEmail() },
        { ip: '2001:db8:5:6:ffff::9' },
      );
      expect(sameNetwork.statusCode).toBe(429);
      const otherNetwork = await post(
        ctx,
        '/api/waitlist',
        { email: uniqueEmail() },
        { ip: '2001:db8:5:7::1' },
      );
      expect(otherNetwork.statusCode).toBe(200);
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

describe('verification codes per address and day, and per client network and hour (issue 13 item 7)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The shipped defaults of both caps (the test helper raises the network cap for other suites).
    ctx = await createTestContext('codecap_wide', {
      env: { OTP_CODES_PER_NETWORK_PER_HOUR: String(OTP_MAX_CODES_PER_NETWORK_PER_HOUR) },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(`mails at most ${OTP_MAX_CODES_PER_DAY} codes a day to one address, however they are spread over the hours`, async () => {
    const email = uniqueEmail('daycap');
    let sent = 0;
    while (sent < OTP_MAX_CODES_PER_DAY) {
      for (let i = 0; i < OTP_MAX_CODES_PER_HOUR && sent < OTP_MAX_CODES_PER_DAY; i++, sent++) {
        const res = await post(ctx, '/api/waitlist', { email }, { ip: `203.0.${sent}.1` });
        expect(res.statusCode).toBe(200);
      }
      ctx.clock.advance(61 * 60 * 1000);
    }
    const refused = await post(ctx, '/api/waitlist', { email }, { ip: '203.0.113.77' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many verification codes were requested for this email address\. Please try again in \d+ hours\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    const codes = (await queuedMails(ctx.mailQueue)).filter((j) => j.data.to === email);
    expect(codes).toHaveLength(OTP_MAX_CODES_PER_DAY);
  });

  it.each([
    ['IPv4 /24', (i: number) => `192.0.2.${i + 1}`, '192.0.2.250', '192.0.3.1'],
    [
      'IPv6 /64',
      (i: number) => `2001:db8:77:1::${(i + 1).toString(16)}`,
      '2001:db8:77:1:abcd::1',
      '2001:db8:77:2::1',
    ],
  ])(
    `mails at most ${OTP_MAX_CODES_PER_NETWORK_PER_HOUR} codes an hour from one client network (%s), whatever the addresses`,
    async (_family, addressOf, sameNetwork, otherNetwork) => {
      for (let i = 0; i < OTP_MAX_CODES_PER_NETWORK_PER_HOUR; i++) {
        const res = await post(ctx, '/api/waitlist', { email: uniqueEmail('bomb') }, { ip: addressOf(i) });
        expect(res.statusCode).toBe(200);
      }
      const victim = uniqueEmail('victim');
      const refused = await post(ctx, '/api/waitlist', { email: victim }, { ip: sameNetwork });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many verification codes were requested from your network\./,
      );
      expect((await queuedMails(ctx.mailQueue)).some((j) => j.data.to === victim)).toBe(false);
      expect((await post(ctx, '/api/waitlist', { email: victim }, { ip: otherNetwork })).statusCode).toBe(
        200,
      );
    },
  );
});
