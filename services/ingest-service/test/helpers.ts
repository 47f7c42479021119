/**
 * Test context: an IP database of the suite's own (packages/ipdb-schema's migrations, so the
 * tables are the real ones), a unique Redis prefix, the app with a movable clock, and calls as
 * the gateway forwards them (its per-request MAC, a client address it vouches for).
 */
import { migrate } from '@tunnelscope/ipdb-schema';
import { createDb, createRedis, gatewayHeadersFor } from '@tunnelscope/service-kit';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  deleteKeysWithPrefix,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createCollector } from '../src/collectors/collector-repository.js';
import { loadConfig, type Config } from '../src/config.js';
import type { IngestDatabase, IngestDb } from '../src/db/schema.js';

export interface TestContext {
  app: FastifyInstance;
  db: IngestDb;
  redis: Redis;
  config: Config;
  clock: TestClock;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestContext(
  label: string,
  opts: { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(`ingest_${label}`);
  await migrate(database.url);
  const prefix = uniqueRedisPrefix(`ingest-${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    IPDB_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...opts.env,
  });
  const db = createDb<IngestDatabase>(database.url, { max: 5 });
  const redis = createRedis(TEST_REDIS_URL);
  const clock = new TestClock();
  const app = await buildApp({ config, db, redis, clock });
  await app.ready();
  return {
    app,
    db,
    redis,
    config,
    clock,
    database,
    async close() {
      await app.close();
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
      await db.destroy();
      await database.drop();
    },
  };
}

export async function newCollectorToken(ctx: TestContext, name = 'collector-1'): Promise<string> {
  return (await createCollector(ctx.db, name)).token;
}

/** A call as the gateway forwards it. */
export function call(
  ctx: TestContext,
  req: {
    method: 'GET' | 'POST';
    url: string;
    token?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
      audience: 'ingest',
      method: req.method,
      url: req.url,
      clientIp: '203.0.113.10',
    }),
    ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
    ...(req.body !== undefined || req.raw !== undefined ? { 'content-type': 'application/json' } : {}),
    ...req.headers,
  };
  return ctx.app.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(req.raw !== undefined
      ? { payload: req.raw }
      : req.body !== undefined
        ? { payload: JSON.stringify(req.body) }
        : {}),
  });
}

export async function dataVersion(ctx: TestContext): Promise<number> {
  const row = await sql<{ version: string }>`select version::text as version from data_version`.execute(
    ctx.db,
  );
  return Number(row.rows[0]!.version);
}

/** A VPN and its vendor, as the generator or an operator would have created them. */
export async function seedVpn(ctx: TestContext, vpn: string, vendor: string): Promise<number> {
  await sql`insert into vendors (name, origin_country) values (${vendor}, 'PA') on conflict do nothing`.execute(
    ctx.db,
  );
  const row = await sql<{ id: number }>`
    insert into vpns (vendor_id, name, automation) select id, ${vpn}, true from vendors where name = ${vendor}
    returning id
  `.execute(ctx.db);
  return row.rows[0]!.id;
}
