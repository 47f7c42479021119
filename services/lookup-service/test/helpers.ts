/**
 * Test context: a database of the suite's own (lookup-service's tables plus auth-service's admin
 * tables, for admin_logs), a unique Redis prefix, the app with a fake index, a movable clock, and
 * calls as the gateway forwards them (a client address it vouches for, an operator it signed).
 */
import type { AdminIdentity, AdminRole } from '@tunnelscope/contracts';
import { migrate as migrateAuth } from '@tunnelscope/auth-service/migrations';
import { gatewayHeadersFor, createDb, createRedis, type AdminAuditSubject } from '@tunnelscope/service-kit';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  createTestOperator,
  deleteKeysWithPrefix,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { LookupDatabase, LookupDb } from '../src/db/schema.js';
import { migrate } from '../src/migrations/index.js';
import { FakeIndex } from './fake-index.js';

export { TestClock } from '@tunnelscope/test-kit';

export interface Instance {
  app: FastifyInstance;
  redis: Redis;
  subscriber: Redis;
  index: FakeIndex;
  close(): Promise<void>;
}

export interface TestContext extends Instance {
  db: LookupDb;
  config: Config;
  clock: TestClock;
  database: TestDatabase;
  prefix: string;
  /** Another replica on the same database and Redis prefix (its own connections and cache). */
  replica(): Promise<Instance>;
}

export async function startInstance(
  config: Config,
  db: LookupDb,
  clock: TestClock,
  opts: { redis?: Redis; subscriber?: Redis; index?: FakeIndex } = {},
): Promise<Instance> {
  const redis = opts.redis ?? createRedis(TEST_REDIS_URL);
  const subscriber = opts.subscriber ?? createRedis(TEST_REDIS_URL);
  const index = opts.index ?? new FakeIndex();
  const app = await buildApp({ config, db, redis, subscriber, index, clock });
  await app.ready();
  return {
    app,
    redis,
    subscriber,
    index,
    async close() {
      await app.close();
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}

export async function createTestContext(
  label: string,
  opts: { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(`lookup_${label}`);
  await migrateAuth(database.url);
  await migrate(database.url);
  const prefix = uniqueRedisPrefix(`lookup-${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...opts.env,
  });
  const db = createDb<LookupDatabase>(database.url, { max: 5 });
  const clock = new TestClock();
  const first = await startInstance(config, db, clock);
  await first.app.lookup.keyCache.subscribed;
  const replicas: Instance[] = [];
  return {
    ...first,
    db,
    config,
    clock,
    database,
    prefix,
    async replica() {
      const r = await startInstance(config, db, clock);
      await r.app.lookup.keyCache.subscribed;
      replicas.push(r);
      return r;
    },
    async close() {
      for (const r of replicas) await r.close();
      await deleteKeysWithPrefix(first.redis, prefix);
      await first.close();
      await db.destroy();
      await database.drop();
    },
  };
}

/** An operator of the command line (no session): what the CLI audits as. */
export const CLI_SUBJECT: AdminAuditSubject = {
  adminId: null,
  sessionId: null,
  username: null,
  ip: '',
  userAgent: 'jest',
  requestId: 'test',
};

let emailCounter = 0;
export async function createKey(
  ctx: TestContext,
  over: {
    dailyQuota?: number;
    burstPerSecond?: number;
    allowedNetworks?: string[];
    allowExport?: boolean;
  } = {},
): Promise<{ key: string; id: string }> {
  emailCounter++;
  const created = await ctx.app.lookup.apiKeys.create(CLI_SUBJECT, {
    name: `Key ${emailCounter}`,
    ownerEmail: `owner${emailCounter}@example.com`,
    ...over,
  });
  return { key: created.key, id: created.apiKey.id };
}

/**
 * The path and query as the service will read them: app.inject normalises the URL (spaces and
 * quotes percent-encoded), as http-proxy does for the gateway, and the gateway's MAC covers it.
 */
function asInjected(url: string): string {
  const sent = new URL(url, 'http://service.invalid');
  return sent.pathname + sent.search;
}

/** A detection call as the gateway forwards it, from `ip`. */
export function apiCall(
  app: FastifyInstance,
  config: Config,
  opts: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    key?: string;
    ip?: string;
    headers?: Record<string, string>;
    payload?: unknown;
    rawPayload?: string;
  },
): Promise<LightMyRequestResponse> {
  const method = opts.method ?? 'GET';
  const url = asInjected(opts.url);
  const headers: Record<string, string> = {
    ...gatewayHeadersFor(config.INTERNAL_SHARED_SECRET, {
      audience: 'lookup',
      method,
      url,
      clientIp: opts.ip ?? '198.51.100.10',
    }),
    ...(opts.key ? { 'x-api-key': opts.key } : {}),
    ...(opts.payload !== undefined || opts.rawPayload !== undefined
      ? { 'content-type': 'application/json' }
      : {}),
    ...opts.headers,
  };
  return app.inject({
    method,
    url,
    headers,
    ...(opts.rawPayload !== undefined
      ? { payload: opts.rawPayload }
      : opts.payload !== undefined
        ? { payload: JSON.stringify(opts.payload) }
        : {}),
  });
}

export interface Operator {
  identity: AdminIdentity;
}

/** An operator row in admin_users and admin_sessions (the audit rows reference them) and its identity. */
export async function createOperator(ctx: TestContext, role: AdminRole = 'admin'): Promise<Operator> {
  return { identity: await createTestOperator(ctx.database.url, role) };
}

/** An admin call as the gateway forwards it for `operator` (without an identity when undefined). */
export function adminCall(
  ctx: TestContext,
  operator: Operator | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  url = asInjected(url);
  const headers: Record<string, string> = {
    'user-agent': 'jest-operator',
    ...gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
      audience: 'lookup',
      method,
      url,
      identity: operator?.identity,
      clientIp: '203.0.113.7',
    }),
  };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** admin_logs rows of `adminId` (or of the command line when null), oldest first. */
export async function auditRows(ctx: TestContext, adminId: string | null) {
  const result = await sql<{
    action: string;
    resource: string | null;
    resource_id: string | null;
    success: boolean;
    details: Record<string, unknown> | null;
  }>`select action, resource, resource_id, success, details from admin_logs
     where admin_id is not distinct from ${adminId} order by created_at, id`.execute(ctx.db);
  return result.rows;
}
