import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import {
  createTestContext,
  latestCode,
  nextIp,
  otherCode,
  post,
  queuedMails,
  uniqueEmail,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('waitlist');
});
afterAll(async () => {
  await ctx?.close();
});

async function join(email: string, extra: Record<string, unknown> = {}) {
  const res = await post(
    ctx,
    '/api/waitlist',
    { email, company: 'Acme & Co.', useCase: 'fraud-prevention', ...extra },
    { ip: nextIp() },
  );
  return res;
}

async function joinAndVerify(email: string) {
  const res = await join(email);
  expect(res.statusCode).toBe(200);
  const { requestId } = res.json();
  const code = await latestCode(ctx.mailQueue, requestId);
  const verify = await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() });
  expect(verify.statusCode).toBe(200);
  return requestId as string;
}

async function logsFor(email: string) {
  return ctx.db
    .selectFrom('registration_logs')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .orderBy('id')
    .execute();
}

describe('POST /api/waitlist', () => {
  it('stores an unverified entry and queues a six-digit code for the address', async () => {
    const email = uniqueEmail();
    const ip = nextIp();
    const res = await post(ctx, '/api/waitlist', { email, company: 'AT&T', useCase: 'research' }, { ip });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, requestId: expect.any(String), message: expect.any(String) });

    const row = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('id', '=', body.requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email,
      company: 'AT&T',
      use_case: 'research',
      is_verified: false,
      status: 'Waiting',
      notes: '',
      ip_address: ip,
    });
    expect(row.otp_code_hash).toMatch(/^[0-9a-f]{64}$/);

    const jobs = (await queuedMails(ctx.mailQueue)).filter((j) => j.data.to === email);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({ type: 'verification-code', form: 'waitlist', expiresInMinutes: 5 });
    const code = await latestCode(ctx.mailQueue, body.requestId);
    expect(code).toMatch(/^\d{6}$/);
    expect(row.otp_code_hash).not.toContain(code);

    const actions = (await logsFor(email)).map((l) => [l.action, l.success, l.ip_address, l.user_agent]);
    expect(actions).toEqual([
      ['waitlist_attempt', true, ip, 'jest-test-agent'],
      ['otp_sent', true, ip, 'jest-test-agent'],
    ]);
  });

  it('answers 409 and queues nothing for an address already verified, whatever its case', async () => {
    const email = uniqueEmail('member');
    await joinAndVerify(email);
    const before = (await queuedMails(ctx.mailQueue)).length;

    const res = await join(email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'CONFLICT',
      message: 'This email is already on the waitlist.',
    });
    expect((await queuedMails(ctx.mailQueue)).length).toBe(before);
    const last = (await logsFor(email)).at(-1);
    expect(last).toMatchObject({
      action: 'waitlist_attempt',
      success: false,
      error_message: 'This email is already on the waitlist.',
    });
  });

  it('replaces the code on a resend: the old code fails and the new one works', async () => {
    const email = uniqueEmail('resend');
    const first = (await join(email)).json();
    const oldCode = await latestCode(ctx.mailQueue, first.requestId);
    const second = (await join(email)).json();
    expect(second.requestId).toBe(first.requestId);
    let newCode = await latestCode(ctx.mailQueue, first.requestId);
    // One chance in a million that the new code equals the old: draw again if so.
    if (newCode === oldCode) {
      await join(email);
      newCode = await latestCode(ctx.mailQueue, first.requestId);
    }

    const rows = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where(sql`lower(email)`, '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.otp_generation).toBeGreaterThanOrEqual(2);

    const stale = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: first.requestId, otpCode: oldCode },
      { ip: nextIp() },
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('Invalid or expired verification code.');
    const fresh = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: first.requestId, otpCode: newCode },
      { ip: nextIp() },
    );
    expect(fresh.statusCode).toBe(200);
  });
});

