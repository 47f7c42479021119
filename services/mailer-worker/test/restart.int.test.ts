import { startMailSink, uniqueRedisPrefix, waitFor, type MailSink } from '@tunnelscope/test-kit';
import type { MailWorker } from '../src/mail-jobs/mail-worker.js';
import {
  numberedJobs,
  pendingCount,
  startHeaderSink,
  startTestWorker,
  testConfig,
  testQueue,
} from './helpers.js';

const TOTAL = 200;

describe('mail worker: graceful restart', () => {
  const prefix = uniqueRedisPrefix('mailer-restart');
  const producer = testQueue(prefix);
  let sink: MailSink;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    sink = await startMailSink();
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await producer.close();
    await sink.close();
  });

  it('sends each of 200 mails exactly once across a stop and a new worker', async () => {
    const jobs = numberedJobs(TOTAL, 'r');
    await producer.queue.addBulk(jobs.map((data) => ({ name: data.type, data })));
    expect(await pendingCount(producer.queue)).toBe(TOTAL);

    // A rate limit keeps the first worker from finishing everything before it is stopped.
    const config = { REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl, MAILER_CONCURRENCY: '5' };
    const first = startTestWorker(testConfig({ ...config, MAILER_RATE_PER_SECOND: '20' }));
    workers.push(first);
    await waitFor(() => sink.messages.length >= 20, { timeoutMs: 60_000 });
    await first.close();

    // Closed gracefully: what was active got sent, what was not is still queued, nothing is lost.
    const sentByFirst = sink.messages.length;
    expect(sentByFirst).toBeLessThan(TOTAL);
    expect(await producer.queue.getJobCounts('active', 'failed')).toEqual({ active: 0, failed: 0 });
    expect(await pendingCount(producer.queue)).toBe(TOTAL - sentByFirst);

    const second = startTestWorker(testConfig(config));
    workers.push(second);
    await sink.waitFor(() => true, { count: TOTAL, timeoutMs: 90_000 });
    await waitFor(
      async () => (await pendingCount(producer.queue)) === 0 && (await producer.queue.getActiveCount()) === 0,
      {
        timeoutMs: 30_000,
      },
    );

    expect(sink.messages).toHaveLength(TOTAL);
    const recipients = new Set(sink.messages.flatMap((m) => m.to));
    expect(recipients).toEqual(new Set(jobs.map((j) => j.to)));
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(TOTAL);
    expect(await producer.queue.getFailedCount()).toBe(0);
  }, 180_000);
});

describe('mail worker: stop during a send', () => {
  const prefix = uniqueRedisPrefix('mailer-midsend');
  const producer = testQueue(prefix);
  const workers: MailWorker[] = [];
  let sink: Awaited<ReturnType<typeof startHeaderSink>>;

  beforeAll(async () => {
    // Every mail spends a second in DATA: the worker is stopped while mails are on the wire.
    sink = await startHeaderSink({ dataDelayMs: 1000 });
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await producer.close();
    await sink.close();
  });

  it('finishes the mails being sent before it stops, and leaves the rest queued', async () => {
    const jobs = numberedJobs(20, 'm');
    await producer.queue.addBulk(jobs.map((data) => ({ name: data.type, data })));
    const config = { REDIS_PREFIX: prefix, SMTP_URL: sink.url, MAILER_CONCURRENCY: '3' };

    const first = startTestWorker(testConfig(config));
    workers.push(first);
    await waitFor(() => sink.started >= 1, { timeoutMs: 30_000 });
    expect(sink.mails.length).toBeLessThan(sink.started);
    await first.close();

    // Every mail that had begun was completed by the server, and its job left the queue.
    expect(sink.mails.length).toBe(sink.started);
    expect(await producer.queue.getActiveCount()).toBe(0);
    expect(await pendingCount(producer.queue)).toBe(jobs.length - sink.mails.length);

    const second = startTestWorker(testConfig({ ...config, MAILER_CONCURRENCY: '10' }));
    workers.push(second);
    await waitFor(() => sink.mails.length >= jobs.length, { timeoutMs: 60_000 });
    await waitFor(
      async () => (await pendingCount(producer.queue)) === 0 && (await producer.queue.getActiveCount()) === 0,
    );
    expect(sink.mails).toHaveLength(jobs.length);
    expect(new Set(sink.mails.map((m) => m.messageId)).size).toBe(jobs.length);
  }, 120_000);
});
