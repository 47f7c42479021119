import {
  createTestContext,
  latestCode,
  nextIp,
  otherCode,
  post,
  queuedMails,
  uniqueEmail,
  validVpnRequest,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('vpn');
});
afterAll(async () => {
  await ctx?.close();
});

async function submit(body: Record<string, unknown>) {
  return post(ctx, '/api/vpn-request', body, { ip: nextIp() });
}

describe('POST /api/vpn-request', () => {
  it('stores the request with the visitor address and user agent, and queues a code', async () => {
    const email = uniqueEmail('vpn');
    const ip = nextIp();
    const res = await post(ctx, '/api/vpn-request', validVpnRequest(email), { ip });
    expect(res.statusCode).toBe(200);
    const { requestId } = res.json();
    const row = await ctx.db
      .selectFrom('vpn_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      vpn_name: 'Turbo VPN',
      user_email: email,
      ip_address: ip,
      user_agent: 'jest-test-agent',
      is_verified: false,
      request_number: null,
      status: 'Waiting',
    });
    const job = (await queuedMails(ctx.mailQueue)).find((j) =>
      j.id.startsWith(`verification-code-${requestId}-`),
    );
    expect(job?.data).toMatchObject({ type: 'verification-code', form: 'vpn-request', to: email });
  });

  it('reuses the unverified request for the same address and VPN, but not for another VPN', async () => {
    const email = uniqueEmail('vpnresend');
    const first = (await submit(validVpnRequest(email))).json();
    const again = (await submit(validVpnRequest(email))).json();
    expect(again.requestId).toBe(first.requestId);
    const other = (await submit({ ...validVpnRequest(email), vpnName: 'Hola VPN' })).json();
    expect(other.requestId).not.toBe(first.requestId);
    const row = await ctx.db
      .selectFrom('vpn_requests')
      .selectAll()
      .where('id', '=', first.requestId)
      .executeTakeFirstOrThrow();
    expect(row.otp_generation).toBe(2);
  });

  it("never rewrites a pending request with a stranger's details: different content opens a new row (issue 13 item 5)", async () => {
    const email = uniqueEmail('vpnhijack');
    const first = (await submit(validVpnRequest(email))).json();
    const stranger = (
      await submit({ ...validVpnRequest(email), additionalInfo: 'Please call me on this other number.' })
    ).json();
    expect(stranger.requestId).not.toBe(first.requestId);
    const row = await ctx.db
      .selectFrom('vpn_requests')
      .selectAll()
      .where('id', '=', first.requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      additional_info: 'We see this VPN in our signup traffic every day.',
      otp_generation: 1,
    });
    const job = (await queuedMails(ctx.mailQueue)).find((j) =>
      j.id.startsWith(`verification-code-${first.requestId}-`),
    );
    expect(job?.data).toMatchObject({ confirming: 'VPN detection request for Turbo VPN' });
  });

  it('refuses a link outside the Play Store with the spec message', async () => {
    const res = await submit({
      ...validVpnRequest(uniqueEmail()),
      playstoreLink: 'https://example.com/store/apps/x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Must be a Google Play Store link starting with https://play.google.com/store/',
    );
  });

  it('requires every field, additional information included', async () => {
    const { additionalInfo: _omit, ...rest } = validVpnRequest(uniqueEmail());
    const res = await submit(rest);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Additional information is required');
  });
});

describe('POST /api/verify-vpn-otp', () => {
  it('assigns a request number, answers it, and queues the confirmation mail that carries it', async () => {
    const email = uniqueEmail('vpnok');
    const { requestId } = (await submit(validVpnRequest(email))).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    const res = await post(ctx, '/api/verify-vpn-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const day = ctx.clock.now().toISOString().slice(0, 10).replaceAll('-', '');
    expect(body).toEqual({
      success: true,
      requestNumber: expect.stringMatching(new RegExp(`^VPN-${day}-[2-9A-HJKMNP-Z]{6}$`)),
      message: 'Email verified successfully!',
    });

    const row = await ctx.db
      .selectFrom('vpn_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      is_verified: true,
      request_number: body.requestNumber,
      followup_mail_pending: false,
      otp_code_hash: null,
    });

    const confirmation = (await queuedMails(ctx.mailQueue)).find(
      (j) => j.id === `vpn-request-confirmation-${requestId}`,
    );
    expect(confirmation?.data).toMatchObject({
      type: 'vpn-request-confirmation',
      to: email,
      requestNumber: body.requestNumber,
      vpnName: 'Turbo VPN',
    });
    const logs = await ctx.db
      .selectFrom('registration_logs')
      .select('action')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.action)).toEqual(['vpn_request_attempt', 'otp_sent', 'otp_verified']);
  });

  it('answers 400 with the spec message to a wrong code and sends no confirmation', async () => {
    const { requestId } = (await submit(validVpnRequest(uniqueEmail()))).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    const res = await post(
      ctx,
      '/api/verify-vpn-otp',
      { requestId, otpCode: otherCode(code) },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired verification code.');
    expect(
      (await queuedMails(ctx.mailQueue)).some((j) => j.id === `vpn-request-confirmation-${requestId}`),
    ).toBe(false);
  });

  it('does not confirm a verified request twice', async () => {
    const { requestId } = (await submit(validVpnRequest(uniqueEmail()))).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    expect(
      (await post(ctx, '/api/verify-vpn-otp', { requestId, otpCode: code }, { ip: nextIp() })).statusCode,
    ).toBe(200);
    const again = await post(ctx, '/api/verify-vpn-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(again.statusCode).toBe(400);
    const confirmations = (await queuedMails(ctx.mailQueue)).filter(
      (j) => j.id === `vpn-request-confirmation-${requestId}`,
    );
    expect(confirmations).toHaveLength(1);
  });
});
