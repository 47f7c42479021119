import type { PasswordHasher } from '../src/passwords/password-hasher.js';
/**
 * Test context: a database of the suite's own, a unique Redis prefix, the Turnstile stand-in, the
 * app and a movable clock; and a stand-in for the gateway (its token, the client address, the
 * admin prefix, the session resolve, the signed identity), so every call takes the real path.
 */
import {
  ADMIN_API,
  ADMIN_CHALLENGE_COOKIE,
  ADMIN_SESSION_COOKIE,
  BACKGROUND_REQUEST_HEADER,
  INTERNAL_SESSION_RESOLVE_PATH,
  type AdminIdentity,
  type AdminRole,
  type MailJob,
} from '@tunnelscope/contracts';
import {
  GATEWAY_TOKEN_HEADER,
  REQUEST_ID_HEADER,
  createDb,
  createMailQueue,
  createRedis,
  internalKeyring,
  signAdminIdentity,
  signGatewayToken,
  type InternalRequest,
  type MailQueue,
} from '@tunnelscope/service-kit';
import { randomUUID } from 'node:crypto';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  deleteKeysWithPrefix,
  nextIp,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';

export { TestClock, nextIp } from '@tunnelscope/test-kit';
import { startTurnstileStandin, DUMMY_TOKEN, type TurnstileStandin } from '@tunnelscope/turnstile-standin';
import argon2 from 'argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createSecretBox } from '../src/crypto/secret-box.js';
import type { AdminUserRow, AuthDatabase, AuthDb } from '../src/db/schema.js';
import { migrate } from '../src/migrations/index.js';
import { newTotpSecret, timeStepAt, totpCodeAt } from '../src/two-factor/totp.js';
import { secretContext } from '../src/two-factor/two-factor-service.js';

export const ADMIN_PREFIX = '/admin-ab12cd34ef56ab78cd90ef12ab34cd56';
export const PASSWORD = 'Correct-Horse1!';
export { DUMMY_TOKEN };

