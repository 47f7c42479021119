/**
 * Starts ingest-service: real connections, the HTTP app (the collector API), the feed scheduler
 * (a BullMQ job scheduler per configured feed), the collection-target worker (completed VPN
 * requests from forms-service), graceful shutdown.
 */
import { createDb, createRedis, runService, systemClock } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { IngestDatabase } from './db/schema.js';
import { startFeedScheduler } from './feeds/feed-scheduler.js';
import { startTargetWorker } from './targets/target-worker.js';

const config = loadConfig();
const db = createDb<IngestDatabase>(config.IPDB_URL, {
  applicationName: 'ingest-service',
  max: config.INGEST_DATABASE_POOL_MAX,
});
const redis = createRedis(config.REDIS_URL);

const app = await buildApp({ config, db, redis, clock: systemClock });
const feeds = await startFeedScheduler({
  config,
  db,
  log: app.log.child({ component: 'feeds' }),
  metrics: app.metrics,
});
const targets = startTargetWorker({ config, db, log: app.log.child({ component: 'targets' }) });

await runService(app, {
  port: config.INGEST_SERVICE_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await feeds.close();
    await targets.close();
    await db.destroy();
    redis.disconnect();
  },
});
