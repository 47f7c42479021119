/**
 * GET /vpn-db/sources (issue 17 item 4): the Database Analytics tab's Data sources — each feed's
 * last run, each collector's last report, the VPNs needing review — read from a migrated IP
 * database whose ingest rows this suite writes itself (as ingest-service would).
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { INGEST_STATUS_API, ingestStatusResponseSchema } from '@tunnelscope/contracts';
import type { TestDatabase } from '@tunnelscope/test-kit';
import {
  adminHeaders,
  buildTestApp,
  createIpdb,
  dropRedisPrefix,
  get,
  testConfig,
  UNREACHABLE_IPDB_URL,
} from './helpers.js';

const SOURCES_PATH = INGEST_STATUS_API.path;
const ACTIVE_COLLECTOR = '2f1d6c0a-1b3e-4c5d-8e7f-a1b2c3d4e5f6';
const OTHER_COLLECTOR = '3a2e7d1b-2c4f-4d6e-9f80-b2c3d4e5f6a7';
const REVOKED_COLLECTOR = '4b3f8e2c-3d50-4e7f-a091-c3d4e5f6a7b8';

describe('GET /vpn-db/sources', () => {
  let ipdb: TestDatabase;
  let client: pg.Client;
  let app: FastifyInstance;
  let prefix: string;

  async function sources(headers = adminHeaders()) {
    const res = await get(app, SOURCES_PATH, headers);
    return { res, body: res.json() };
  }

  beforeAll(async () => {
    // Migrated, not generated: every ingest row here is one this suite wrote.
    ipdb = await createIpdb('sources', { generate: false });
    client = new pg.Client({ connectionString: ipdb.url });
    await client.connect();
    const config = testConfig({ IPDB_URL: ipdb.url });
    prefix = config.REDIS_PREFIX;
    app = await buildTestApp(config);
  });

  afterAll(async () => {
    await app?.close();
    await client?.end();
    await ipdb?.drop();
    await dropRedisPrefix(prefix);
  });

  it('lists every feed with no run and no ranges, no collector and nothing to review before anything ran', async () => {
    const { res, body } = await sources();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ingestStatusResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data).toEqual({
      feeds: [
        { feed: 'tor', lastRun: null, ranges: 0 },
        { feed: 'relay', lastRun: null, ranges: 0 },
        { feed: 'cloud', lastRun: null, ranges: 0 },
      ],
      collectors: [],
      vpnsNeedingReview: 0,
    });
  });

  it("shows each feed's newest run, its current range count, each collector's newest report and the review count", async () => {
    await client.query(`
      insert into feed_runs (feed, started_at, finished_at, source, fetched_bytes, parsed, added, removed, unchanged, kept_previous, error)
      values
        ('tor', '2026-11-25T10:00:00Z', '2026-11-25T10:00:02Z', 'http://feeds.test/tor-old', 900, 1200, 1200, 0, 0, false, null),
        ('tor', '2026-11-26T10:00:00Z', '2026-11-26T10:00:01Z', 'http://feeds.test/tor', 100, 3, 0, 0, 0, true,
         'parsed 3 rows, less than half of the previous run (1200): kept the previous data'),
        ('cloud', '2026-11-26T09:00:00Z', '2026-11-26T09:00:05Z', 'http://feeds.test/aws.json,http://feeds.test/gcp.json',
         52000, 7, 2, 1, 4, false, null)
    `);
    await client.query(`
      insert into feed_ranges (feed, network, provider, first_listed, last_listed) values
        ('tor', '185.220.101.4/32', null, '2026-11-25', '2026-11-26'),
        ('tor', '2001:db8::1/128', null, '2026-11-25', '2026-11-26'),
        ('cloud', '3.5.140.0/22', 'Amazon Web Services', '2026-11-26', '2026-11-26')
    `);
    await client.query(
      `insert into collectors (id, name, token_hash, created_at, revoked_at, last_used_at) values
        ($1, 'collector-fra-1', '\\x01', '2026-11-20T00:00:00Z', null, '2026-11-26T08:30:00Z'),
        ($2, 'collector-ams-2', '\\x02', '2026-11-21T00:00:00Z', null, null),
        ($3, 'aaa-retired', '\\x03', '2026-11-01T00:00:00Z', '2026-11-10T00:00:00Z', '2026-11-09T00:00:00Z')`,
      [ACTIVE_COLLECTOR, OTHER_COLLECTOR, REVOKED_COLLECTOR],
    );
    // The newest report is the one received last, even when it describes an older run (a retry).
    await client.query(
      `insert into collector_reports (collector_id, vpn_name, started_at, finished_at, status, observed, received_at) values
        ($1, 'NordVPN', '2026-11-26T08:00:00Z', '2026-11-26T08:20:00Z', 'success', 312, '2026-11-26T08:20:01Z'),
        ($1, 'Surfshark', '2026-11-26T07:00:00Z', '2026-11-26T07:10:00Z', 'failed', 0, '2026-11-26T08:29:00Z'),
        ($2, 'NordVPN', '2026-11-24T07:00:00Z', '2026-11-24T07:10:00Z', 'success', 10, '2026-11-24T07:10:00Z')`,
      [ACTIVE_COLLECTOR, OTHER_COLLECTOR],
    );
    await client.query(`insert into vendors (name, origin_country) values ('Sources Test Networks', 'IS')`);
    await client.query(`
      insert into vpns (vendor_id, name, needs_review)
      select id, v.name, v.review from vendors, (values ('Fresh VPN', true), ('Other New VPN', true), ('Known VPN', false)) v(name, review)
      where vendors.name = 'Sources Test Networks'
    `);

    const { res, body } = await sources();
    expect(res.statusCode).toBe(200);
    expect(ingestStatusResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data.feeds).toEqual([
      {
        feed: 'tor',
        ranges: 2,
        lastRun: {
          startedAt: '2026-11-26T10:00:00.000Z',
          finishedAt: '2026-11-26T10:00:01.000Z',
          source: 'http://feeds.test/tor',
          parsed: 3,
          added: 0,
          removed: 0,
          unchanged: 0,
          keptPrevious: true,
          error: 'parsed 3 rows, less than half of the previous run (1200): kept the previous data',
        },
      },
      { feed: 'relay', lastRun: null, ranges: 0 },
      {
        feed: 'cloud',
        ranges: 1,
        lastRun: {
          startedAt: '2026-11-26T09:00:00.000Z',
          finishedAt: '2026-11-26T09:00:05.000Z',
          source: 'http://feeds.test/aws.json,http://feeds.test/gcp.json',
          parsed: 7,
          added: 2,
          removed: 1,
          unchanged: 4,
          keptPrevious: false,
          error: null,
        },
      },
    ]);
    // Active collectors first, by name; the revoked one last whatever its name.
    expect(body.data.collectors).toEqual([
      {
        id: OTHER_COLLECTOR,
        name: 'collector-ams-2',
        createdAt: '2026-11-21T00:00:00.000Z',
        revokedAt: null,
        lastUsedAt: null,
        lastReport: {
          vpn: 'NordVPN',
          status: 'success',
          startedAt: '2026-11-24T07:00:00.000Z',
          finishedAt: '2026-11-24T07:10:00.000Z',
          observed: 10,
          receivedAt: '2026-11-24T07:10:00.000Z',
        },
      },
      {
        id: ACTIVE_COLLECTOR,
        name: 'collector-fra-1',
        createdAt: '2026-11-20T00:00:00.000Z',
        revokedAt: null,
        lastUsedAt: '2026-11-26T08:30:00.000Z',
        lastReport: {
          vpn: 'Surfshark',
          status: 'failed',
          startedAt: '2026-11-26T07:00:00.000Z',
          finishedAt: '2026-11-26T07:10:00.000Z',
          observed: 0,
          receivedAt: '2026-11-26T08:29:00.000Z',
        },
      },
      {
        id: REVOKED_COLLECTOR,
        name: 'aaa-retired',
        createdAt: '2026-11-01T00:00:00.000Z',
        revokedAt: '2026-11-10T00:00:00.000Z',
        lastUsedAt: '2026-11-09T00:00:00.000Z',
        lastReport: null,
      },
    ]);
    expect(body.data.vpnsNeedingReview).toBe(2);
  });

  it('is read live: a new run shows on the next call', async () => {
    await client.query(`
      insert into feed_runs (feed, started_at, finished_at, source, parsed, added, removed, unchanged)
      values ('relay', '2026-11-26T11:00:00Z', '2026-11-26T11:00:03Z', 'http://feeds.test/egress.csv', 5, 5, 0, 0)
    `);
    const { body } = await sources();
    expect(body.data.feeds[1]).toMatchObject({
      feed: 'relay',
      lastRun: { source: 'http://feeds.test/egress.csv', added: 5, keptPrevious: false, error: null },
    });
  });

  it('is open to both roles and to nobody without a signed identity', async () => {
    expect((await sources(adminHeaders('view_only'))).res.statusCode).toBe(200);
    const anonymous = await get(app, SOURCES_PATH);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    const forged = await sources(adminHeaders('admin', 'not-the-gateway-secret-0123456789abcdef'));
    expect(forged.res.statusCode).toBe(401);
  });
});

describe('GET /vpn-db/sources while the IP database is unreachable', () => {
  let app: FastifyInstance;
  let prefix: string;

  beforeAll(async () => {
    const config = testConfig({ IPDB_URL: UNREACHABLE_IPDB_URL });
    prefix = config.REDIS_PREFIX;
    app = await buildTestApp(config);
  });

  afterAll(async () => {
    await app?.close();
    await dropRedisPrefix(prefix);
  });

  it('answers 200 with networkError and the reason, as every /vpn-db call does', async () => {
    const res = await get(app, SOURCES_PATH, adminHeaders('view_only'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      networkError: true,
      error: 'SERVICE_UNAVAILABLE',
      message: 'The IP database cannot be reached: the connection was refused.',
    });
  });
});
