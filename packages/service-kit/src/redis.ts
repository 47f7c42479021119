import { Redis, type RedisOptions } from 'ioredis';

/**
 * `forWorker`: BullMQ workers block on Redis and must retry forever (maxRetriesPerRequest null);
 * request-path clients give up after two retries so a Redis outage gives a quick 503, not a hung request.
 */
export function createRedis(url: string, opts: { forWorker?: boolean } & RedisOptions = {}): Redis {
  const { forWorker, ...rest } = opts;
  const client = new Redis(url, {
    maxRetriesPerRequest: forWorker ? null : 2,
    connectTimeout: 5000,
    // ioredis otherwise keeps a 2 s timer alive after disconnect() on a refused connection.
    disconnectTimeout: 200,
    ...rest,
  });
  // Connection errors are retried by ioredis and surface as failed commands; do not crash on them.
  client.on('error', () => undefined);
  return client;
}
