/**
 * Paging of the review lists (page, limit, the pagination block), the export size and its audit
 * row, the calls without a signed identity, a view_only operator's reads, and odd query strings
 * that must answer 4xx or 200, never 5xx.
 */
import {
  ADMIN_MESSAGES,
  CSV_EXPORT_LIMIT,
  DEFAULT_TABLE_PAGE_SIZE,
  MAX_LIST_LIMIT,
  contactListResponseSchema,
  logListResponseSchema,
  overviewResponseSchema,
  vpnRequestListResponseSchema,
  waitlistListResponseSchema,
} from '@tunnelscope/contracts';
import { ADMIN_IDENTITY_HEADER, ADMIN_SIGNATURE_HEADER, gatewayHeadersFor } from '@tunnelscope/service-kit';
import { randomUUID } from 'node:crypto';
import {
  adminCall,
  auditRowsOf,
  compareBy,
  createOperator,
  createReviewContext,
  LIST_KEYS,
  listPage,
  seedAdminLogs,
  seedContacts,
  seedVisitorLogs,
  seedVpnRequests,
  seedWaitlist,
  type ListName,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;
let viewer: Operator;
const ROWS = 23;
/** Newest first, as the lists serve them by default. */
const expected: Record<'waitlist' | 'vpn-requests' | 'contacts', string[]> = {
  waitlist: [],
  'vpn-requests': [],
  contacts: [],
};
let visitorLogIds: number[];

const at = (i: number) => new Date(Date.parse('2026-05-01T12:00:00.000Z') + i * 1000);
const newestFirst = <T extends { id: string; created_at: Date }>(rows: T[]) =>
  [...rows]
    .sort(compareBy<T>((r) => r.created_at))
    .reverse()
    .map((r) => r.id);

beforeAll(async () => {
  ctx = await createReviewContext('review_paging');
  admin = await createOperator(ctx, 'admin');
  viewer = await createOperator(ctx, 'view_only');
  const indices = Array.from({ length: ROWS }, (_, i) => i);
  expected.waitlist = newestFirst(
    await seedWaitlist(
      ctx,
      indices.map((i) => ({ email: `w${i}@example.com`, is_verified: i % 3 === 0, created_at: at(i) })),
    ),
  );
  expected['vpn-requests'] = newestFirst(
    await seedVpnRequests(
      ctx,
      indices.map((i) => ({
        vpn_name: `vpn${i}`,
        user_email: `v${i}@example.com`,
        is_verified: i % 2 === 0,
        created_at: at(i),
      })),
    ),
  );
  expected.contacts = newestFirst(
    await seedContacts(
      ctx,
      indices.map((i) => ({ email: `c${i}@example.com`, is_verified: i % 4 === 0, created_at: at(i) })),
    ),
  );
  visitorLogIds = (
    await seedVisitorLogs(
      ctx,
      indices.slice(0, 15).map((i) => ({
        action: 'waitlist_attempt',
        email: `w${i}@example.com`,
        created_at: at(i),
      })),
    )
  ).map((r) => r.id);
  await seedAdminLogs(
    ctx,
    indices.slice(0, 8).map((i) => ({ action: 'login_success', username: 'someone', created_at: at(i) })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

const FORM_LISTS = ['waitlist', 'vpn-requests', 'contacts'] as const;
const EXPORT_ACTIONS = {
  waitlist: 'waitlist_export',
  'vpn-requests': 'vpn_requests_export',
  contacts: 'contacts_export',
  logs: 'logs_export',
} as const;
const ALL_LISTS: ListName[] = [...FORM_LISTS, 'logs'];

describe.each(FORM_LISTS)('GET /data/%s paging', (list) => {
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  it('answers the first page with page, limit, total and pages', async () => {
    const page = await listPage<{ id: string }>(ctx, admin, list, { page: 1, limit: 10 });
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: ROWS, pages: 3 });
    expect(ids(page.rows)).toEqual(expected[list].slice(0, 10));
  });

  it('answers a middle page and the partial last page', async () => {
    const second = await listPage<{ id: string }>(ctx, admin, list, { page: 2, limit: 10 });
    expect(ids(second.rows)).toEqual(expected[list].slice(10, 20));
    const last = await listPage<{ id: string }>(ctx, admin, list, { page: 3, limit: 10 });
    expect(last.pagination).toEqual({ page: 3, limit: 10, total: ROWS, pages: 3 });
    expect(ids(last.rows)).toEqual(expected[list].slice(20));
    expect(last.rows).toHaveLength(3);
  });

  it('answers no rows but the real total for a page past the end', async () => {
    for (const page of [4, 1000]) {
      const past = await listPage(ctx, admin, list, { page, limit: 10 });
      expect(past.rows).toEqual([]);
      expect(past.pagination).toEqual({ page, limit: 10, total: ROWS, pages: 3 });
    }
  });

  it('defaults to page 1 of the default page size', async () => {
    const page = await listPage<{ id: string }>(ctx, admin, list);
    expect(page.pagination).toEqual({
      page: 1,
      limit: DEFAULT_TABLE_PAGE_SIZE,
      total: ROWS,
      pages: Math.ceil(ROWS / DEFAULT_TABLE_PAGE_SIZE),
    });
    expect(ids(page.rows)).toEqual(expected[list].slice(0, DEFAULT_TABLE_PAGE_SIZE));
  });

  it('serves one row per page with limit 1', async () => {
    const page = await listPage<{ id: string }>(ctx, admin, list, { page: ROWS, limit: 1 });
    expect(page.pagination).toEqual({ page: ROWS, limit: 1, total: ROWS, pages: ROWS });
    expect(ids(page.rows)).toEqual([expected[list][ROWS - 1]]);
  });

  it('accepts limit 100 and writes no audit row for a plain page', async () => {
    const before = await auditRowsOf(ctx, admin.identity.adminId);
    const page = await listPage(ctx, admin, list, { limit: MAX_LIST_LIMIT });
    expect(page.pagination).toEqual({ page: 1, limit: 100, total: ROWS, pages: 1 });
    expect(page.rows).toHaveLength(ROWS);
    expect(await auditRowsOf(ctx, admin.identity.adminId)).toEqual(before);
  });

  it('refuses limit 101 (and anything between a page and an export) with the limit message', async () => {
    for (const limit of [101, 500, 9999, 10001]) {
      const res = await adminCall(ctx, admin, 'GET', `/data/${list}?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'VALIDATION_ERROR',
        message: ADMIN_MESSAGES.listLimit,
      });
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=', 'page'],
    ['page=1000001', 'page'],
    ['limit=0', 'limit'],
    ['limit=-10', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=', 'limit'],
  ])('refuses %s with 400', async (query, field) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/${list}?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(body.details.map((d: { path: string }) => d.path)).toContain(field);
  });
});

describe('GET /data/logs paging', () => {
  it('pages the merged list with the total of both sources', async () => {
    const total = 15 + 8;
    const first = await listPage<{ id: string }>(ctx, admin, 'logs', { page: 1, limit: 10 });
    expect(first.pagination).toEqual({ page: 1, limit: 10, total, pages: 3 });
    const last = await listPage<{ id: string }>(ctx, admin, 'logs', { page: 3, limit: 10 });
    expect(last.rows).toHaveLength(3);
    const past = await listPage(ctx, admin, 'logs', { page: 4, limit: 10 });
    expect(past.rows).toEqual([]);
    expect(past.pagination.total).toBe(total);
    const oldest = await listPage<{ id: string }>(ctx, admin, 'logs', { page: total, limit: 1 });
    // The oldest instant holds a visitor and an admin row; ties follow the shared log_seq (the
    // order of writing), and the visitor row was written first, so it is the oldest.
    expect(oldest.rows.map((r) => r.id)).toEqual([`visitor:${visitorLogIds[0]}`]);
    const second = await listPage<{ id: string }>(ctx, admin, 'logs', { page: total - 1, limit: 1 });
    expect(second.rows.map((r) => r.id)).toEqual([expect.stringMatching(/^admin:/)]);
  });

  it('refuses limit 101 with the limit message and page 0 with 400', async () => {
    const res = await adminCall(ctx, admin, 'GET', '/data/logs?limit=101');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MESSAGES.listLimit);
    expect((await adminCall(ctx, admin, 'GET', '/data/logs?page=0')).statusCode).toBe(400);
    expect((await adminCall(ctx, admin, 'GET', '/data/logs?limit=0')).statusCode).toBe(400);
    expect((await adminCall(ctx, admin, 'GET', '/data/logs?page=x')).statusCode).toBe(400);
  });
});

describe('exports (limit 10000)', () => {
  it.each(FORM_LISTS)(
    'GET /data/%s?limit=10000 answers every row and writes the export to admin_logs',
    async (list) => {
      const exporter = await createOperator(ctx, 'admin');
      const page = await listPage<{ id: string }>(ctx, exporter, list, { limit: CSV_EXPORT_LIMIT });
      expect(page.rows.map((r) => r.id)).toEqual(expected[list]);
      expect(page.pagination).toEqual({ page: 1, limit: CSV_EXPORT_LIMIT, total: ROWS, pages: 1 });

      const rows = await auditRowsOf(ctx, exporter.identity.adminId);
      expect(rows).toEqual([
        {
          action: EXPORT_ACTIONS[list],
          resource: list === 'vpn-requests' ? 'vpn_requests' : list,
          resource_id: null,
          success: true,
          details: {
            rows: ROWS,
            search: null,
            verified: 'all',
            sort: 'createdAt',
            order: 'desc',
            page: 1,
            requestId: expect.any(String),
          },
          ip_address: '203.0.113.7',
        },
      ]);
    },
  );

  it.each(FORM_LISTS)(
    'GET /data/%s export records the search, filter and sort it was asked with',
    async (list) => {
      const exporter = await createOperator(ctx, 'admin');
      const page = await listPage<{ isVerified: boolean }>(ctx, exporter, list, {
        limit: CSV_EXPORT_LIMIT,
        search: '1@EXAMPLE',
        verified: 'false',
        sort: 'createdAt',
        order: 'asc',
      });
      expect(page.rows.length).toBeGreaterThan(0);
      expect(page.rows.every((r) => !r.isVerified)).toBe(true);
      const [row] = await auditRowsOf(ctx, exporter.identity.adminId);
      expect(row!.details).toEqual({
        rows: page.rows.length,
        search: '1@EXAMPLE',
        verified: 'false',
        sort: 'createdAt',
        order: 'asc',
        page: 1,
        requestId: expect.any(String),
      });
    },
  );

  it('GET /data/logs?limit=10000 answers every row and writes logs_export with the action filter', async () => {
    const exporter = await createOperator(ctx, 'admin');
    const page = await listPage<{ id: string }>(ctx, exporter, 'logs', {
      limit: CSV_EXPORT_LIMIT,
      action: 'waitlist_attempt',
      search: 'w1',
    });
    // w1, w10 … w14 among the 15 visitor rows.
    expect(page.rows).toHaveLength(6);
    expect(page.pagination).toEqual({ page: 1, limit: CSV_EXPORT_LIMIT, total: 6, pages: 1 });
    const rows = await auditRowsOf(ctx, exporter.identity.adminId);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'logs_export',
        resource: 'logs',
        success: true,
        details: {
          rows: 6,
          search: 'w1',
          action: 'waitlist_attempt',
          result: 'all',
          type: 'all',
          from: null,
          to: null,
          order: 'desc',
          page: 1,
          requestId: expect.any(String),
        },
      }),
    ]);
  });

  it('is open to a view_only operator, and audited for them too', async () => {
    const reader = await createOperator(ctx, 'view_only');
    for (const list of ALL_LISTS) {
      const res = await adminCall(ctx, reader, 'GET', `/data/${list}?limit=${CSV_EXPORT_LIMIT}`);
      expect(res.statusCode).toBe(200);
    }
    const rows = await auditRowsOf(ctx, reader.identity.adminId);
    // One instant on the test clock: the rows' order among themselves is the ids'.
    expect(rows.map((r) => r.action).sort()).toEqual(ALL_LISTS.map((l) => EXPORT_ACTIONS[l]).sort());
    expect(rows.every((r) => r.success)).toBe(true);
  });

  it('takes limit=1e4 as the export size too', async () => {
    const exporter = await createOperator(ctx, 'admin');
    const page = await listPage(ctx, exporter, 'contacts', { limit: '1e4' });
    expect(page.pagination.limit).toBe(CSV_EXPORT_LIMIT);
    expect((await auditRowsOf(ctx, exporter.identity.adminId)).map((r) => r.action)).toEqual([
      'contacts_export',
    ]);
  });
});

describe('calls without a signed identity', () => {
  const someId = randomUUID();
  const routes: { method: 'GET' | 'PATCH' | 'DELETE'; url: string; payload?: unknown }[] = [
    { method: 'GET', url: '/dashboard/overview' },
    { method: 'GET', url: '/data/waitlist' },
    { method: 'GET', url: '/data/vpn-requests' },
    { method: 'GET', url: '/data/contacts' },
    { method: 'GET', url: '/data/logs' },
    { method: 'GET', url: `/data/waitlist?limit=${CSV_EXPORT_LIMIT}` },
    { method: 'PATCH', url: `/data/waitlist/${someId}`, payload: { status: 'Complete' } },
    { method: 'PATCH', url: `/data/vpn-requests/${someId}`, payload: { status: 'Complete' } },
    { method: 'PATCH', url: `/data/contacts/${someId}`, payload: { status: 'Complete' } },
    { method: 'DELETE', url: `/data/waitlist/${someId}` },
    { method: 'DELETE', url: `/data/vpn-requests/${someId}` },
    { method: 'DELETE', url: `/data/contacts/${someId}` },
    { method: 'DELETE', url: '/data/logs/visitor:1' },
    { method: 'DELETE', url: `/data/logs/admin:${someId}` },
  ];

  it.each(routes)('$method $url answers 401', async ({ method, url, payload }) => {
    const res = await adminCall(ctx, undefined, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: ADMIN_MESSAGES.authRequired });
  });

  it.each(routes)(
    '$method $url answers 401 to an identity signed with another secret',
    async ({ method, url, payload }) => {
      const call = { audience: 'forms' as const, method, url, identity: admin.identity };
      const forged = gatewayHeadersFor('not-the-shared-secret-at-all-0123456789', call);
      const res = await ctx.app.inject({
        method,
        url,
        headers: {
          ...gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, { ...call, identity: undefined }),
          [ADMIN_IDENTITY_HEADER]: forged[ADMIN_IDENTITY_HEADER]!,
          [ADMIN_SIGNATURE_HEADER]: forged[ADMIN_SIGNATURE_HEADER]!,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      expect(res.statusCode).toBe(401);
    },
  );

  it('answers 401 to an identity signed too long ago', async () => {
    const stale = gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
      audience: 'forms',
      method: 'GET',
      url: '/data/waitlist',
      identity: admin.identity,
      nowSeconds: Math.floor(Date.now() / 1000) - 3600,
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/data/waitlist', headers: stale });
    expect(res.statusCode).toBe(401);
  });

  it('leaves the rows in place after the refused writes', async () => {
    expect((await listPage(ctx, admin, 'logs', { action: 'waitlist_attempt' })).pagination.total).toBe(15);
    for (const list of FORM_LISTS) expect((await listPage(ctx, admin, list)).pagination.total).toBe(ROWS);
  });
});

describe('answers and the contract', () => {
  const schemas = {
    waitlist: waitlistListResponseSchema,
    'vpn-requests': vpnRequestListResponseSchema,
    contacts: contactListResponseSchema,
    logs: logListResponseSchema,
  } as const;

  it.each(ALL_LISTS)('GET /data/%s answers what the contract describes, strictly', async (list) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/${list}?limit=100`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const parsed = schemas[list].parse(body);
    // Nothing beyond the contract (no code hashes, no internal columns).
    expect(parsed).toEqual(body);
  });

  it('GET /dashboard/overview answers what the contract describes, strictly', async () => {
    const body = (await adminCall(ctx, admin, 'GET', '/dashboard/overview')).json();
    expect(overviewResponseSchema.parse(body)).toEqual(body);
  });
});

describe('a view_only operator', () => {
  it.each(ALL_LISTS)('reads GET /data/%s', async (list) => {
    const page = await listPage(ctx, viewer, list, { limit: 5, page: 2 });
    expect(page.rows).toHaveLength(5);
  });

  it('reads GET /dashboard/overview', async () => {
    const res = await adminCall(ctx, viewer, 'GET', '/dashboard/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        stats: {
          waitlist: { total: ROWS, verified: 8 },
          vpnRequests: { total: ROWS, verified: 12 },
          contacts: { total: ROWS, verified: 6 },
        },
      },
    });
  });
});

describe('odd query strings', () => {
  const longSearch = 'a'.repeat(201);
  const queries = [
    `search=${longSearch}`,
    `search=${'%25'.repeat(201)}`,
    'search=%00',
    'search=a%00b',
    'search=%00%00%00',
    `search=${encodeURIComponent('💥 ünïcödé 漢字')}`,
    'search=%ED%A0%80',
    'search=%E0%A4%A',
    'search=%',
    'search=%25%25',
    'search=%5C',
    "search=' or 1=1 --",
    'page=1e3',
    'page=1000000&limit=10000',
    'page=1000000&limit=100',
    'page=999999&limit=10000&search=w',
    'page=0x10',
    'page=99999999999999999999',
    'page=Infinity',
    'page=NaN',
    'limit=1e2',
    'limit=100.0',
    'verified=true&verified=false',
    'sort=createdAt&sort=email',
    'order=asc&order=desc',
    'page=1&page=2',
    'search=a&search=b',
    'search[]=a',
    'search[x]=a',
    '__proto__=x',
    'constructor=x',
    `${'x'.repeat(2000)}=1`,
    'action=all&verified=all',
  ];

  it.each(ALL_LISTS.flatMap((list) => queries.map((q) => [list, q] as const)))(
    'GET /data/%s?%s answers 200 or 4xx, never 5xx',
    async (list, query) => {
      const res = await adminCall(ctx, admin, 'GET', `/data/${list}?${query}`);
      expect(res.statusCode).toBeLessThan(500);
      expect([200, 400]).toContain(res.statusCode);
      expect(res.json().success).toBe(res.statusCode === 200);
    },
  );

  it('refuses a search longer than 200 characters with 400 and takes 200 of them', async () => {
    const res = await adminCall(ctx, admin, 'GET', `/data/waitlist?search=${longSearch}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('search must not exceed 200 characters');
    expect((await adminCall(ctx, admin, 'GET', `/data/waitlist?search=${'a'.repeat(200)}`)).statusCode).toBe(
      200,
    );
  });

  it('searches with the NUL characters removed', async () => {
    const page = await listPage<{ email: string }>(ctx, admin, 'waitlist', { search: 'w1\u00002@' });
    expect(page.rows.map((r) => r.email)).toEqual(['w12@example.com']);
  });

  it.each(ALL_LISTS)(
    'GET /data/%s answers an empty deepest page of exports, with the total',
    async (list) => {
      const res = await adminCall(ctx, viewer, 'GET', `/data/${list}?page=1000000&limit=${CSV_EXPORT_LIMIT}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data[LIST_KEYS[list]]).toEqual([]);
      expect(data.pagination).toMatchObject({ page: 1000000, limit: CSV_EXPORT_LIMIT, pages: 1 });
    },
  );

  it('takes page=1e3 as page 1000', async () => {
    const res = await adminCall(ctx, admin, 'GET', '/data/waitlist?page=1e3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      entries: [],
      pagination: { page: 1000, limit: 25, total: ROWS, pages: 1 },
    });
  });

  it('refuses repeated filter, sort and paging keys with 400', async () => {
    for (const query of ['verified=true&verified=false', 'sort=createdAt&sort=email', 'page=1&page=2']) {
      expect((await adminCall(ctx, admin, 'GET', `/data/waitlist?${query}`)).statusCode).toBe(400);
    }
    expect((await adminCall(ctx, admin, 'GET', '/data/logs?action=otp_sent&action=all')).statusCode).toBe(
      400,
    );
  });

  it('keeps an export with a NUL in its search audited', async () => {
    const exporter = await createOperator(ctx, 'admin');
    const res = await adminCall(ctx, exporter, 'GET', `/data/logs?limit=${CSV_EXPORT_LIMIT}&search=w%001`);
    expect(res.statusCode).toBe(200);
    const rows = await auditRowsOf(ctx, exporter.identity.adminId);
    expect(rows).toEqual([expect.objectContaining({ action: 'logs_export' })]);
    expect(rows[0]!.details).toMatchObject({ search: 'w1', rows: res.json().data.logs.length });
  });
});
