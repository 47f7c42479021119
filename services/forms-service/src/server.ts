/** Starts forms-service: real connections, the HTTP app, the maintenance worker, graceful shutdown. */
import { createDb, createMailQueue, createRedis, runService, systemClock } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { FormsDatabase } from './db/schema.js';
import { createMaintenance } from './maintenance/maintenance.js';
import { createFormsMailEnqueuer } from './services.js';

const config = loadConfig();
const db = createDb<FormsDatabase>(config.DATABASE_URL, { applicationName: 'forms-service' });
// A command gives up after 2 s: in a long Redis outage ioredis' retries (2, a reconnect backoff
// growing to 2 s) held each command ~6 s, and a form's rate-limit and quota steps together passed
// the gateway's 10 s, so visitors got 504 instead of a 503 (tests/faults, Redis down 15 s).
const redis = createRedis(config.REDIS_URL, { commandTimeout: 2000 });
const workerRedis = createRedis(config.REDIS_URL, { forWorker: true });
const mailQueue = createMailQueue(redis, config.REDIS_PREFIX);
mailQueue.on('error', () => undefined);

const app = await buildApp({ config, db, redis, mailQueue, clock: systemClock });
const maintenance = createMaintenance({
  config,
  db,
  clock: systemClock,
  log: app.log,
  mail: createFormsMailEnqueuer({ mailQueue, config, log: app.log }),
  queueConnection: redis,
  workerConnection: workerRedis,
});

await runService(app, {
  port: config.FORMS_SERVICE_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await maintenance.close();
    await mailQueue.close();
    await db.destroy();
    redis.disconnect();
    workerRedis.disconnect();
  },
});
// Not awaited before listening: a Redis outage at start must not keep the service from serving.
maintenance.start().catch((err: unknown) => app.log.error({ err }, 'maintenance did not start'));
