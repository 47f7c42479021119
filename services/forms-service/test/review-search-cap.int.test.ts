/**
 * The count cap of a search (SEARCH_COUNT_LIMIT): past it the total is the limit plus one and
 * flagged as a lower bound; up to it, and for an unsearched list, the total is exact. A searched
 * page that is not full tells the exact total by itself.
 */
import { CSV_EXPORT_LIMIT, SEARCH_COUNT_LIMIT } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import {
  countedByHand,
  createOperator,
  createReviewContext,
  listPage,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;
/** Rows of the first domain: exactly the limit. */
const A_ROWS = SEARCH_COUNT_LIMIT;
/** Rows of the second domain, all verified. */
const B_ROWS = 40;

beforeAll(async () => {
  ctx = await createReviewContext('review_search_cap');
  admin = await createOperator(ctx, 'admin');
  await sql`insert into waitlist_entries (email, is_verified, created_at)
    select 'bulk' || i || '@cap-a.example', false, timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(1, ${A_ROWS}) i`.execute(ctx.db);
  await sql`insert into waitlist_entries (email, is_verified, created_at)
    select 'bulk' || i || '@cap-b.example', true, timestamptz '2026-02-01' + i * interval '1 second'
    from generate_series(1, ${B_ROWS}) i`.execute(ctx.db);
  await sql`insert into waitlist_entries (email) values ('someone@elsewhere.example')`.execute(ctx.db);
  // The merged Logs: the visitors' side alone stays under the limit, both sides together pass it.
  await sql`insert into registration_logs (email, ip_address, action, created_at)
    select 'bulk' || i || '@cap-a.example', '192.0.2.' || (i % 200), 'otp_sent',
      timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(1, ${SEARCH_COUNT_LIMIT - 10}) i`.execute(ctx.db);
  await sql`insert into admin_logs (username, ip_address, action, success, created_at)
    select 'operator' || i, '192.0.2.' || (i % 200), 'login_success', true,
      timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(1, 20) i`.execute(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

const MATCHES = A_ROWS + B_ROWS;
const pagesOf = (total: number, limit: number) => Math.ceil(total / limit);

describe('GET /data/waitlist totals past the search count limit', () => {
  it('answers the limit plus one, flagged as a lower bound, when a search matches more rows', async () => {
    const page = await listPage(ctx, admin, 'waitlist', { search: '@cap-', limit: 100 });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 100,
      total: SEARCH_COUNT_LIMIT + 1,
      pages: pagesOf(SEARCH_COUNT_LIMIT + 1, 100),
      totalIsLowerBound: true,
    });
    expect(page.rows).toHaveLength(100);
  });

  it('counts exactly a search that matches the limit itself', async () => {
    const page = await listPage(ctx, admin, 'waitlist', { search: 'CAP-A.example', limit: 10 });
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: A_ROWS, pages: A_ROWS / 10 });
    expect(page.pagination.totalIsLowerBound).toBeUndefined();
  });

  it('counts exactly when the filter narrows a broad search under the limit', async () => {
    const page = await listPage(ctx, admin, 'waitlist', { search: '@cap-', verified: 'true', limit: 10 });
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: B_ROWS, pages: B_ROWS / 10 });
    const unverified = await listPage(ctx, admin, 'waitlist', {
      search: '@cap-',
      verified: 'false',
      limit: 10,
    });
    expect(unverified.pagination).toEqual({ page: 1, limit: 10, total: A_ROWS, pages: A_ROWS / 10 });
  });

  it('reports the exact count of the unsearched list of the same table', async () => {
    const byHand = await countedByHand(ctx, 'waitlist_entries');
    expect(byHand.total).toBe(MATCHES + 1);
    expect(byHand.total).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const page = await listPage(ctx, admin, 'waitlist', { limit: 100 });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 100,
      total: byHand.total,
      pages: pagesOf(byHand.total, 100),
    });
    const verified = await listPage(ctx, admin, 'waitlist', { verified: 'true' });
    expect(verified.pagination.total).toBe(byHand.verified);
  });

  it('serves the full pages past the bound, still flagged as a lower bound', async () => {
    // Match number SEARCH_COUNT_LIMIT + 1 is the first row of the second domain (oldest first).
    const lastPage = pagesOf(SEARCH_COUNT_LIMIT + 1, 25);
    const page = await listPage<{ email: string }>(ctx, admin, 'waitlist', {
      search: '@cap-',
      sort: 'createdAt',
      order: 'asc',
      page: lastPage,
    });
    expect(page.pagination).toEqual({
      page: lastPage,
      limit: 25,
      total: SEARCH_COUNT_LIMIT + 1,
      pages: lastPage,
      totalIsLowerBound: true,
    });
    const firstShown = (lastPage - 1) * 25 + 1 - A_ROWS;
    expect(page.rows.map((r) => r.email)).toEqual(
      Array.from({ length: 25 }, (_, i) => `bulk${firstShown + i}@cap-b.example`),
    );
  });

  it('tells the exact total on the partial last page, however many matches there are', async () => {
    const limit = 100;
    const last = pagesOf(MATCHES, limit);
    const page = await listPage<{ email: string }>(ctx, admin, 'waitlist', {
      search: '@cap-',
      limit,
      page: last,
    });
    expect(page.rows).toHaveLength(MATCHES - (last - 1) * limit);
    expect(page.pagination).toEqual({ page: last, limit, total: MATCHES, pages: last });
    // Past the end: no rows, and the counted bound again.
    const past = await listPage(ctx, admin, 'waitlist', { search: '@cap-', limit, page: last + 1 });
    expect(past.rows).toEqual([]);
    expect(past.pagination).toMatchObject({ total: SEARCH_COUNT_LIMIT + 1, totalIsLowerBound: true });
  });

  it('exports every match of a capped search in one call', async () => {
    expect(MATCHES).toBeLessThan(CSV_EXPORT_LIMIT);
    const page = await listPage<{ email: string }>(ctx, admin, 'waitlist', {
      search: '@cap-',
      limit: CSV_EXPORT_LIMIT,
      sort: 'createdAt',
      order: 'desc',
    });
    expect(page.rows).toHaveLength(MATCHES);
    expect(page.rows[0]!.email).toBe(`bulk${B_ROWS}@cap-b.example`);
    expect(page.rows[MATCHES - 1]!.email).toBe('bulk1@cap-a.example');
    expect(page.pagination).toEqual({ page: 1, limit: CSV_EXPORT_LIMIT, total: MATCHES, pages: 1 });
  });
});

