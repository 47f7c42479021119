/**
 * Issue 16 item 9: what operators look at in the IP database is audited — one admin_logs row per
 * submitted IP search (with the address) and per analytics view, written the way every service
 * writes admin_logs (service-kit's row shape, the operator's ids); a refused search writes none.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  createTestDatabase,
  createTestOperator,
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
  SEARCH_PATH,
  testConfig,
} from './helpers.js';

async function migrateAuthTables(databaseUrl: string): Promise<void> {
  const cli = resolve(process.cwd(), '../auth-service/dist/cli/migrate.js');
  await promisify(execFile)(process.execPath, [cli], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl },
  });
}

describe('audit of IP searches and analytics views', () => {
  let ipdb: TestDatabase;
  let appDatabase: TestDatabase;
  let appClient: pg.Client;
  let app: FastifyInstance;
  let prefix: string;
  let viewer: TestOperatorIdentity;

  const rows = async () =>
    (
      await appClient.query<{
        action: string;
        resource: string | null;
        resource_id: string | null;
        success: boolean;
        session_id: string | null;
        username: string | null;
        details: Record<string, unknown>;
      }>(
        `select action, resource, resource_id, success, session_id, username, details
         from admin_logs where admin_id = $1 order by created_at, id`,
        [viewer.adminId],
      )
    ).rows;

  beforeAll(async () => {
    ipdb = await createIpdb('view_audit');
    appDatabase = await createTestDatabase('analytics_view_audit');
    await migrateAuthTables(appDatabase.url);
    viewer = await createTestOperator(appDatabase.url, 'view_only');
    appClient = new pg.Client({ connectionString: appDatabase.url });
    await appClient.connect();
    const config = testConfig({ IPDB_URL: ipdb.url, DATABASE_URL: appDatabase.url });
    prefix = config.REDIS_PREFIX;
    app = await buildTestApp(config);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await appClient?.end();
    await ipdb?.drop();
    await appDatabase?.drop();
    await dropRedisPrefix(prefix);
  });

  it('writes one ip_search row per search, naming the address, and none for a refused one', async () => {
    const ok = await post(app, SEARCH_PATH, { ipAddress: '198.51.100.23' }, operatorHeaders(viewer));
    expect(ok.statusCode).toBe(200);
    const refused = await post(app, SEARCH_PATH, { ipAddress: 'not-an-ip' }, operatorHeaders(viewer));
    expect(refused.statusCode).toBe(400);
    const audit = await rows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'ip_search',
      resource: 'ip_address',
      resource_id: '198.51.100.23',
      success: true,
      session_id: viewer.sessionId,
      username: viewer.username,
    });
    expect(typeof audit[0]!.details.records).toBe('number');
  });

  it('writes one analytics_view row per view', async () => {
    const before = (await rows()).length;
    for (let i = 0; i < 2; i++) {
      const res = await get(app, ANALYTICS_PATH, operatorHeaders(viewer));
      expect(res.statusCode).toBe(200);
    }
    const views = (await rows()).slice(before);
    expect(views.map((r) => [r.action, r.resource])).toEqual([
      ['analytics_view', 'analytics_views'],
      ['analytics_view', 'analytics_views'],
    ]);
  });
});
