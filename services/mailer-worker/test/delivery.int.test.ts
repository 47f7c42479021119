import { enqueueMail } from '@tunnelscope/service-kit';
import { startMailSink, uniqueRedisPrefix, waitFor, type MailSink } from '@tunnelscope/test-kit';
import type { MailWorker } from '../src/mail-jobs/mail-worker.js';
import {
  captureLogger,
  oneJobOfEachType,
  pendingCount,
  startHeaderSink,
  startTestWorker,
  TEAM_INBOX,
  testConfig,
  testQueue,
} from './helpers.js';

describe('mail worker: delivery', () => {
  const prefix = uniqueRedisPrefix('mailer-delivery');
  const producer = testQueue(prefix);
  const log = captureLogger();
  let sink: MailSink;
  let mailer: MailWorker;

  beforeAll(async () => {
    sink = await startMailSink();
    mailer = startTestWorker(testConfig({ REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl }), log.logger);
  });

  afterAll(async () => {
    await mailer.close();
    await producer.close();
    await sink.close();
  });

  it('delivers every job type to its recipient with its subject', async () => {
    const jobs = oneJobOfEachType('a');
    for (const job of jobs) await enqueueMail(producer.queue, job);

    const expected: Array<[string, string]> = [
      ['code-a@example.com', 'Your TunnelScope waitlist verification code'],
      ['vpn-a@example.com', 'TunnelScope VPN detection request VPN-20261122-7K3F9Q received'],
      ['ack-a@example.com', 'TunnelScope: we received your message'],
      [TEAM_INBOX, '[TunnelScope contact] API pricing a (from Ada Lovelace)'],
      ['admin-a@example.com', 'Your TunnelScope admin password was reset'],
    ];
    await sink.waitFor((m) => expected.some(([to]) => m.to.includes(to)), { count: 5, timeoutMs: 30_000 });

    for (const [to, subject] of expected) {
      const mails = sink.messages.filter((m) => m.to.includes(to));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(subject);
      expect(mails[0]!.from).toBe('no-reply@tunnelscope.example');
      expect(mails[0]!.html).toContain('<!doctype html>');
      expect(mails[0]!.messageId).toMatch(/^<mail\.\d+\.[A-Za-z0-9_-]+@tunnelscope\.example>$/);
    }
    const code = sink.messages.find((m) => m.to.includes('code-a@example.com'))!;
    expect(code.text).toContain('Your verification code: 482913');
    expect(code.html).toContain('482913');
    const team = sink.messages.find((m) => m.to.includes(TEAM_INBOX))!;
    expect(team.text).toContain('ada-a@example.com');
    // Sent jobs hold codes in clear: nothing of them stays in Redis.
    await waitFor(async () => (await producer.queue.getJobCounts('completed', 'active')).active === 0);
    expect(await producer.queue.getJobCounts('completed', 'failed')).toEqual({ completed: 0, failed: 0 });
    expect(await pendingCount(producer.queue)).toBe(0);
  });

  it('logs each send with the request id and never the code or the password', async () => {
    await waitFor(() => log.lines.filter((l) => l.includes('"msg":"mail sent"')).length >= 5);
    const sent = log.lines
      .filter((l) => l.includes('"msg":"mail sent"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(sent.map((l) => l.requestId)).toEqual(
      expect.arrayContaining(['req-code-a', 'req-vpn-a', 'req-reset-a']),
    );
    for (const line of sent) {
      expect(line).toMatchObject({ service: 'mailer-worker', attempt: 1 });
      expect(String(line.jobId)).not.toBe('');
    }
    const all = log.lines.join('\n');
    expect(all).not.toContain('482913');
    expect(all).not.toContain('Zq7!mR2#vK9&wL4p');
  });

  it('derives the Message-ID from the job, so every job gets its own', async () => {
    const { queue } = producer;
    const job = await queue.add('contact-acknowledgement', {
      type: 'contact-acknowledgement',
      to: 'msgid@example.com',
      name: 'Grace',
      subject: 'Hello',
    });
    const [mail] = await sink.waitFor((m) => m.to.includes('msgid@example.com'), { timeoutMs: 30_000 });
    expect(mail!.messageId).toBe(`<mail.${job.timestamp}.${job.id}@tunnelscope.example>`);
    const ids = sink.messages.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('mail worker: headers', () => {
  const prefix = uniqueRedisPrefix('mailer-headers');
  const producer = testQueue(prefix);
  let sink: Awaited<ReturnType<typeof startHeaderSink>>;
  let mailer: MailWorker;

  beforeAll(async () => {
    sink = await startHeaderSink();
    mailer = startTestWorker(
      testConfig({
        REDIS_PREFIX: prefix,
        SMTP_URL: sink.url,
        MAIL_FROM: 'NetLens <robot@netlens.example>',
        BRAND_NAME: 'NetLens',
      }),
    );
  });

  afterAll(async () => {
    await mailer.close();
    await producer.close();
    await sink.close();
  });

  it('sets Reply-To to the visitor on the team notification and to support on the acknowledgement', async () => {
    const [, , ack, team, reset] = oneJobOfEachType('h');
    for (const job of [ack!, team!, reset!]) await enqueueMail(producer.queue, job);
    await waitFor(() => sink.mails.length >= 3, { timeoutMs: 30_000 });

    const byTo = (to: string) => sink.mails.find((m) => JSON.stringify(m.to ?? '').includes(to))!;
    const teamMail = byTo(TEAM_INBOX);
    expect(teamMail.replyTo?.value).toEqual([{ address: 'ada-h@example.com', name: 'Ada Lovelace' }]);
    expect(teamMail.subject).toBe('[NetLens contact] API pricing h (from Ada Lovelace)');
    expect(byTo('ack-h@example.com').replyTo?.value).toEqual([
      { address: 'support@tunnelscope.example', name: '' },
    ]);
    expect(byTo('admin-h@example.com').replyTo).toBeUndefined();

    for (const mail of sink.mails) {
      expect(mail.from?.value).toEqual([{ address: 'robot@netlens.example', name: 'NetLens' }]);
      expect(mail.messageId).toMatch(/^<mail\.\d+\.[A-Za-z0-9_-]+@netlens\.example>$/);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(typeof mail.html).toBe('string');
      expect(mail.text).toContain('NetLens');
    }
  });
});
