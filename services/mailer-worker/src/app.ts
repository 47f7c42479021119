import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createServiceApp, registerHealthRoutes } from '@tunnelscope/service-kit';
import type { Config } from './config.js';
import { registerQueueGauge, type JobCounter } from './mail-jobs/mail-metrics.js';
import type { MailTransport } from './mail-jobs/smtp-transport.js';

export interface AppDeps {
  config: Pick<Config, 'LOG_LEVEL'>;
  /** A request-path client (it fails fast), not the worker's connection that retries forever. */
  redis: Pick<Redis, 'ping'>;
  transport: Pick<MailTransport, 'verify'>;
  /** False before the worker starts and once it is closing. */
  isWorkerRunning: () => boolean;
  /** The mail queue whose job counts `/metrics` reports (none: no queue gauge). */
  queue?: JobCounter;
}

/**
 * The worker's only HTTP surface, for Kubernetes probes: `/healthz` (the process is alive) and
 * `/readyz` (Redis answers, the SMTP server accepts a connection, the worker is taking jobs).
 * Its metrics (`app.metrics`: the queue's job counts, the mails sent and failed) are served on
 * METRICS_PORT by server.ts.
 */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app = createServiceApp({ service: 'mailer-worker', logLevel: deps.config.LOG_LEVEL });
  registerHealthRoutes(app, {
    redis: () => deps.redis.ping(),
    smtp: () => deps.transport.verify(),
    worker: async () => {
      if (!deps.isWorkerRunning()) throw new Error('mail worker is not running');
    },
  });
  if (deps.queue) registerQueueGauge(app.metrics, deps.queue, app.log);
  return app;
}