describe('POST /api/waitlist: a stranger cannot take over a pending sign-up (issue 13 item 5)', () => {
  it('opens a new row for different content and leaves the pending row, and its code, alone', async () => {
    const email = uniqueEmail('hijack');
    const first = (await join(email)).json();
    const ownersCode = await latestCode(ctx.mailQueue, first.requestId);
    const stranger = await join(email, { company: 'Stranger Ltd', useCase: 'research' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().requestId).not.toBe(first.requestId);

    const pending = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('id', '=', first.requestId)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ company: 'Acme & Co.', use_case: 'fraud-prevention', otp_generation: 1 });
    const verify = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: first.requestId, otpCode: ownersCode },
      { ip: nextIp() },
    );
    expect(verify.statusCode).toBe(200);
  });

  it('names what is being confirmed in the code mail', async () => {
    const email = uniqueEmail('named');
    const { requestId } = (await join(email, { company: 'Named Corp' })).json();
    const job = (await queuedMails(ctx.mailQueue)).find((j) =>
      j.id.startsWith(`verification-code-${requestId}-`),
    );
    expect(job?.data).toMatchObject({
      type: 'verification-code',
      confirming: 'Waitlist sign-up for Named Corp',
    });
  });
});

describe('POST /api/waitlist: the entry and its log rows', () => {
  it('logs each submission and its code, a resend with the next generation', async () => {
    const email = uniqueEmail('logged');
    const first = (await join(email)).json();
    const second = (await join(email)).json();
    expect(second.requestId).toBe(first.requestId);
    const logs = await logsFor(email);
    expect(logs.map((l) => [l.action, l.success, l.additional_data])).toEqual([
      [
        'waitlist_attempt',
        true,
        { form: 'waitlist', requestId: first.requestId, resent: false, useCase: 'fraud-prevention' },
      ],
      ['otp_sent', true, { form: 'waitlist', requestId: first.requestId, generation: 1 }],
      [
        'waitlist_attempt',
        true,
        { form: 'waitlist', requestId: first.requestId, resent: true, useCase: 'fraud-prevention' },
      ],
      ['otp_sent', true, { form: 'waitlist', requestId: first.requestId, generation: 2 }],
    ]);
  });

  it('keeps one entry when the same address submits several times at once', async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all(Array.from({ length: 4 }, () => join(email)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => r.json().requestId));
    expect(ids.size).toBe(1);
    const rows = await ctx.db
      .selectFrom('waitlist_entries')
      .select(['id', 'otp_generation'])
      .where(sql`lower(email)`, '=', email)
      .execute();
    expect(rows).toEqual([{ id: [...ids][0], otp_generation: 4 }]);
    const sent = (await logsFor(email)).filter((l) => l.action === 'otp_sent');
    expect(sent.map((l) => (l.additional_data as { generation: number }).generation).sort()).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('still stores the entry and queues the code when its log rows cannot be written', async () => {
    await sql`create function refuse_otp_sent_log() returns trigger language plpgsql as $$
      begin
        if new.action = 'otp_sent' then raise exception 'refused by the test'; end if;
        return new;
      end $$`.execute(ctx.db);
    await sql`create trigger refuse_otp_sent_log before insert on registration_logs
      for each row execute function refuse_otp_sent_log()`.execute(ctx.db);
    try {
      const email = uniqueEmail('nolog');
      const res = await join(email);
      expect(res.statusCode).toBe(200);
      const { requestId } = res.json();
      expect(await latestCode(ctx.mailQueue, requestId)).toMatch(/^\d{6}$/);
      const rows = await ctx.db
        .selectFrom('waitlist_entries')
        .select(['id', 'otp_generation'])
        .where(sql`lower(email)`, '=', email)
        .execute();
      expect(rows).toEqual([{ id: requestId, otp_generation: 1 }]);
      // What can be logged still is: the attempt, on its own.
      expect((await logsFor(email)).map((l) => [l.action, l.success])).toEqual([['waitlist_attempt', true]]);
    } finally {
      await sql`drop trigger refuse_otp_sent_log on registration_logs`.execute(ctx.db);
      await sql`drop function refuse_otp_sent_log()`.execute(ctx.db);
    }
  });
});

describe('POST /api/verify-waitlist-otp', () => {
  it('verifies the entry with the mailed code and logs the verification', async () => {
    const email = uniqueEmail('verify');
    const requestId = await joinAndVerify(email);
    const row = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.is_verified).toBe(true);
    expect(row.verified_at).toBeInstanceOf(Date);
    expect(row.otp_code_hash).toBeNull();
    expect((await logsFor(email)).map((l) => l.action)).toEqual([
      'waitlist_attempt',
      'otp_sent',
      'otp_verified',
    ]);
  });

  it('answers with a success message the client can show', async () => {
    const email = uniqueEmail();
    const { requestId } = (await join(email)).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    const res = await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(res.json()).toEqual({ success: true, message: "You've been added to our waitlist." });
  });

  it('answers 400 to a second verification of a verified entry', async () => {
    const email = uniqueEmail();
    const { requestId } = (await join(email)).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    expect(
      (await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() }))
        .statusCode,
    ).toBe(200);
    const again = await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This request has already been verified.');
  });

  it('kills the code after five wrong tries, so even the right code then fails', async () => {
    const email = uniqueEmail('brute');
    const { requestId } = (await join(email)).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await post(
        ctx,
        '/api/verify-waitlist-otp',
        { requestId, otpCode: otherCode(code) },
        { ip: nextIp() },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid or expired verification code.');
    }
    const right = await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Invalid or expired verification code.');
    const row = await ctx.db
      .selectFrom('waitlist_entries')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_verified: false, otp_code_hash: null, otp_attempts: OTP_MAX_ATTEMPTS });
    const failures = (await logsFor(email)).filter((l) => l.action === 'otp_failed');
    expect(failures).toHaveLength(OTP_MAX_ATTEMPTS + 1);
  });

  it('refuses a code once its five minutes have passed', async () => {
    const { requestId } = (await join(uniqueEmail('late'))).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    ctx.clock.advance(OTP_TTL_SECONDS * 1000 + 1);
    const res = await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired verification code.');
  });

  it('gives an unknown request id the same answer as a wrong code', async () => {
    const res = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: '00000000-0000-4000-8000-000000000000', otpCode: '123456' },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired verification code.');
  });

  it('refuses a malformed request id and code with the spec messages', async () => {
    const badId = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: 'abc', otpCode: '123456' },
      { ip: nextIp() },
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Invalid request ID');
    const badCode = await post(
      ctx,
      '/api/verify-waitlist-otp',
      { requestId: '00000000-0000-4000-8000-000000000000', otpCode: '12a456' },
      { ip: nextIp() },
    );
    expect(badCode.json().message).toBe('OTP must contain only numbers');
  });
});

describe('POST /api/check-waitlist-email', () => {
  it('reports an unknown address as neither existing nor verified', async () => {
    const res = await post(
      ctx,
      '/api/check-waitlist-email',
      { email: uniqueEmail('nobody') },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false, isVerified: false });
  });

  it('reports a pending entry as existing but not verified', async () => {
    const email = uniqueEmail('pending');
    await join(email);
    const res = await post(ctx, '/api/check-waitlist-email', { email }, { ip: nextIp() });
    expect(res.json()).toEqual({ exists: true, isVerified: false });
  });

  it('reports a verified entry as verified, ignoring the case of the address', async () => {
    const email = uniqueEmail('known');
    await joinAndVerify(email);
    const res = await post(
      ctx,
      '/api/check-waitlist-email',
      { email: email.toUpperCase() },
      { ip: nextIp() },
    );
    expect(res.json()).toEqual({ exists: true, isVerified: true });
  });

  it('refuses an invalid address with the spec message', async () => {
    const res = await post(ctx, '/api/check-waitlist-email', { email: 'not-an-email' }, { ip: nextIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Valid email address is required');
  });
});
