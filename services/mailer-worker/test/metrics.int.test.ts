import { MAIL_QUEUE_NAME } from '@tunnelscope/contracts';
import {
  createRedis,
  enqueueMail,
  listenService,
  metricValue,
  scrapeMetrics,
  type ListeningService,
} from '@tunnelscope/service-kit';
import {
  startMailSink,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  waitFor,
  type MailSink,
} from '@tunnelscope/test-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createMailResults } from '../src/mail-jobs/mail-metrics.js';
import { startMailWorker, type MailWorker } from '../src/mail-jobs/mail-worker.js';
import { createSmtpTransport, type MailTransport } from '../src/mail-jobs/smtp-transport.js';
import { numberedJobs, silentLogger, testConfig, testQueue } from './helpers.js';

describe('mailer-worker metrics on METRICS_PORT', () => {
  const prefix = uniqueRedisPrefix('mailer-metrics');
  const producer = testQueue(prefix);
  const redis = createRedis(TEST_REDIS_URL);
  let sink: MailSink;
  let transport: MailTransport;
  let app: FastifyInstance;
  let running: ListeningService;
  let mailer: MailWorker | undefined;
  let workerRunning = false;

  beforeAll(async () => {
    sink = await startMailSink();
    const config = testConfig({ REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl, METRICS_PORT: '0' });
    transport = createSmtpTransport(config);
    app = buildApp({
      config,
      redis,
      transport,
      isWorkerRunning: () => workerRunning,
      queue: producer.queue,
    });
    running = await listenService(app, { port: 0, host: config.HOST, metricsPort: config.METRICS_PORT });
  });

  afterAll(async () => {
    await running?.close();
    await mailer?.close();
    transport?.close();
    await producer.close();
    redis.disconnect();
    await sink?.close();
  });

  const scrape = () => scrapeMetrics(running.metrics!.port);
  const queueJobs = (text: string, state: string) =>
    metricValue(text, 'tunnelscope_queue_jobs', { service: 'mailer-worker', queue: MAIL_QUEUE_NAME, state });

  it('counts its health request and reports the waiting jobs of the queue', async () => {
    for (const job of numberedJobs(2, 'metrics')) await enqueueMail(producer.queue, job);
    const labels = { method: 'GET', route: '/healthz', status_code: '200' };
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBeUndefined();
    expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    const text = await scrape();
    expect(metricValue(text, 'http_requests_total', labels)).toBe(1);
    expect(queueJobs(text, 'waiting')).toBe(2);
    expect(queueJobs(text, 'active')).toBe(0);
    expect(queueJobs(text, 'delayed')).toBe(0);
    expect(queueJobs(text, 'failed')).toBe(0);
  });

  it('counts the mails the worker sends, and the queue drains in the gauge', async () => {
    const config = testConfig({ REDIS_PREFIX: prefix, SMTP_URL: sink.smtpUrl });
    mailer = startMailWorker({
      config,
      connection: createRedis(TEST_REDIS_URL, { forWorker: true }),
      logger: silentLogger,
      results: createMailResults(app.metrics),
    });
    workerRunning = true;
    await sink.waitFor(() => true, { count: 2, timeoutMs: 30_000 });
    // The sink has both; the worker counts each right after its send returns.
    await waitFor(
      async () => metricValue(await scrape(), 'tunnelscope_mails_total', { result: 'sent' }) === 2,
    );
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_mails_total', { result: 'failed' })).toBe(0);
    expect(queueJobs(text, 'waiting')).toBe(0);
  });

  it('counts a mail given up on as failed, and the failed job in the gauge', async () => {
    // A job no mail can be made of fails without retry (the worker of the test above takes it).
    await producer.queue.add('not-a-mail', { type: 'no-such-type' } as never, { attempts: 1 });
    await waitFor(
      async () => metricValue(await scrape(), 'tunnelscope_mails_total', { result: 'failed' }) === 1,
    );
    await waitFor(async () => queueJobs(await scrape(), 'failed') === 1);
  });
});
