/**
 * The connections analytics-service runs on, made from its configuration: server.ts opens them
 * before building the app, and the integration tests open them the same way.
 */
import type { Redis } from 'ioredis';
import { createRedis } from '@tunnelscope/service-kit';
import type { Config } from './config.js';
import { createIpdb, type Ipdb } from './ipdb/ipdb.js';

export interface Connections {
  redis: Redis;
  workerRedis: Redis;
  ipdb: Ipdb;
  close(): Promise<void>;
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
  return {
    redis,
    workerRedis,
    ipdb,
    async close() {
      redis.disconnect();
      workerRedis.disconnect();
      await ipdb.destroy();
    },
  };
}
