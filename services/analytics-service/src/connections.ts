/**
 * The connections analytics-service runs on, made from its configuration: server.ts opens them
 * before building the app, and the integration tests open them the same way.
 */
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { createDb, createRedis, type AdminLogsTable } from '@tunnelscope/service-kit';
import type { Config } from './config.js';
import { createIpdb, type Ipdb } from './ipdb/ipdb.js';

export interface Connections {
  redis: Redis;
  workerRedis: Redis;
  ipdb: Ipdb;
  /** The application database: only auth-service's admin_logs, for the audit of a requested refresh. */
  appDb: Kysely<AppDatabase>;
  close(): Promise<void>;
}

/** What analytics-service touches in the application database. */
export interface AppDatabase {
  admin_logs: AdminLogsTable;
}

export function openConnections(config: Config): Connections {
  // Request-path client: a Redis outage fails a command within a second, and every use of Redis
  // here (cache, rate limit) has an answer for that.
  const redis = createRedis(config.REDIS_URL, { commandTimeout: 1000 });
  const workerRedis = createRedis(config.REDIS_URL, { forWorker: true });
  const ipdb = createIpdb(config.IPDB_URL, {
    max: config.IPDB_POOL_MAX,
    connectTimeoutMs: config.IPDB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.IPDB_STATEMENT_TIMEOUT_MS,
  });
  // Two connections: an audit row per operator request is all that is written there.
  const appDb = createDb<AppDatabase>(config.DATABASE_URL, {
    max: 2,
    applicationName: 'analytics-service',
  });
  return {
    redis,
    workerRedis,
    ipdb,
    appDb,
    async close() {
      redis.disconnect();
      workerRedis.disconnect();
      await Promise.all([ipdb.destroy(), appDb.destroy()]);
    },
  };
}
