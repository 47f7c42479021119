import {
  MAIL_FAILED_JOB_RETENTION_SECONDS,
  MAIL_JOB_ATTEMPTS,
  MAIL_JOB_BACKOFF_MS,
  type MailJob,
} from '@tunnelscope/contracts';
import { enqueueMail } from '@tunnelscope/service-kit';
import { startMailSink, uniqueRedisPrefix, waitFor, type MailSink } from '@tunnelscope/test-kit';
import type { MailWorker } from '../src/mail-jobs/mail-worker.js';
import { captureLogger, freePort, startTestWorker, testConfig, testQueue } from './helpers.js';

const codeJob = (to: string): MailJob => ({
  type: 'verification-code',
  to,
  form: 'contact',
  code: '730154',
  expiresInMinutes: 5,
});

/** The producer's policy with a short first delay, so five attempts fit in a test. */
const shortBackoff = { backoff: { type: 'exponential', delay: 300 } };

describe('mail worker: SMTP failures', () => {
  const prefix = uniqueRedisPrefix('mailer-retry');
  const producer = testQueue(prefix);
  let port: number;
  let mailer: MailWorker;
  let sink: MailSink | undefined;
  const failures: number[] = [];

  beforeAll(async () => {
    // Nothing listens on this port until the test opens the sink on it.
    port = await freePort();
    mailer = startTestWorker(testConfig({ REDIS_PREFIX: prefix, SMTP_URL: `smtp://127.0.0.1:${port}` }));
    mailer.worker.on('failed', (job) => failures.push(job?.attemptsMade ?? -1));
  });

  afterAll(async () => {
    await mailer.close();
    await producer.close();
    await sink?.close();
  });

  it('retries a mail the SMTP server refused, with backoff, and delivers it once the server is back', async () => {
    const job = await producer.queue.add('verification-code', codeJob('retry@example.com'), shortBackoff);
    expect(job.opts.attempts).toBe(MAIL_JOB_ATTEMPTS);

    // Two attempts fail against the closed port; the job waits out its backoff in the delayed set.
    await waitFor(() => failures.length >= 2, { timeoutMs: 30_000 });
    expect(await producer.queue.getJobState(job.id!)).toMatch(/delayed|wait|active/);

    sink = await startMailSink({ smtpPort: port });
    const [mail] = await sink.waitFor((m) => m.to.includes('retry@example.com'), { timeoutMs: 30_000 });
    expect(mail!.text).toContain('730154');

    // Completed, so removed; it took between 3 and 5 attempts and was sent exactly once.
    await waitFor(async () => (await producer.queue.getJob(job.id!)) === undefined, { timeoutMs: 10_000 });
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures.length).toBeLessThan(MAIL_JOB_ATTEMPTS);
    expect(failures).toEqual(failures.map((_, i) => i + 1));
    expect(sink.messages.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
  });
});

describe('mail worker: permanent SMTP failure', () => {
  const prefix = uniqueRedisPrefix('mailer-dead');
  const producer = testQueue(prefix);
  const log = captureLogger();
  let mailer: MailWorker;

  beforeAll(async () => {
    const port = await freePort();
    mailer = startTestWorker(
      testConfig({ REDIS_PREFIX: prefix, SMTP_URL: `smtp://127.0.0.1:${port}` }),
      log.logger,
    );
  });

  afterAll(async () => {
    await mailer.close();
    await producer.close();
  });

  it('keeps the job in the failed set after five attempts, without its code', async () => {
    const added = await producer.queue.add('verification-code', codeJob('dead@example.com'), shortBackoff);

    await waitFor(async () => (await producer.queue.getJobState(added.id!)) === 'failed', {
      timeoutMs: 45_000,
    });
    const job = (await producer.queue.getJob(added.id!))!;
    expect(job.attemptsMade).toBe(MAIL_JOB_ATTEMPTS);
    expect(job.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(job.opts.removeOnFail).toEqual({ age: MAIL_FAILED_JOB_RETENTION_SECONDS });
    // Kept for inspection: who, what, why; not the code, which sat in Redis only while it mattered.
    expect(job.data).toMatchObject({ type: 'verification-code', to: 'dead@example.com', code: '[redacted]' });
    expect((await producer.queue.getFailed()).map((j) => j.id)).toContain(added.id);

    const lines = log.lines.map((l) => JSON.parse(l) as { msg: string; attempt?: number; level: number });
    expect(lines.filter((l) => l.msg === 'mail not sent: will retry').map((l) => l.attempt)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(lines.filter((l) => l.msg.startsWith('mail not sent: giving up')).map((l) => l.attempt)).toEqual([
      5,
    ]);
    expect(log.lines.join('\n')).not.toContain('730154');
  });

  it('uses the exponential backoff of the queue when the producer gives none', async () => {
    const added = await producer.queue.add('verification-code', codeJob('default@example.com'));
    expect(added.opts.backoff).toEqual({ type: 'exponential', delay: MAIL_JOB_BACKOFF_MS });
    // The first attempt fails at once; the retry waits for the backoff in the delayed set.
    await waitFor(async () => (await producer.queue.getJobState(added.id!)) === 'delayed', {
      timeoutMs: 15_000,
    });
    // (Left to fail on: afterAll closes the worker and obliterates the queue.)
    expect((await producer.queue.getJob(added.id!))!.attemptsMade).toBeGreaterThanOrEqual(1);
  });
});

describe('mail worker: invalid job data', () => {
  const prefix = uniqueRedisPrefix('mailer-invalid');
  const producer = testQueue(prefix);
  let sink: MailSink;
  let mailer: MailWorker;

  beforeAll(async () => {
    sink = await startMailSink();
    mailer = startTestWorker(testConfig({ REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl }));
  });

  afterAll(async () => {
    await mailer.close();
    await producer.close();
    await sink.close();
  });

  it('fails a job that does not match the contract at once, without retry, and keeps it', async () => {
    const invalid = {
      type: 'verification-code',
      to: 'not-an-address',
      form: 'waitlist',
      code: '12',
      expiresInMinutes: 5,
    };
    const added = await producer.queue.add('verification-code', invalid as unknown as MailJob);

    await waitFor(async () => (await producer.queue.getJobState(added.id!)) === 'failed', {
      timeoutMs: 15_000,
    });
    const job = (await producer.queue.getJob(added.id!))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/^invalid mail job: /);
    expect(job.failedReason).toContain('to:');
    expect(job.failedReason).toContain('code:');
    expect(job.data).toMatchObject({ to: 'not-an-address', code: '[redacted]' });

    // A valid mail behind it goes through, and nothing was sent for the invalid one.
    await enqueueMail(producer.queue, codeJob('valid@example.com'));
    await sink.waitFor((m) => m.to.includes('valid@example.com'), { timeoutMs: 30_000 });
    expect(sink.messages).toHaveLength(1);
    expect(await producer.queue.getJobState(added.id!)).toBe('failed');
  });

  it('fails a job of an unknown type without retry', async () => {
    const added = await producer.queue.add('newsletter', {
      type: 'newsletter',
      to: 'x@example.com',
    } as unknown as MailJob);
    await waitFor(async () => (await producer.queue.getJobState(added.id!)) === 'failed', {
      timeoutMs: 15_000,
    });
    const job = (await producer.queue.getJob(added.id!))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/^invalid mail job: type: /);
  });
});
