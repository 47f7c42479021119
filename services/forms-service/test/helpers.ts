/** Test context: a database of the suite's own, a unique Redis prefix, the app, a movable clock. */
import { createServer, type AddressInfo } from 'node:net';
import type { MailJob } from '@tunnelscope/contracts';
import {
  createDb,
  createMailQueue,
  createRedis,
  gatewayHeadersFor,
  type MailQueue,
} from '@tunnelscope/service-kit';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  deleteKeysWithPrefix,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';

export { TestClock, nextIp } from '@tunnelscope/test-kit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { FormsDatabase, FormsDb } from '../src/db/schema.js';
import { migrate } from '../src/migrations/index.js';

export interface TestContext {
  app: FastifyInstance;
  db: FormsDb;
  redis: Redis;
  mailQueue: MailQueue;
  config: Config;
  clock: TestClock;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Limits high enough that a suite's own requests never trip them (the rate-limit suite lowers them). */
const GENEROUS_LIMITS = {
  RATE_LIMIT_FORM_PER_MIN: '1000',
  RATE_LIMIT_OTP_PER_MIN: '1000',
  RATE_LIMIT_EMAIL_CHECK_PER_MIN: '1000',
  RATE_LIMIT_SECURITY_LOG_PER_MIN: '1000',
  // Every test address is in 198.51.100.0/24 (test-kit's nextIp): one client network.
  OTP_CODES_PER_NETWORK_PER_HOUR: '100000',
};

export async function createTestContext(
  label: string,
  opts: { env?: Record<string, string>; mailQueue?: (prefix: string) => MailQueue } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(`forms_${label}`);
  await migrate(database.url);
  const prefix = uniqueRedisPrefix(`forms-${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    ...GENEROUS_LIMITS,
    ...opts.env,
  });
  const db = createDb<FormsDatabase>(database.url, { max: 5 });
  const redis = createRedis(TEST_REDIS_URL);
  const mailQueue = opts.mailQueue ? opts.mailQueue(prefix) : createMailQueue(redis, prefix);
  mailQueue.on('error', () => undefined);
  const clock = new TestClock();
  const app = await buildApp({ config, db, redis, mailQueue, clock });
  await app.ready();
  return {
    app,
    db,
    redis,
    mailQueue,
    config,
    clock,
    database,
    async close() {
      await app.close();
      await mailQueue.close();
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
      await db.destroy();
      await database.drop();
    },
  };
}

let emailCounter = 0;
export function uniqueEmail(tag = 'visitor'): string {
  emailCounter++;
  return `${tag}.${Date.now().toString(36)}.${emailCounter}@example.com`;
}

/** A JSON POST as the gateway would forward it, from `ip`. */
export function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string>; raw?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'jest-test-agent',
  };
  if (opts.ip) {
    Object.assign(
      headers,
      gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
        audience: 'forms',
        method: 'POST',
        url,
        clientIp: opts.ip,
      }),
    );
  }
  const request: InjectOptions = {
    method: 'POST',
    url,
    headers: { ...headers, ...opts.headers },
    payload: opts.raw ? (payload as string) : JSON.stringify(payload),
  };
  return ctx.app.inject(request);
}

/** Every mail job waiting on the suite's queue (no worker runs, so they stay there). */
export async function queuedMails(queue: MailQueue): Promise<{ id: string; data: MailJob }[]> {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.map((j) => ({ id: String(j.id), data: j.data }));
}

/** The latest code e-mailed for a request id, read from its verification-code job. */
export async function latestCode(queue: MailQueue, requestId: string): Promise<string> {
  const jobs = (await queuedMails(queue))
    .filter((j) => j.id.startsWith(`verification-code-${requestId}-`))
    .sort((a, b) => Number(b.id.split('-').pop()) - Number(a.id.split('-').pop()));
  const job = jobs[0]?.data;
  if (!job || job.type !== 'verification-code')
    throw new Error(`no verification code queued for ${requestId}`);
  return job.code;
}

/** A code that is not `code` (for wrong tries). */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** A TCP port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A mail queue pointed at a closed port: every enqueue fails as if Redis were down. */
export function unreachableMailQueue(port: number) {
  return (prefix: string) => {
    const queue = createMailQueue(
      createRedis(`redis://127.0.0.1:${port}`, {
        maxRetriesPerRequest: 1,
        retryStrategy: () => null,
        lazyConnect: true,
      }),
      prefix,
    );
    queue.on('error', () => undefined);
    return queue;
  };
}

export const validVpnRequest = (userEmail: string) => ({
  vpnName: 'Turbo VPN',
  playstoreLink: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn',
  userEmail,
  additionalInfo: 'We see this VPN in our signup traffic every day.',
});

export const validContact = (email: string) => ({
  name: "Ann O'Brien",
  email,
  subject: 'Pricing for the API',
  message: 'Hello team, what would 10M lookups a month cost?',
  consent: true,
});
