import { createMailEnqueuer, createMailQueue, createRedis } from '@tunnelscope/service-kit';
import { TEST_REDIS_URL } from '@tunnelscope/test-kit';
import { MAIL_UNAVAILABLE_MESSAGE } from '../src/codes/verification-flow.js';
import { FOLLOWUP_GRACE_MS, sweepPendingFollowups } from '../src/maintenance/followup-sweep.js';
import {
  closedPort,
  createTestContext,
  latestCode,
  nextIp,
  post,
  queuedMails,
  uniqueEmail,
  unreachableMailQueue,
  validContact,
  type TestContext,
} from './helpers.js';

describe('POST /api/contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('contact', { env: { CONTACT_INBOX: 'inbox@tunnelscope.example' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores the message unverified, with the marketing choice, and mails only the visitor a code', async () => {
    const email = uniqueEmail('contact');
    const res = await post(
      ctx,
      '/api/contact',
      { ...validContact(email), hasMarketing: true },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    const { requestId } = res.json();
    const row = await ctx.db
      .selectFrom('contact_forms')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Ann O'Brien",
      email,
      consent: true,
      has_marketing: true,
      is_verified: false,
    });
    const mails = (await queuedMails(ctx.mailQueue)).filter((j) => j.id.includes(requestId));
    expect(mails.map((m) => m.data.type)).toEqual(['verification-code']);
    expect((await queuedMails(ctx.mailQueue)).some((j) => j.data.to === 'inbox@tunnelscope.example')).toBe(
      false,
    );
  });

  it("never rewrites a pending message with a stranger's: different content opens a new row (issue 13 item 5)", async () => {
    const email = uniqueEmail('contacthijack');
    const first = (await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).json();
    const again = (await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).json();
    expect(again.requestId).toBe(first.requestId);
    const stranger = (
      await post(
        ctx,
        '/api/contact',
        { ...validContact(email), message: 'Send the invoice to me instead, thanks.' },
        { ip: nextIp() },
      )
    ).json();
    expect(stranger.requestId).not.toBe(first.requestId);
    const row = await ctx.db
      .selectFrom('contact_forms')
      .selectAll()
      .where('id', '=', first.requestId)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe('Hello team, what would 10M lookups a month cost?');
    const job = (await queuedMails(ctx.mailQueue)).find((j) =>
      j.id.startsWith(`verification-code-${first.requestId}-`),
    );
    expect(job?.data).toMatchObject({ confirming: 'Message "Pricing for the API"' });
  });

  it('stores hasMarketing as false when the contact page does not send it', async () => {
    const { requestId } = (
      await post(ctx, '/api/contact', validContact(uniqueEmail()), { ip: nextIp() })
    ).json();
    const row = await ctx.db
      .selectFrom('contact_forms')
      .select('has_marketing')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.has_marketing).toBe(false);
  });

  it('refuses a message without consent with the spec message', async () => {
    const res = await post(
      ctx,
      '/api/contact',
      { ...validContact(uniqueEmail()), consent: false },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must agree to data processing to send your message.');
  });

  it('refuses a message shorter than ten characters with the spec message', async () => {
    const res = await post(
      ctx,
      '/api/contact',
      { ...validContact(uniqueEmail()), message: 'Too short' },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Message must be at least 10 characters');
  });

  describe('POST /api/verify-contact-otp', () => {
    it('acknowledges the visitor and notifies the team inbox only after the code verifies', async () => {
      const email = uniqueEmail('contactok');
      const { requestId } = (
        await post(ctx, '/api/contact', { ...validContact(email), hasMarketing: true }, { ip: nextIp() })
      ).json();
      const code = await latestCode(ctx.mailQueue, requestId);
      const res = await post(ctx, '/api/verify-contact-otp', { requestId, otpCode: code }, { ip: nextIp() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.stringContaining('24 hours') });

      const mails = await queuedMails(ctx.mailQueue);
      expect(mails.find((m) => m.id === `contact-acknowledgement-${requestId}`)?.data).toMatchObject({
        type: 'contact-acknowledgement',
        to: email,
        name: "Ann O'Brien",
        subject: 'Pricing for the API',
      });
      expect(mails.find((m) => m.id === `contact-team-notification-${requestId}`)?.data).toMatchObject({
        type: 'contact-team-notification',
        to: 'inbox@tunnelscope.example',
        contactId: requestId,
        fromEmail: email,
        message: 'Hello team, what would 10M lookups a month cost?',
        hasMarketing: true,
      });
      const row = await ctx.db
        .selectFrom('contact_forms')
        .selectAll()
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ is_verified: true, followup_mail_pending: false, otp_code_hash: null });
    });
  });
});

