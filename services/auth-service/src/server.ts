/** Starts auth-service: real connections, the HTTP app, the mail outbox relay, graceful shutdown. */
import { createDb, createMailQueue, createRedis, runService, systemClock } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { AuthDatabase } from './db/schema.js';
import { RELAY_INTERVAL_MS } from './mail-outbox/mail-outbox.js';
import { createAuthRetention } from './retention/retention-purge.js';

const config = loadConfig();
const db = createDb<AuthDatabase>(config.DATABASE_URL, { applicationName: 'auth-service' });
const redis = createRedis(config.REDIS_URL);
const mailQueue = createMailQueue(redis, config.REDIS_PREFIX);
mailQueue.on('error', () => undefined);

const app = await buildApp({ config, db, redis, mailQueue, clock: systemClock });
const retention = createAuthRetention({
  db,
  clock: systemClock,
  log: app.log,
  policy: {
    sessionRetentionDays: config.SESSION_RETENTION_DAYS,
    codeRetentionDays: config.CODE_RETENTION_DAYS,
    batchSize: config.RETENTION_BATCH_SIZE,
  },
});

await runService(app, {
  port: config.AUTH_SERVICE_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await app.mailOutbox.stop();
    await retention.stop();
    await mailQueue.close();
    await db.destroy();
    redis.disconnect();
  },
});
// Mails committed while the queue was down (or by a process that died before relaying them).
app.mailOutbox.start(RELAY_INTERVAL_MS);
// Dead sessions and spent codes: every replica runs it; `skip locked` keeps the runs apart.
retention.start(config.RETENTION_EVERY_MINUTES * 60_000);
