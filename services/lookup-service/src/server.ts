/**
 * Starts lookup-service: real connections, the detection index (loaded in a worker, then watching
 * the data version), the HTTP app, the usage roll-up, graceful shutdown. It listens before the
 * index has loaded: `/readyz` fails and keyed calls answer 503 index_loading until then.
 */
import { createDb, createRedis, runService, systemClock } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { LookupDatabase } from './db/schema.js';
import { createDetectionIndex } from './index/detection-index.js';

const config = loadConfig();
const db = createDb<LookupDatabase>(config.DATABASE_URL, {
  applicationName: 'lookup-service',
  max: config.LOOKUP_DATABASE_POOL_MAX,
});
const redis = createRedis(config.REDIS_URL);
// Subscriptions retry forever: a replica must get back on the invalidation channel after an outage.
const subscriber = createRedis(config.REDIS_URL, { forWorker: true });

// The index is built before the app (the app needs it) and logs through the app's logger once it exists.
let log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | null = null;
const indexLogger = {
  info: (obj: object, msg?: string) => log?.info(obj, msg),
  warn: (obj: object, msg?: string) => log?.warn(obj, msg),
  error: (obj: object, msg?: string) => log?.error(obj, msg),
};

const app = await buildApp({
  config,
  db,
  redis,
  subscriber,
  clock: systemClock,
  index: createDetectionIndex({
    ipdbUrl: config.IPDB_URL,
    logger: indexLogger,
    pollIntervalMs: config.LOOKUP_INDEX_POLL_SECONDS * 1000,
    publicData: config.LOOKUP_PUBLIC_DATA,
    sampleEvery: config.LOOKUP_PUBLIC_SAMPLE_EVERY,
  }),
});
log = app.log.child({ component: 'detection-index' });
const rollup = app.lookup.usage.startRollup(config.LOOKUP_USAGE_ROLLUP_SECONDS);

await runService(app, {
  port: config.LOOKUP_SERVICE_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  onShutdown: async () => {
    await rollup.stop();
    await app.lookup.index.close();
    await db.destroy();
    redis.disconnect();
    subscriber.disconnect();
  },
});
// Not awaited before listening: the index loads in a worker while the service already answers
// /healthz (and 503 index_loading), and an IP database that is down keeps it unready, not dead.
app.lookup.index.start().catch((err: unknown) => app.log.error({ err }, 'detection index did not start'));