describe('POST /api/contact with the mail queue unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const port = await closedPort();
    ctx = await createTestContext('contact_down', {
      env: { MAIL_ENQUEUE_TIMEOUT_MS: '500' },
      mailQueue: unreachableMailQueue(port),
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 with a message, not 500, when the code cannot be enqueued', async () => {
    const email = uniqueEmail('down');
    const res = await post(ctx, '/api/contact', validContact(email), { ip: nextIp() });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/try again/),
    });
    const log = await ctx.db
      .selectFrom('registration_logs')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'contact_form', success: false });
  });

  it('leaves only the refusal in the log: no row says the code was sent', async () => {
    const email = uniqueEmail('down-log');
    expect((await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).statusCode).toBe(503);
    const logs = await ctx.db
      .selectFrom('registration_logs')
      .select(['action', 'success'])
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([{ action: 'contact_form', success: false }]);
  });

  it('gives the code slot back when its mail never left, so the hourly cap is not spent', async () => {
    const email = uniqueEmail('slots');
    for (let i = 0; i < ctx.config.OTP_CODES_PER_HOUR + 1; i++) {
      expect((await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).statusCode).toBe(503);
    }
  });
});

describe('POST /api/verify-contact-otp when the queue fails after verification', () => {
  let ctx: TestContext;
  let queueUp = true;
  const upRedis = createRedis(TEST_REDIS_URL);
  beforeAll(async () => {
    const port = await closedPort();
    ctx = await createTestContext('contact_flaky', {
      env: { MAIL_ENQUEUE_TIMEOUT_MS: '500' },
      // The first half of the flow (the code) goes through; then "Redis" goes down.
      mailQueue: (prefix) => {
        const up = createMailQueue(upRedis, prefix);
        const down = unreachableMailQueue(port)(prefix);
        return new Proxy(up, {
          get(target, prop, receiver) {
            if (prop === 'add' && !queueUp) return down.add.bind(down);
            if (prop === 'close') return () => Promise.all([target.close(), down.close()]);
            return Reflect.get(target, prop, receiver);
          },
        });
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    upRedis.disconnect();
  });

  it('answers 503, keeps the verification, and lets the same code or the sweep send the mails later', async () => {
    const email = uniqueEmail('flaky');
    const { requestId } = (await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).json();
    const code = await latestCode(ctx.mailQueue, requestId);

    queueUp = false;
    const res = await post(ctx, '/api/verify-contact-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(res.statusCode).toBe(503);
    let row = await ctx.db
      .selectFrom('contact_forms')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_verified: true, followup_mail_pending: true });

    // Nothing is swept while the request that verified may still be retrying.
    const mail = createMailEnqueuer({
      queue: ctx.mailQueue,
      timeoutMs: 2000,
      log: ctx.app.log,
      unavailableMessage: MAIL_UNAVAILABLE_MESSAGE,
    });
    queueUp = true;
    expect(
      await sweepPendingFollowups({ db: ctx.db, mail, config: ctx.config, now: ctx.clock.now() }),
    ).toEqual({
      vpnRequests: 0,
      contacts: 0,
    });

    // The visitor retries with the same code: the mails go out and the answer is a success.
    const retry = await post(ctx, '/api/verify-contact-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(retry.statusCode).toBe(200);
    const ids = (await queuedMails(ctx.mailQueue)).map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        `contact-acknowledgement-${requestId}`,
        `contact-team-notification-${requestId}`,
      ]),
    );
    row = await ctx.db
      .selectFrom('contact_forms')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ followup_mail_pending: false, otp_code_hash: null });
    const third = await post(ctx, '/api/verify-contact-otp', { requestId, otpCode: code }, { ip: nextIp() });
    expect(third.statusCode).toBe(400);
  });

  it('sends deferred follow-up mails from the maintenance sweep once the queue is back', async () => {
    const email = uniqueEmail('sweep');
    const { requestId } = (await post(ctx, '/api/contact', validContact(email), { ip: nextIp() })).json();
    const code = await latestCode(ctx.mailQueue, requestId);
    queueUp = false;
    expect(
      (await post(ctx, '/api/verify-contact-otp', { requestId, otpCode: code }, { ip: nextIp() })).statusCode,
    ).toBe(503);
    queueUp = true;

    const mail = createMailEnqueuer({
      queue: ctx.mailQueue,
      timeoutMs: 2000,
      log: ctx.app.log,
      unavailableMessage: MAIL_UNAVAILABLE_MESSAGE,
    });
    const later = new Date(ctx.clock.now().getTime() + FOLLOWUP_GRACE_MS + 1000);
    expect(await sweepPendingFollowups({ db: ctx.db, mail, config: ctx.config, now: later })).toEqual({
      vpnRequests: 0,
      contacts: 1,
    });
    const ids = (await queuedMails(ctx.mailQueue)).map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        `contact-acknowledgement-${requestId}`,
        `contact-team-notification-${requestId}`,
      ]),
    );
    const row = await ctx.db
      .selectFrom('contact_forms')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(row.followup_mail_pending).toBe(false);
  });
});