export interface TestContext {
  app: FastifyInstance;
  db: AuthDb;
  redis: Redis;
  mailQueue: MailQueue;
  config: Config;
  clock: TestClock;
  turnstile: TurnstileStandin;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestContext(
  label: string,
  opts: {
    env?: Record<string, string>;
    hasher?: PasswordHasher;
    /** The app's Redis client, instead of a working one (a closed client: Redis down). */
    appRedis?: Redis;
    /** The app's mail queue, instead of the suite's (a queue that refuses: Redis down). */
    appMailQueue?: MailQueue;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(`auth_${label}`);
  await migrate(database.url);
  const turnstile = await startTurnstileStandin({ port: 0 });
  const prefix = uniqueRedisPrefix(`auth-${label}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    // Cheap hashes keep the suites fast; production's floor is checked by the config tests.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...opts.env,
  });
  const db = createDb<AuthDatabase>(database.url, { max: 5 });
  const redis = createRedis(TEST_REDIS_URL);
  const mailQueue = createMailQueue(redis, prefix);
  mailQueue.on('error', () => undefined);
  const clock = new TestClock();
  const app = await buildApp({
    config,
    db,
    redis: opts.appRedis ?? redis,
    mailQueue: opts.appMailQueue ?? mailQueue,
    clock,
    hasher: opts.hasher,
  });
  await app.ready();
  return {
    app,
    db,
    redis,
    mailQueue,
    config,
    clock,
    turnstile,
    database,
    async close() {
      await app.close();
      await mailQueue.close();
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
      await db.destroy();
      await turnstile.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A name and address no other test uses. */
export function unique(tag = 'op'): { username: string; email: string } {
  counter++;
  const id = `${tag}_${Date.now().toString(36)}_${counter}`;
  return { username: id.slice(0, 50), email: `${id}@tunnelscope.example` };
}

export interface TestAdmin {
  row: AdminUserRow;
  password: string;
  /** Set when created with two-factor on. */
  totpSecret?: string;
}

/** An account written straight to the database (argon2id like the service, at the test cost). */
export async function createAdmin(
  ctx: TestContext,
  opts: {
    role?: AdminRole;
    isActive?: boolean;
    password?: string;
    twoFactor?: boolean;
    username?: string;
    mustChangePassword?: boolean;
  } = {},
): Promise<TestAdmin> {
  const who = unique(opts.role ?? 'admin');
  const password = opts.password ?? PASSWORD;
  const row = await ctx.db
    .insertInto('admin_users')
    .values({
      username: opts.username ?? who.username,
      email: who.email,
      password_hash: await argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 }),
      role: opts.role ?? 'admin',
      is_active: opts.isActive ?? true,
      must_change_password: opts.mustChangePassword ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!opts.twoFactor) return { row, password };
  const totpSecret = newTotpSecret();
  const sealed = createSecretBox(ctx.config.TOTP_ENCRYPTION_KEY).seal(totpSecret, secretContext(row.id));
  const updated = await ctx.db
    .updateTable('admin_users')
    .set({ two_factor_enabled: true, two_factor_secret: sealed })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: updated, password, totpSecret };
}

/** One forwarded request as the gateway's MACs describe it (a fresh request id). */
export function internalRequest(method: string, url: string): InternalRequest {
  return { audience: 'auth', method, path: url, requestId: randomUUID() };
}

/**
 * Headers the gateway adds to every call it forwards: its per-request MAC over `req` (method, raw
 * path, request id), the request id, the client address, prefix and scheme.
 */
export function gatewayHeaders(
  ctx: TestContext,
  ip: string,
  req: { method: string; url: string } | InternalRequest,
  proto: 'http' | 'https' = 'http',
) {
  const internal = 'audience' in req ? req : internalRequest(req.method, req.url);
  return {
    [GATEWAY_TOKEN_HEADER]: signGatewayToken(internalKeyring(ctx.config), internal),
    [REQUEST_ID_HEADER]: internal.requestId,
    'x-forwarded-for': ip,
    'x-forwarded-proto': proto,
    'x-forwarded-prefix': ADMIN_PREFIX,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 jest',
  };
}

export interface LoginInput {
  username: string;
  password: string;
  totpCode?: string;
  rememberMe?: boolean;
  turnstileToken?: string;
}

/** POST /auth/login as the gateway forwards it (no identity: sign-in is the one open call). */
export function login(
  ctx: TestContext,
  body: Partial<LoginInput> | Record<string, unknown>,
  opts: { ip?: string; challenge?: string; proto?: 'http' | 'https' } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: ADMIN_API.login.path,
    headers: {
      ...gatewayHeaders(ctx, opts.ip ?? nextIp(), { method: 'POST', url: ADMIN_API.login.path }, opts.proto),
      'content-type': 'application/json',
      ...(opts.challenge ? { cookie: `${ADMIN_CHALLENGE_COOKIE}=${opts.challenge}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/** Step 1 with the stand-in's token. */
export function loginStep1(ctx: TestContext, admin: TestAdmin, extra: Partial<LoginInput> = {}, ip?: string) {
  return login(
    ctx,
    { username: admin.row.username, password: admin.password, turnstileToken: DUMMY_TOKEN, ...extra },
    { ip: ip ?? nextIp() },
  );
}

/** The cookies a response sets: name → { value, attributes }. */
export function setCookies(res: LightMyRequestResponse): Map<string, { value: string; raw: string }> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(
    list.map((c) => {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      return [pair!.slice(0, eq), { value: pair!.slice(eq + 1), raw: c }];
    }),
  );
}

export function sessionTokenOf(res: LightMyRequestResponse): string {
  const cookie = setCookies(res).get(ADMIN_SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return cookie.value;
}

export function challengeOf(res: LightMyRequestResponse): string {
  const cookie = setCookies(res).get(ADMIN_CHALLENGE_COOKIE);
  if (!cookie?.value) throw new Error(`no challenge cookie in ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** The TOTP code of `secret` at the test clock's time. */
export function codeNow(ctx: TestContext, secret: string, offsetMs = 0): Promise<string> {
  return totpCodeAt(secret, new Date(ctx.clock.now().getTime() + offsetMs));
}

/** Moves the clock to the start of the next TOTP step, so a fresh code is due. */
export function nextTotpStep(ctx: TestContext): void {
  const now = ctx.clock.now();
  const nextStepStart = (timeStepAt(now) + 1) * 30_000;
  ctx.clock.advance(nextStepStart - now.getTime() + 1000);
}

/** Signs in (both steps when 2FA is on) and returns the session token. */
export async function signIn(
  ctx: TestContext,
  admin: TestAdmin,
  opts: { rememberMe?: boolean; ip?: string } = {},
): Promise<string> {
  const ip = opts.ip ?? nextIp();
  const first = await loginStep1(ctx, admin, { rememberMe: opts.rememberMe ?? false }, ip);
  if (!admin.totpSecret) return sessionTokenOf(first);
  nextTotpStep(ctx);
  const second = await login(
    ctx,
    {
      username: admin.row.username,
      password: admin.password,
      totpCode: await codeNow(ctx, admin.totpSecret),
      rememberMe: opts.rememberMe ?? false,
    },
    { ip, challenge: challengeOf(first) },
  );
  return sessionTokenOf(second);
}

/** The gateway's resolve call. */
export function resolve(ctx: TestContext, token: string, touch = true): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: INTERNAL_SESSION_RESOLVE_PATH,
    headers: {
      ...gatewayHeaders(ctx, '10.0.0.1', { method: 'POST', url: INTERNAL_SESSION_RESOLVE_PATH }),
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ token, touch }),
  });
}

export interface CallOptions {
  payload?: unknown;
  query?: Record<string, string>;
  ip?: string;
  background?: boolean;
  headers?: Record<string, string>;
}

/**
 * An admin call the way the gateway makes it: resolve the session token (401 if dead), then
 * forward with the signed identity. `as` may also be an identity to sign directly.
 */
export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as: string | AdminIdentity,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  let identity: AdminIdentity;
  if (typeof as === 'string') {
    const resolved = await resolve(ctx, as, !opts.background);
    if (resolved.statusCode !== 200) return resolved;
    identity = resolved.json().data.identity;
  } else {
    identity = as;
  }
  // The MACs cover the raw path with its query, exactly as sent.
  const search = new URLSearchParams(opts.query ?? {}).toString();
  const rawUrl = search ? `${url}?${search}` : url;
  const req = internalRequest(method, rawUrl);
  return ctx.app.inject({
    method,
    url: rawUrl,
    headers: {
      ...gatewayHeaders(ctx, opts.ip ?? '203.0.113.7', req),
      ...signAdminIdentity(identity, internalKeyring(ctx.config), req),
      ...(opts.background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(method === 'GET' || method === 'DELETE'
      ? {}
      : { payload: opts.payload === undefined ? '' : JSON.stringify(opts.payload) }),
  });
}

/** The identity the gateway would sign for a live session token. */
export async function identityOf(ctx: TestContext, token: string): Promise<AdminIdentity> {
  const res = await resolve(ctx, token, false);
  if (res.statusCode !== 200) throw new Error(`session not live: ${res.body}`);
  return res.json().data.identity;
}

/** admin_logs rows, oldest first, optionally of one action. */
export async function auditRows(
  ctx: TestContext,
  filter: { action?: string; adminId?: string; username?: string } = {},
) {
  let q = ctx.db.selectFrom('admin_logs').selectAll().orderBy('created_at').orderBy('id');
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.adminId) q = q.where('admin_id', '=', filter.adminId);
  if (filter.username) q = q.where('username', '=', filter.username);
  return q.execute();
}

/** Every mail job waiting on the suite's queue (no worker runs, so they stay there). */
export async function queuedMails(queue: MailQueue): Promise<{ id: string; data: MailJob }[]> {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.map((j) => ({ id: String(j.id), data: j.data }));
}

export const MINUTE = 60_000;

/** What an Actor carries beyond the signed identity, for tests that call a service directly. */
export const SESSION_OF_SERVICE_CALL = {
  mustChangePassword: false,
  session: { lastActivity: new Date(0), expiresAt: new Date(8.64e15), rememberMe: false },
};
