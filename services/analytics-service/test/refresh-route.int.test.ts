/**
 * Issue 13 item 13: the data's age in the analytics answer, and POST /vpn-db/refresh, an admin's
 * request for a refresh now (audited, one at a time across replicas).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  ADMIN_API,
  ADMIN_MESSAGES,
  ANALYTICS_REFRESH_MESSAGES,
  refreshAnalyticsResponseSchema,
} from '@tunnelscope/contracts';
import {
  createTestDatabase,
  createTestOperator,
  waitFor,
  type TestDatabase,
  type TestOperatorIdentity,
} from '@tunnelscope/test-kit';
import {
  ANALYTICS_PATH,
  buildTestApp,
  createIpdb,
  dropRedisPrefix,
  get,
  operatorHeaders,
  post,
  TEST_REDIS_URL,
  testConfig,
  UNREACHABLE_IPDB_URL,
} from './helpers.js';

const REFRESH_PATH = ADMIN_API.refreshAnalytics.path;

/**
 * The application database's admin tables (admin_logs, and the operators its rows reference), by
 * auth-service's own migrate command, as a deployment creates them: a deployable's migrations are
 * run, never imported (auth-service is built before the integration suites run).
 */
async function migrateAuthTables(databaseUrl: string): Promise<void> {
  const cli = resolve(process.cwd(), '../auth-service/dist/cli/migrate.js');
  await promisify(execFile)(process.execPath, [cli], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl },
  });
}

