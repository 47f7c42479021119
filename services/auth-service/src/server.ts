/** Starts auth-service: real connections, the HTTP app, graceful shutdown. */
import { createDb, createMailQueue, createRedis, runService, systemClock } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { AuthDatabase } from './db/schema.js';

const config = loadConfig();
const db = createDb<AuthDatabase>(config.DATABASE_URL, { applicationName: 'auth-service' });
const redis = createRedis(config.REDIS_URL);
const mailQueue = createMailQueue(redis, config.REDIS_PREFIX);
mailQueue.on('error', () => undefined);

const app = await buildApp({ config, db, redis, mailQueue, clock: systemClock });

await runService(app, {
  port: config.AUTH_SERVICE_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await mailQueue.close();
    await db.destroy();
    redis.disconnect();
  },
});
