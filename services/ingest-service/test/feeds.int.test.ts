import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@tunnelscope/service-kit';
import { sql } from 'kysely';
import { runFeed, type FeedConfig } from '../src/feeds/feed-runner.js';
import { createTestContext, dataVersion, type TestContext } from './helpers.js';

/** Serves `files[path]` (a status and a body) from a local server, like the real feed sites. */
let server: Server;
let base: string;
const files = new Map<string, { status: number; body: string }>();
let ctx: TestContext;
let cacheDir: string;

const fixture = (name: string) => readFile(join(import.meta.dirname, 'fixtures', name), 'utf8');

beforeAll(async () => {
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    res.writeHead(file?.status ?? 404, { 'content-type': 'text/plain' });
    res.end(file?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext('feeds');
  cacheDir = await mkdtemp(join(tmpdir(), 'ingest-feeds-'));
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

function feedConfig(overrides: Partial<FeedConfig> = {}): FeedConfig {
  return {
    FEED_TOR_URL: `${base}/tor`,
    FEED_RELAY_URL: `${base}/relay`,
    FEED_CLOUD_URLS: [`${base}/aws`, `${base}/google`, `${base}/oracle`],
    FEED_CACHE_DIR: cacheDir,
    FEED_FETCH_TIMEOUT_MS: 5000,
    FEED_MAX_BYTES: 1024 * 1024,
    ...overrides,
  };
}
const run = (feed: 'tor' | 'relay' | 'cloud', config = feedConfig()) =>
  runFeed({ db: ctx.db, config, clock: systemClock }, feed);

async function listed(feed: string) {
  const rows = await sql<{ network: string; provider: string | null; city: string | null }>`
    select network::text as network, provider, city from feed_ranges where feed = ${feed} order by network
  `.execute(ctx.db);
  return rows.rows;
}

describe('the Tor exit feed', () => {
  it('applies a download, logs the run, bumps the data version, and changes nothing when run again', async () => {
    files.set('/tor', { status: 200, body: await fixture('tor-exits.txt') });
    const before = await dataVersion(ctx);
    const first = await run('tor');
    expect(first).toMatchObject({
      feed: 'tor',
      parsed: 4,
      added: 4,
      removed: 0,
      unchanged: 0,
      keptPrevious: false,
    });
    expect(first.error).toMatch(/4 entries skipped/);
    expect((await listed('tor')).map((r) => r.network)).toEqual([
      '185.220.101.1/32',
      '185.220.101.2/32',
      '185.220.101.3/32',
      '2a0b:f4c2:2::1/128',
    ]);
    expect(await dataVersion(ctx)).toBe(before + 1);

    const again = await run('tor');
    expect(again).toMatchObject({ added: 0, removed: 0, unchanged: 4, keptPrevious: false });
    expect(await dataVersion(ctx)).toBe(before + 1);
    const log = await sql<{ n: number }>`select count(*)::int as n from feed_runs where feed = 'tor'`.execute(
      ctx.db,
    );
    expect(log.rows[0]!.n).toBe(2);
  });

  it('removes exits no longer listed and adds new ones', async () => {
    files.set('/tor', { status: 200, body: '185.220.101.1\n185.220.101.2\n185.220.101.3\n185.220.101.9\n' });
    const result = await run('tor');
    expect(result).toMatchObject({ added: 1, removed: 1, unchanged: 3 });
  });

  it('keeps the previous data when a download parses to less than half of the previous run', async () => {
    files.set('/tor', { status: 200, body: '185.220.101.1\n185.220' });
    const result = await run('tor');
    expect(result).toMatchObject({ keptPrevious: true, added: 0, removed: 0 });
    expect(result.error).toMatch(/less than half of the previous run's 4/);
    expect(await listed('tor')).toHaveLength(4);
  });

  it('keeps the previous data when the source fails, and says why', async () => {
    files.set('/tor', { status: 503, body: 'down' });
    const result = await run('tor');
    expect(result).toMatchObject({ keptPrevious: true });
    expect(result.error).toMatch(/HTTP 503/);
    expect(await listed('tor')).toHaveLength(4);
  });

  it('is off, and says so, when no source is configured', async () => {
    const result = await run('tor', feedConfig({ FEED_TOR_URL: undefined }));
    expect(result).toMatchObject({
      keptPrevious: true,
      error: 'the tor feed is off: no source URL is configured',
    });
  });
});

describe('the relay egress feed', () => {
  it('stores each range with the relay and its advertised location', async () => {
    files.set('/relay', { status: 200, body: await fixture('relay-egress.csv') });
    const result = await run('relay');
    expect(result).toMatchObject({ parsed: 4, added: 4, keptPrevious: false });
    expect(await listed('relay')).toContainEqual({
      network: '2a02:26f7:b3c0:4000::/64',
      provider: 'iCloud Private Relay',
      city: 'Berlin',
    });
  });
});

describe('the cloud ranges feed', () => {
  it("merges every provider file, names each provider, and falls back to a source's last good copy", async () => {
    files.set('/aws', { status: 200, body: await fixture('aws-ip-ranges.json') });
    files.set('/google', { status: 200, body: await fixture('google-cloud.json') });
    files.set('/oracle', { status: 200, body: await fixture('oracle-ranges.json') });
    const first = await run('cloud');
    expect(first).toMatchObject({ parsed: 7, added: 7, keptPrevious: false });
    const providers = new Set((await listed('cloud')).map((r) => r.provider));
    expect(providers).toEqual(new Set(['Amazon Web Services', 'Google Cloud', 'Oracle Cloud']));

    files.set('/google', { status: 200, body: await fixture('truncated-json.txt') });
    const second = await run('cloud');
    expect(second).toMatchObject({ keptPrevious: false, removed: 0 });
    expect(second.error).toMatch(/used the last good copy/);
    expect(await listed('cloud')).toHaveLength(7);
  });
});
