import { COLLECTOR_TOKEN_PATTERN, INGEST_API } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import { COLLECTOR_CACHE_MS } from '../src/collectors/collector-auth.js';
import { collectorTokens } from '../src/collectors/collector-token.js';
import { revokeCollector } from '../src/collectors/collector-repository.js';
import { addTarget } from '../src/targets/targets.js';
import { call, createTestContext, newCollectorToken, seedVpn, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('collector_api', { env: { INGEST_RATE_LIMIT_PER_MIN: '5' } });
});
afterAll(async () => {
  await ctx?.close();
});

const targets = (token?: string) =>
  call(ctx, { method: 'GET', url: INGEST_API.targets.path, ...(token ? { token } : {}) });

describe('collector tokens', () => {
  it('are ts_col_ + 38 base62 characters, stored only as their SHA-256', async () => {
    const token = await newCollectorToken(ctx, 'hash-check');
    expect(token).toMatch(COLLECTOR_TOKEN_PATTERN);
    const rows = await sql<{
      token_hash: Buffer;
    }>`select token_hash from collectors where name = 'hash-check'`.execute(ctx.db);
    expect(rows.rows).toHaveLength(1);
    expect(Buffer.compare(rows.rows[0]!.token_hash, collectorTokens.hash(token))).toBe(0);
    expect(JSON.stringify(rows.rows)).not.toContain(token.slice(7, 20));
  });

  it.each([
    ['no Authorization header', undefined, {}, 'missing_token'],
    ['a malformed token', 'ts_col_short', {}, 'invalid_token'],
    ['a token with a wrong checksum', `ts_col_${'a'.repeat(38)}`, {}, 'invalid_token'],
    ['an unknown well-formed token', collectorTokens.generate(), {}, 'invalid_token'],
  ])('refuse %s with 401 and a problem', async (_what, token, _headers, code) => {
    const res = await targets(token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 401,
      code,
      title: expect.any(String),
      detail: expect.any(String),
    });
  });

  it('refuse a revoked token once the short cache has passed', async () => {
    const token = await newCollectorToken(ctx, 'to-revoke');
    expect((await targets(token)).statusCode).toBe(200);
    const row = await sql<{ id: string }>`select id from collectors where name = 'to-revoke'`.execute(ctx.db);
    await revokeCollector(ctx.db, row.rows[0]!.id, ctx.clock.now());
    ctx.clock.advance(COLLECTOR_CACHE_MS + 1);
    const res = await targets(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('revoked_token');
  });

  it('are rate-limited per token with 429 rate_limited and Retry-After', async () => {
    const token = await newCollectorToken(ctx, 'busy');
    for (let i = 0; i < 5; i++) expect((await targets(token)).statusCode).toBe(200);
    const res = await targets(token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another collector (same address) is not affected.
    expect((await targets(await newCollectorToken(ctx, 'other'))).statusCode).toBe(200);
  });
});

describe('POST /ingest/v1/runs', () => {
  it('sets the VPN last_run, status and last_updated, records a retried report once, and never moves back', async () => {
    const token = await newCollectorToken(ctx, 'runner');
    await seedVpn(ctx, 'Run VPN', 'Run Vendor');
    const report = {
      vpn: 'run vpn',
      startedAt: '2026-11-24T10:00:00Z',
      finishedAt: '2026-11-24T10:30:00Z',
      status: 'success',
      observed: 120,
    };
    const first = await call(ctx, { method: 'POST', url: INGEST_API.runs.path, token, body: report });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      vpn: 'Run VPN',
      status: 'success',
      lastRun: '2026-11-24T10:30:00.000Z',
      recorded: true,
    });
    const retry = await call(ctx, { method: 'POST', url: INGEST_API.runs.path, token, body: report });
    expect(retry.json().recorded).toBe(false);
    const older = await call(ctx, {
      method: 'POST',
      url: INGEST_API.runs.path,
      token,
      body: {
        ...report,
        startedAt: '2026-11-23T10:00:00Z',
        finishedAt: '2026-11-23T10:30:00Z',
        status: 'failed',
      },
    });
    expect(older.json()).toMatchObject({
      status: 'success',
      lastRun: '2026-11-24T10:30:00.000Z',
      recorded: true,
    });
    const vpn = await sql<{ status: string; last_updated: Date; last_run: Date }>`
      select status, last_updated, last_run from vpns where name = 'Run VPN'
    `.execute(ctx.db);
    expect(vpn.rows[0]).toMatchObject({ status: 'success' });
    expect(vpn.rows[0]!.last_updated.toISOString()).toBe('2026-11-24T10:30:00.000Z');
    const reports = await sql`select 1 from collector_reports where vpn_name = 'Run VPN'`.execute(ctx.db);
    expect(reports.rows).toHaveLength(2);
  });

  it('answers 404 unknown_vpn for a VPN the database does not know, and 400 for a run that ends before it starts', async () => {
    const token = await newCollectorToken(ctx, 'runner-2');
    const unknown = await call(ctx, {
      method: 'POST',
      url: INGEST_API.runs.path,
      token,
      body: {
        vpn: 'Nobody VPN',
        startedAt: '2026-11-24T10:00:00Z',
        finishedAt: '2026-11-24T10:30:00Z',
        status: 'failed',
        observed: 0,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_vpn');
    await seedVpn(ctx, 'Backwards VPN', 'Backwards Vendor');
    const backwards = await call(ctx, {
      method: 'POST',
      url: INGEST_API.runs.path,
      token,
      body: {
        vpn: 'Backwards VPN',
        startedAt: '2026-11-24T10:30:00Z',
        finishedAt: '2026-11-24T10:00:00Z',
        status: 'failed',
        observed: 0,
      },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('invalid_body');
  });
});

describe('GET /ingest/v1/targets', () => {
  it('lists automated VPNs and requested ones, known or not yet known', async () => {
    const token = await newCollectorToken(ctx, 'reader');
    await seedVpn(ctx, 'Target VPN', 'Target Vendor');
    await addTarget(ctx.db, {
      vpnName: 'Requested VPN',
      reason: 'vpn_request',
      requestNumber: 'VPN-20261124-ABC234',
    });
    const res = await targets(token);
    expect(res.statusCode).toBe(200);
    const list = res.json().targets as { vpn: string; reason: string; vendor: string | null }[];
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vpn: 'Target VPN', vendor: 'Target Vendor', reason: 'automation' }),
        expect.objectContaining({ vpn: 'Requested VPN', vendor: null, reason: 'vpn_request' }),
      ]),
    );
  });
});
