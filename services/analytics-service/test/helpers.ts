import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '@tunnelscope/test-kit';
import { readConfig, type AnalyticsConfig } from '../src/config.js';

export const SECRET = 'test-internal-secret-0123456789abcdef';
/** Nothing listens on port 1: connections are refused at once. */
export const UNREACHABLE_IPDB_URL = 'postgres://postgres@127.0.0.1:1/tunnelscope_ipdb';

export function testConfig(env: Record<string, string> = {}): AnalyticsConfig {
  return readConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix('analytics'),
      INTERNAL_SHARED_SECRET: SECRET,
      IPDB_URL: UNREACHABLE_IPDB_URL,
      ...env,
    },
    (code) => {
      throw new Error(`invalid analytics configuration (exit ${code})`);
    },
  );
}

/** Removes every key a suite wrote under its prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export { TEST_REDIS_URL };

export interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  json(): any;
}

const listening = new WeakMap<FastifyInstance, Promise<string>>();

/**
 * A GET over a real socket. (Not `app.inject`: under jest's ESM mode on Node 20, light-my-request
 * cannot `require` the ESM-only `cookie` 2, and this tests the service's real HTTP path anyway.)
 */
export async function get(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  let base = listening.get(app);
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    });
    listening.set(app, base);
  }
  const res = await fetch(`${await base}${path}`, { headers });
  const text = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), json: () => JSON.parse(text) };
}