describe('the data age and POST /vpn-db/refresh', () => {
  let ipdb: TestDatabase;
  let appDatabase: TestDatabase;
  let client: pg.Client;
  let appClient: pg.Client;
  let redis: Redis;
  let admin: TestOperatorIdentity;
  let viewer: TestOperatorIdentity;
  const apps: FastifyInstance[] = [];
  const prefixes = new Set<string>();

  /** A replica: `env` may share another's REDIS_PREFIX (replicas of one deployment do). */
  async function replica(env: Record<string, string> = {}) {
    const config = testConfig({ IPDB_URL: ipdb.url, DATABASE_URL: appDatabase.url, ...env });
    prefixes.add(config.REDIS_PREFIX);
    const app = await buildTestApp(config);
    apps.push(app);
    return {
      app,
      prefix: config.REDIS_PREFIX,
      lockKey: `${config.REDIS_PREFIX}:analytics:ipdb:refresh-lock`,
    };
  }

  const lastRun = async () =>
    (
      await client.query<{ trigger: string; finished_at: Date }>(
        `select trigger, finished_at from analytics_refresh_runs order by id desc limit 1`,
      )
    ).rows[0]!;

  const auditOf = async (who: TestOperatorIdentity) =>
    (
      await appClient.query<{
        action: string;
        resource: string | null;
        success: boolean;
        details: Record<string, unknown>;
      }>(
        `select action, resource, success, details from admin_logs where admin_id = $1 order by created_at, id`,
        [who.adminId],
      )
    ).rows;

  /**
   * Holds the base tables the first view reads, so a refresh started now waits until `release()`
   * (a refresh that takes long, deterministically).
   */
  async function holdTables() {
    const holder = new pg.Client({ connectionString: ipdb.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table ips, ip_history, vpns, vendors in access exclusive mode');
    return {
      release: async () => {
        await holder.query('rollback');
        await holder.end();
      },
    };
  }

  beforeAll(async () => {
    ipdb = await createIpdb('refresh_route');
    appDatabase = await createTestDatabase('analytics_refresh_audit');
    await migrateAuthTables(appDatabase.url);
    admin = await createTestOperator(appDatabase.url, 'admin');
    viewer = await createTestOperator(appDatabase.url, 'view_only');
    client = new pg.Client({ connectionString: ipdb.url });
    await client.connect();
    appClient = new pg.Client({ connectionString: appDatabase.url });
    await appClient.connect();
    redis = new Redis(TEST_REDIS_URL);
    // Generating the dataset takes seconds, more on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await client?.end();
    await appClient?.end();
    await ipdb?.drop();
    await appDatabase?.drop();
    for (const p of prefixes) await dropRedisPrefix(p);
    redis?.disconnect();
  });

  it('says in the analytics answer when the views were last refreshed (the data age)', async () => {
    const { app } = await replica();
    const body = (await get(app, ANALYTICS_PATH, operatorHeaders(admin))).json();
    expect(body.success).toBe(true);
    expect(body.refreshedAt).toBe((await lastRun()).finished_at.toISOString());
  });

  it('refreshes the views now for an admin, answers the new age, shows new rows at once and audits it', async () => {
    const { app } = await replica();
    const before = (await get(app, ANALYTICS_PATH, operatorHeaders(admin))).json();
    await client.query(
      `insert into vendors (name, origin_country) values ('Requested Refresh Networks', 'IS')`,
    );

    const res = await post(app, REFRESH_PATH, {}, operatorHeaders(admin));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(refreshAnalyticsResponseSchema.safeParse(body).success).toBe(true);
    const run = await lastRun();
    expect(run.trigger).toBe('manual');
    expect(body).toEqual({
      success: true,
      message: ANALYTICS_REFRESH_MESSAGES.completed,
      data: { running: false, refreshedAt: run.finished_at.toISOString(), durationMs: expect.any(Number) },
    });
    expect(Date.parse(body.data.refreshedAt)).toBeGreaterThan(Date.parse(before.refreshedAt));
    expect(res.headers['cache-control']).toBe('no-store');

    // The cached answer went with the refresh: the next read has the new figures and age.
    const after = (await get(app, ANALYTICS_PATH, operatorHeaders(admin))).json();
    expect(after.refreshedAt).toBe(body.data.refreshedAt);
    expect(after.data.entityTotals.total_vendors).toBe(before.data.entityTotals.total_vendors + 1);

    expect(await auditOf(admin)).toContainEqual(
      expect.objectContaining({
        action: 'analytics_refresh',
        resource: 'analytics_views',
        success: true,
        details: expect.objectContaining({ outcome: 'completed' }),
      }),
    );
  });

  it('answers 409 to a second request while another replica refreshes, then the first one finishes', async () => {
    const first = await replica();
    const second = await replica({ REDIS_PREFIX: first.prefix });
    const held = await holdTables();
    let running: Promise<Awaited<ReturnType<typeof post>>>;
    try {
      running = post(first.app, REFRESH_PATH, {}, operatorHeaders(admin));
      // The first replica holds the refresh lock once its refresh has started.
      await waitFor(async () => (await redis.exists(first.lockKey)) === 1, { timeoutMs: 10_000 });

      const refused = await post(second.app, REFRESH_PATH, {}, operatorHeaders(admin));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        error: 'CONFLICT',
        message: ANALYTICS_REFRESH_MESSAGES.inProgress,
      });
    } finally {
      await held.release();
    }
    const done = await running;
    expect(done.statusCode).toBe(200);
    expect(done.json().data.running).toBe(false);
    expect(await redis.exists(first.lockKey)).toBe(0);
    expect(await auditOf(admin)).toContainEqual(
      expect.objectContaining({
        action: 'analytics_refresh',
        success: false,
        details: expect.objectContaining({ outcome: 'already_running' }),
      }),
    );
  });

  it('answers 202 with the previous age when the refresh outlasts the wait, and the refresh goes on', async () => {
    const { app, lockKey } = await replica({ ANALYTICS_REFRESH_WAIT_MS: '50' });
    const previous = (await lastRun()).finished_at.toISOString();
    const held = await holdTables();
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post(app, REFRESH_PATH, {}, operatorHeaders(admin));
      // Still running: a second request is refused meanwhile.
      expect((await post(app, REFRESH_PATH, {}, operatorHeaders(admin))).statusCode).toBe(409);
    } finally {
      await held.release();
    }
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      success: true,
      message: ANALYTICS_REFRESH_MESSAGES.running,
      data: { running: true, refreshedAt: previous, durationMs: null },
    });
    await waitFor(async () => (await redis.exists(lockKey)) === 0, { timeoutMs: 20_000 });
    const run = await lastRun();
    expect(run.trigger).toBe('manual');
    expect(run.finished_at.toISOString()).not.toBe(previous);
    expect((await get(app, ANALYTICS_PATH, operatorHeaders(admin))).json().refreshedAt).toBe(
      run.finished_at.toISOString(),
    );
  });

  it('refuses view_only with 403 and an audit row, and a call without a session with 401', async () => {
    const { app } = await replica();
    const runsBefore = (await client.query(`select count(*)::int as n from analytics_refresh_runs`)).rows[0]
      .n;

    const refused = await post(app, REFRESH_PATH, {}, operatorHeaders(viewer));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'FORBIDDEN',
      message: ADMIN_MESSAGES.viewOnly,
    });
    expect(await auditOf(viewer)).toContainEqual(
      expect.objectContaining({
        action: 'permission_denied',
        success: false,
        details: expect.objectContaining({ operation: 'analytics_refresh' }),
      }),
    );

    const anonymous = await post(app, REFRESH_PATH, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });

    expect((await client.query(`select count(*)::int as n from analytics_refresh_runs`)).rows[0].n).toBe(
      runsBefore,
    );
  });

  it('refuses a body with fields, or one that is not JSON, with a 400 in the error shape', async () => {
    const { app } = await replica();
    for (const body of [{ force: true }, '[1, 2', '"now"']) {
      const res = await post(app, REFRESH_PATH, body, operatorHeaders(admin));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: expect.any(String),
        message: expect.any(String),
      });
      expect(JSON.stringify(res.json())).not.toMatch(/\bat .*\.js:\d+/);
    }
  });

  it('answers networkError while the IP database cannot be reached, and audits the failure', async () => {
    const config = testConfig({ IPDB_URL: UNREACHABLE_IPDB_URL, DATABASE_URL: appDatabase.url });
    prefixes.add(config.REDIS_PREFIX);
    const app = await buildTestApp(config);
    apps.push(app);
    const res = await post(app, REFRESH_PATH, {}, operatorHeaders(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      networkError: true,
      error: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/^The IP database cannot be reached/),
    });
    expect(await auditOf(admin)).toContainEqual(
      expect.objectContaining({
        action: 'analytics_refresh',
        success: false,
        details: expect.objectContaining({ outcome: 'failed' }),
      }),
    );
  });
});