describe('GET /data/logs totals past the search count limit', () => {
  const VISITOR_ROWS = SEARCH_COUNT_LIMIT - 10;

  it('caps a search matched on both sides together past the limit', async () => {
    const page = await listPage(ctx, admin, 'logs', { search: '192.0.2.', limit: 100 });
    expect(page.pagination).toEqual({
      page: 1,
      limit: 100,
      total: SEARCH_COUNT_LIMIT + 1,
      pages: pagesOf(SEARCH_COUNT_LIMIT + 1, 100),
      totalIsLowerBound: true,
    });
  });

  it('counts one side exactly when the action filter keeps it under the limit', async () => {
    const visitors = await listPage(ctx, admin, 'logs', {
      search: '192.0.2.',
      action: 'otp_sent',
      limit: 10,
    });
    expect(visitors.pagination).toEqual({
      page: 1,
      limit: 10,
      total: VISITOR_ROWS,
      pages: VISITOR_ROWS / 10,
    });
    const admins = await listPage(ctx, admin, 'logs', {
      search: '192.0.2.',
      action: 'admin_login',
      limit: 10,
    });
    expect(admins.pagination).toEqual({ page: 1, limit: 10, total: 20, pages: 2 });
  });

  it('reports the exact count of the unsearched list', async () => {
    const byHand = await sql<{ n: number }>`select
      (select count(*) from registration_logs)::int + (select count(*) from admin_logs)::int as n`.execute(
      ctx.db,
    );
    // The 20 sign-ins and the export audited above.
    expect(byHand.rows[0]!.n).toBe(VISITOR_ROWS + 21);
    const page = await listPage(ctx, admin, 'logs', { limit: 10 });
    expect(page.pagination.total).toBe(byHand.rows[0]!.n);
    expect(page.pagination.totalIsLowerBound).toBeUndefined();
  });
});
