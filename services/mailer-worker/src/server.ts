import { MAIL_QUEUE_NAME } from '@tunnelscope/contracts';
import { createMailQueue, createRedis, runService } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createMailResults } from './mail-jobs/mail-metrics.js';
import { startMailWorker, type MailWorker } from './mail-jobs/mail-worker.js';
import { createSmtpTransport } from './mail-jobs/smtp-transport.js';

const config = loadConfig();
const transport = createSmtpTransport(config);
const probeRedis = createRedis(config.REDIS_URL, { connectionName: 'mailer-worker:probe' });
// The queue's job counts for /metrics, read on the probe client (it fails fast when Redis is down).
const countsQueue = createMailQueue(probeRedis, config.REDIS_PREFIX);
countsQueue.on('error', () => undefined);
/** Set once the probe server listens; the probes and the shutdown hook read it. */
const running: { mailer?: MailWorker } = {};

const app = buildApp({
  config,
  redis: probeRedis,
  transport,
  isWorkerRunning: () => running.mailer?.worker.isRunning() ?? false,
  queue: countsQueue,
});

// runService closes the HTTP server first, then this: worker.close() waits for the mails being
// sent, then the transport and Redis close. All of it must fit in runService's 10 s.
await runService(app, {
  port: config.MAILER_WORKER_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await running.mailer?.close();
    await countsQueue.close();
    probeRedis.disconnect();
  },
});

// Jobs are taken only once the probe server listens: a pod that cannot start takes no mail.
running.mailer = startMailWorker({
  config,
  connection: createRedis(config.REDIS_URL, { forWorker: true, connectionName: 'mailer-worker' }),
  transport,
  logger: app.log.child({ component: 'worker' }),
  results: createMailResults(app.metrics),
});
app.log.info(
  { queue: MAIL_QUEUE_NAME, prefix: config.REDIS_PREFIX, concurrency: config.MAILER_CONCURRENCY },
  'mail worker started',
);
