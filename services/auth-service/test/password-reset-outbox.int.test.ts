/**
 * Issue 13, item 14: an admin's "reset password" of another operator is one durable unit. The new
 * password, the ended sessions and the mail that carries the password commit together (the mail as
 * a sealed row of the outbox); a relay puts it on the mail queue after the commit and retries until
 * the queue takes it. With the queue down, the change still produces its mail once the queue is
 * back.
 */
import { passwordField, type MailJob } from '@tunnelscope/contracts';
import type { MailQueue } from '@tunnelscope/service-kit';
import { sql } from 'kysely';
import {
  DUMMY_TOKEN,
  PASSWORD,
  auditRows,
  call,
  createAdmin,
  createTestContext,
  login,
  queuedMails,
  resolve,
  signIn,
  type TestContext,
} from './helpers.js';

/** The app's queue: the suite's real one, or a refusal of every add while `down` (Redis down). */
function switchableQueue() {
  const state: { down: boolean; real?: MailQueue } = { down: true };
  const queue = new Proxy({} as MailQueue, {
    get(_target, prop) {
      if (prop === 'add') {
        return (...args: Parameters<MailQueue['add']>) =>
          state.down ? Promise.reject(new Error('Connection is closed.')) : state.real!.add(...args);
      }
      const value = (state.real as unknown as Record<string | symbol, unknown>)?.[prop];
      return typeof value === 'function' ? value.bind(state.real) : value;
    },
  });
  return { state, queue };
}

interface Relaying {
  mailOutbox: { relay(): Promise<{ sent: number; failed: number }> };
}

describe('reset password with the mail queue down (issue 13, item 14)', () => {
  const switchable = switchableQueue();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('reset_outbox', {
      appMailQueue: switchable.queue,
      env: { MAIL_ENQUEUE_TIMEOUT_MS: '500' },
    });
    switchable.state.real = ctx.mailQueue;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const resetMails = async (to: string) =>
    (await queuedMails(ctx.mailQueue)).filter(
      (m) => m.data.type === 'admin-password-reset' && m.data.to === to,
    );

  it('still changes the password and ends the sessions, and the mail goes out once, when the queue is back', async () => {
    const admin = await createAdmin(ctx);
    const adminToken = await signIn(ctx, admin);
    const target = await createAdmin(ctx);
    const targetToken = await signIn(ctx, target);

    switchable.state.down = true;
    const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/reset-password`, adminToken);
    // The change and its mail are committed together: the answer does not depend on the queue.
    expect(res.statusCode).toBe(200);
    expect((await resolve(ctx, targetToken)).statusCode).toBe(401);
    const old = await login(ctx, {
      username: target.row.username,
      password: PASSWORD,
      turnstileToken: DUMMY_TOKEN,
    });
    expect(old.statusCode).toBe(401);
    expect(await resetMails(target.row.email)).toHaveLength(0);

    // Still down: the relay keeps the mail for the next try.
    const app = ctx.app as unknown as Relaying;
    expect(await app.mailOutbox.relay()).toMatchObject({ sent: 0 });
    expect(await resetMails(target.row.email)).toHaveLength(0);

    switchable.state.down = false;
    // The next try is due after its backoff (the service's clock).
    ctx.clock.advance(10 * 60_000);
    expect(await app.mailOutbox.relay()).toMatchObject({ sent: 1, failed: 0 });
    expect(await app.mailOutbox.relay()).toMatchObject({ sent: 0 });
    const mails = await resetMails(target.row.email);
    expect(mails).toHaveLength(1);
    const job = mails[0]!.data as Extract<MailJob, { type: 'admin-password-reset' }>;
    expect(job.username).toBe(target.row.username);
    expect(passwordField.safeParse(job.password).success).toBe(true);
    const fresh = await login(ctx, {
      username: target.row.username,
      password: job.password,
      turnstileToken: DUMMY_TOKEN,
    });
    expect(fresh.statusCode).toBe(200);
    expect(await auditRows(ctx, { action: 'admin_password_reset' })).toEqual([
      expect.objectContaining({ success: true, resource_id: target.row.id }),
    ]);
  });

  it('queues the mail at once when the queue is up, and keeps no copy of the password behind', async () => {
    switchable.state.down = false;
    const admin = await createAdmin(ctx);
    const adminToken = await signIn(ctx, admin);
    const target = await createAdmin(ctx);
    const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/reset-password`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(await resetMails(target.row.email)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from admin_mail_outbox`.execute(
      ctx.db,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
