import pg from 'pg';
import { codeFrom } from '@tunnelscope/test-kit';
import { call, startStack, type Stack } from '../src/stack.js';

/**
 * A visitor's three flows through the real gateway process, the real forms-service, the real
 * mailer-worker and an SMTP sink: submit → the mail arrives with a code → verify → stored.
 */
describe('public flows through the gateway', () => {
  let stack: Stack;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startStack({ label: 'flows' });
    db = new pg.Client({ connectionString: stack.db.url });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const mailTo = async (to: string, subjectPart: RegExp, count = 1) =>
    stack.sink.waitFor((m) => m.to.includes(to) && subjectPart.test(m.subject), { count, timeoutMs: 20_000 });

  it('joins the waitlist with an e-mailed code and refuses a second join with 409 and no mail', async () => {
    const email = 'ada@fraudlabs.io';
    expect((await call(stack, 'POST', '/api/check-waitlist-email', { email })).body).toEqual({
      exists: false,
      isVerified: false,
    });
    // A spoofed X-Forwarded-For must not be what gets recorded: the gateway replaces it.
    const joined = await call(
      stack,
      'POST',
      '/api/waitlist',
      { email, company: 'Fraud Labs', useCase: 'fraud-prevention' },
      { 'x-forwarded-for': '6.6.6.6' },
    );
    expect(joined.status).toBe(200);
    expect(joined.headers.get('x-request-id')).toBeTruthy();
    const [mail] = await mailTo(email, /./);
    const verified = await call(stack, 'POST', '/api/verify-waitlist-otp', {
      requestId: joined.body.requestId,
      otpCode: codeFrom(mail!.text),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);

    expect(
      (await call(stack, 'POST', '/api/check-waitlist-email', { email: 'ADA@fraudlabs.io' })).body,
    ).toEqual({
      exists: true,
      isVerified: true,
    });
    const again = await call(stack, 'POST', '/api/waitlist', { email });
    expect(again.status).toBe(409);
    expect(typeof again.body.message).toBe('string');

    const row = await db.query('select is_verified, ip_address from waitlist_entries where id = $1', [
      joined.body.requestId,
    ]);
    expect(row.rows[0]).toEqual({ is_verified: true, ip_address: '127.0.0.1' });
    const actions = await db.query<{ action: string; ip_address: string }>(
      'select action, ip_address from registration_logs where lower(email) = $1 order by id',
      [email],
    );
    expect(actions.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['waitlist_attempt', 'otp_sent', 'otp_verified']),
    );
    expect(new Set(actions.rows.map((r) => r.ip_address))).toEqual(new Set(['127.0.0.1']));
    // Only the one code mail was ever sent to this address.
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('files a VPN detection request, verifies it and mails the confirmation with its request number', async () => {
    const email = 'grace@shopguard.com';
    const submitted = await call(stack, 'POST', '/api/vpn-request', {
      vpnName: 'Turbo VPN',
      playstoreLink: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn&hl=en',
      userEmail: email,
      additionalInfo: 'We see chargebacks from this app in Brazil.',
    });
    expect(submitted.status).toBe(200);
    const [codeMail] = await mailTo(email, /./);
    const verified = await call(stack, 'POST', '/api/verify-vpn-otp', {
      requestId: submitted.body.requestId,
      otpCode: codeFrom(codeMail!.text),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.requestNumber).toMatch(/^VPN-\d{8}-[A-Z0-9]{6}$/);
    const mails = await mailTo(email, /./, 2);
    expect(mails.some((m) => m.text.includes(verified.body.requestNumber))).toBe(true);
    const row = await db.query('select is_verified, request_number from vpn_requests where id = $1', [
      submitted.body.requestId,
    ]);
    expect(row.rows[0]).toEqual({ is_verified: true, request_number: verified.body.requestNumber });
  });

  it('sends a contact message to the team only after the code is verified', async () => {
    const email = 'linus@bankco.example.org';
    const submitted = await call(stack, 'POST', '/api/contact', {
      name: "Linus O'Brien",
      email,
      subject: 'Volume pricing',
      message: 'We screen 3M logins a day; what would the enterprise tier cost?',
      consent: true,
    });
    expect(submitted.status).toBe(200);
    const [codeMail] = await mailTo(email, /./);
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.sink.messages.filter((m) => m.to.includes('team@tunnelscope.example'))).toHaveLength(0);

    const verified = await call(stack, 'POST', '/api/verify-contact-otp', {
      requestId: submitted.body.requestId,
      otpCode: codeFrom(codeMail!.text),
    });
    expect(verified.status).toBe(200);
    const [team] = await stack.sink.waitFor((m) => m.to.includes('team@tunnelscope.example'));
    expect(team!.text).toContain('what would the enterprise tier cost?');
    const visitorMails = await mailTo(email, /./, 2);
    expect(visitorMails.some((m) => /24 hours/.test(m.text))).toBe(true);
  });

  it('answers a wrong code with the spec message and a 4xx', async () => {
    const email = 'wrong.code@example.com';
    const joined = await call(stack, 'POST', '/api/waitlist', { email });
    const res = await call(stack, 'POST', '/api/verify-waitlist-otp', {
      requestId: joined.body.requestId,
      otpCode: '000000',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('answers the home-page stats with the fallbacks while the IP database is empty', async () => {
    const res = await call(stack, 'GET', '/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ipsTracked: '200K+',
      vendorsSupported: '70+',
      accuracyRate: '99.7%',
      updateRate: '12H',
    });
  });

  it('answers unknown paths and wrong admin prefixes with status 404', async () => {
    for (const p of ['/no-such-page', '/admin-deadbeefdeadbeef00', '/waitlist/extra']) {
      const res = await call(stack, 'GET', p);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await call(stack, 'GET', '/waitlist')).status).toBe(200);
  });

  it('answers a JSON 401 for an admin call without a session, before any service sees it', async () => {
    const res = await call(stack, 'GET', `${stack.adminPrefix}/auth/me`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      error: 'UNAUTHORIZED',
      message: 'Authentication required',
    });
  });

  it('answers malformed JSON with a 400 through the gateway, never a 5xx', async () => {
    const res = await call(stack, 'POST', '/api/waitlist', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Malformed JSON body' });
  });
});
