/**
 * The merged Logs list: the visitors' registration_logs and the operators' admin_logs in one
 * time order, with ids naming the source, the action filter (admin_login = both sign-in outcomes),
 * the search on e-mail/username and address, and deletion (visitor rows only).
 */
import {
  ADMIN_MESSAGES,
  LOG_ACTION_FILTERS,
  LOG_ACTION_FILTER_MATCHES,
  REVIEW_MESSAGES,
  type LogRow,
} from '@tunnelscope/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  adminCall,
  auditRowsOf,
  createOperator,
  createReviewContext,
  listPage,
  readAllPages,
  seedAdminLogs,
  seedVisitorLogs,
  seededRandom,
  type AdminLogSeed,
  type Operator,
  type VisitorLogSeed,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;
let viewer: Operator;
let visitors: VisitorLogSeed[];
let admins: AdminLogSeed[];

const random = seededRandom(42);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const BASE = Date.parse('2025-06-01T09:00:00.000Z');
/** Few instants for many rows: visitor and admin rows often share one. */
const someInstant = () => new Date(BASE + Math.floor(random() * 12) * 1000);

const VISITOR_ACTIONS = [
  'waitlist_attempt',
  'otp_sent',
  'otp_verified',
  'vpn_request_attempt',
  'contact_form',
];
const ADMIN_ACTIONS = [
  'login_success',
  'login_failed',
  'logout',
  'session_disconnect',
  'active_sessions_view',
];

/** A row of the model the expectations are computed from. */
interface Expected {
  row: LogRow;
  /** Sort keys as the server orders: time, then `log_seq` (one sequence both tables share). */
  time: number;
  seq: number;
}

/** `log_seq` of every row, by the list's id. */
const seqs = new Map<string, number>();
async function loadSeqs(): Promise<void> {
  const v = await sql<{ id: number; log_seq: string }>`select id, log_seq from registration_logs`.execute(
    ctx.db,
  );
  for (const r of v.rows) seqs.set(`visitor:${r.id}`, Number(r.log_seq));
  const a = await sql<{ id: string; log_seq: string }>`select id, log_seq from admin_logs`.execute(ctx.db);
  for (const r of a.rows) seqs.set(`admin:${r.id}`, Number(r.log_seq));
}
const seqOf = (id: string) => seqs.get(id) ?? Number.NaN;

function expectedRows(): Expected[] {
  const v = visitors.map<Expected>((r) => ({
    time: r.created_at.getTime(),
    seq: seqOf(`visitor:${r.id}`),
    row: {
      id: `visitor:${r.id}`,
      type: 'visitor',
      email: r.email,
      action: r.action,
      success: r.success,
      ipAddress: r.ip_address,
      errorMessage: r.error_message,
      resource: null,
      resourceId: null,
      details: r.additional_data,
      createdAt: r.created_at.toISOString(),
    },
  }));
  const a = admins.map<Expected>((r) => {
    const d = r.details ?? {};
    const error = typeof d.error === 'string' ? d.error : typeof d.reason === 'string' ? d.reason : undefined;
    const message = typeof d.message === 'string' ? d.message : undefined;
    return {
      time: r.created_at.getTime(),
      seq: seqOf(`admin:${r.id}`),
      row: {
        id: `admin:${r.id}`,
        type: 'admin',
        email: r.username,
        action: r.action,
        success: r.success,
        ipAddress: r.ip_address,
        errorMessage:
          r.success || (error === undefined && message === undefined)
            ? null
            : { ...(error === undefined ? {} : { error }), ...(message === undefined ? {} : { message }) },
        resource: r.resource,
        resourceId: r.resource_id,
        details: r.details,
        createdAt: r.created_at.toISOString(),
      },
    };
  });
  return [...v, ...a];
}

/** Oldest first by (time, log_seq); newest first is the reverse. */
function ordered(rows: Expected[], order: 'asc' | 'desc'): LogRow[] {
  const asc = [...rows].sort((x, y) => x.time - y.time || x.seq - y.seq);
  if (order === 'desc') asc.reverse();
  return asc.map((e) => e.row);
}

beforeAll(async () => {
  ctx = await createReviewContext('review_logs');
  admin = await createOperator(ctx, 'admin');
  viewer = await createOperator(ctx, 'view_only');
  visitors = await seedVisitorLogs(ctx, [
    ...Array.from({ length: 26 }, (_, i) => {
      const success = random() < 0.7;
      return {
        action: pick(VISITOR_ACTIONS),
        email: pick([`visitor${i}@example.com`, `Mixed.Case${i}@Example.ORG`, null]),
        ip_address: pick(['198.51.100.7', '203.0.113.25', '2001:db8::1', null]),
        success,
        error_message: success ? null : pick(['Invalid verification code', 'Too many attempts']),
        additional_data: pick([null, { form: 'waitlist' }, { vpnName: 'Turbo VPN' }]),
        created_at: someInstant(),
      };
    }),
    // Matches of the literal-wildcard searches below.
    { action: 'waitlist_attempt', email: 'per%cent@example.com', created_at: someInstant() },
    { action: 'waitlist_attempt', email: 'perXcent@example.com', created_at: someInstant() },
    { action: 'otp_sent', email: 'under_score@example.com', created_at: someInstant() },
    { action: 'otp_sent', email: 'underXscore@example.com', created_at: someInstant() },
    { action: 'security_event', email: 'visitor-other@example.com', created_at: someInstant() },
    // Every stored visitor action has a row for its filter (issue 16).
    { action: 'otp_failed', email: 'visitor-wrong@example.com', success: false, created_at: someInstant() },
    { action: 'rate_limited', email: 'visitor-fast@example.com', success: false, created_at: someInstant() },
  ]);
  admins = await seedAdminLogs(ctx, [
    ...Array.from({ length: 20 }, () => {
      const action = pick(ADMIN_ACTIONS);
      const failed = action === 'login_failed';
      return {
        action,
        username: pick(['root_admin', 'Night_Owl', 'auditor']),
        ip_address: pick(['198.51.100.7', '192.0.2.44']),
        success: !failed,
        resource: 'admin_session',
        resource_id: randomUUID(),
        details: failed ? { reason: 'invalid_credentials' } : { remember: random() < 0.5 },
        created_at: someInstant(),
      };
    }),
    // Every filter of the Logs tab needs a row to find (issue 13 added these two).
    { action: 'admin_user_unlock', username: 'root_admin', success: true, created_at: someInstant() },
    { action: 'admin_user_reset_2fa', username: 'root_admin', success: true, created_at: someInstant() },
    {
      action: 'session_disconnect',
      username: 'root_admin',
      success: false,
      details: { message: 'Session not found' },
      created_at: someInstant(),
    },
    {
      action: 'active_sessions_view',
      username: 'auditor',
      success: false,
      details: { error: 'boom', message: 'it broke' },
      created_at: someInstant(),
    },
    {
      action: 'logout',
      username: 'auditor',
      success: false,
      details: { code: 7 },
      created_at: someInstant(),
    },
    { action: 'login_failed', username: null, success: false, details: null, created_at: someInstant() },
    { action: 'permission_denied', username: 'auditor', success: false, created_at: someInstant() },
    // Every other stored admin action has a row for its own filter value (issue 16).
    ...LOG_ACTION_FILTERS.map((f) => LOG_ACTION_FILTER_MATCHES[f])
      .filter((m) => m.type === 'admin' && m.actions.length === 1)
      .map((m) => m.actions[0]!)
      .filter(
        (action) =>
          ![...ADMIN_ACTIONS, 'admin_user_unlock', 'admin_user_reset_2fa', 'permission_denied'].includes(
            action,
          ),
      )
      .map((action) => ({ action, username: 'root_admin', success: true, created_at: someInstant() })),
    { action: 'login_2fa_required', username: 'Night_Owl', success: true, created_at: someInstant() },
  ]);
  await loadSeqs();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /data/logs merge', () => {
  it('is seeded with ties of every kind, or the merge tests prove little', () => {
    const rows = expectedRows();
    expect(rows.filter((r) => r.row.type === 'visitor')).toHaveLength(visitors.length);
    expect(rows.filter((r) => r.row.type === 'admin')).toHaveLength(admins.length);
    expect(rows.every((r) => Number.isFinite(r.seq))).toBe(true);
    const instants = new Map<number, { visitor: number; admin: number }>();
    for (const r of rows) {
      const n = instants.get(r.time) ?? { visitor: 0, admin: 0 };
      if (r.row.type === 'visitor') n.visitor++;
      else n.admin++;
      instants.set(r.time, n);
    }
    const counts = [...instants.values()];
    expect(counts.some((n) => n.visitor >= 2 && n.admin >= 2)).toBe(true);
  });

  it.each(['desc', 'asc'] as const)(
    'interleaves visitor and admin rows in one %s time order, with every field',
    async (order) => {
      const page = await listPage<LogRow>(ctx, admin, 'logs', { order, limit: 100 });
      const expected = ordered(expectedRows(), order);
      expect(page.pagination).toEqual({ page: 1, limit: 100, total: expected.length, pages: 1 });
      expect(page.rows).toEqual(expected);
      // Both sources are really interleaved, not one after the other.
      const types = page.rows.map((r) => r.type).join(',');
      expect(types).toMatch(/visitor,admin.*visitor/);
    },
  );

  it('sorts by createdAt desc when asked explicitly, as by default', async () => {
    const explicit = await listPage<LogRow>(ctx, admin, 'logs', {
      sort: 'createdAt',
      order: 'desc',
      limit: 100,
    });
    const plain = await listPage<LogRow>(ctx, admin, 'logs', { limit: 100 });
    expect(plain.rows).toEqual(explicit.rows);
    expect(plain.rows.map((r) => r.id)).toEqual(ordered(expectedRows(), 'desc').map((r) => r.id));
  });

  it('names each row by its source', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { limit: 100 });
    for (const row of page.rows) {
      if (row.type === 'visitor') expect(row.id).toMatch(/^visitor:[1-9]\d*$/);
      else expect(row.id).toMatch(/^admin:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(new Set(page.rows.map((r) => r.id)).size).toBe(page.rows.length);
  });

  it('gives admin rows the username as email and an error object only on failures', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { limit: 100 });
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    const first = admins.findIndex((r) => r.details?.message === 'Session not found');
    const of = (i: number) => byId.get(`admin:${admins[first + i]!.id}`)!;
    expect(of(0)).toMatchObject({ email: 'root_admin', errorMessage: { message: 'Session not found' } });
    expect(of(1).errorMessage).toEqual({ error: 'boom', message: 'it broke' });
    expect(of(2).errorMessage).toBeNull();
    expect(of(3)).toMatchObject({ email: null, errorMessage: null, details: null });
    const failedLogin = page.rows.find((r) => r.action === 'login_failed' && r.email !== null)!;
    expect(failedLogin.errorMessage).toEqual({ error: 'invalid_credentials' });
    for (const row of page.rows.filter((r) => r.type === 'admin' && r.success))
      expect(row.errorMessage).toBeNull();
    for (const row of page.rows.filter((r) => r.type === 'visitor'))
      expect(row.errorMessage === null || typeof row.errorMessage === 'string').toBe(true);
  });

  it.each(['desc', 'asc'] as const)(
    'pages of 7 in %s order add up to the full list, without duplicates or gaps',
    async (order) => {
      const full = await listPage<LogRow>(ctx, admin, 'logs', { order, limit: 100 });
      const paged = await readAllPages<LogRow>(ctx, admin, 'logs', { order }, 7);
      expect(paged.map((r) => r.id)).toEqual(full.rows.map((r) => r.id));
      expect(new Set(paged.map((r) => r.id)).size).toBe(full.pagination.total);
    },
  );

  it('keeps deep pages consistent under an action filter that merges two stored actions', async () => {
    const expected = ordered(
      expectedRows().filter(
        (e) =>
          e.row.type === 'admin' &&
          ['login_success', 'login_failed', 'login_2fa_required'].includes(e.row.action),
      ),
      'asc',
    );
    expect(expected.length).toBeGreaterThanOrEqual(6);
    const paged = await readAllPages<LogRow>(ctx, admin, 'logs', { action: 'admin_login', order: 'asc' }, 2);
    expect(paged).toEqual(expected);
  });

  it('serves a single deep row equal to the full list at that position', async () => {
    const full = (await listPage<LogRow>(ctx, admin, 'logs', { limit: 100 })).rows;
    for (const position of [1, 17, 33, full.length]) {
      const one = await listPage<LogRow>(ctx, admin, 'logs', { limit: 1, page: position });
      expect(one.rows).toEqual([full[position - 1]]);
    }
  });
});

describe('GET /data/logs action filter', () => {
  it.each(LOG_ACTION_FILTERS.map((f) => [f]))(
    'action=%s lists the rows it stands for, counted',
    async (filter) => {
      const match = LOG_ACTION_FILTER_MATCHES[filter];
      const expected = ordered(
        expectedRows().filter((e) => e.row.type === match.type && match.actions.includes(e.row.action)),
        'desc',
      );
      expect(expected.length).toBeGreaterThan(0);
      const page = await listPage<LogRow>(ctx, admin, 'logs', { action: filter, limit: 100 });
      expect(page.rows).toEqual(expected);
      expect(page.pagination.total).toBe(expected.length);
    },
  );

  it('action=admin_login matches both sign-in outcomes', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { action: 'admin_login', limit: 100 });
    expect(new Set(page.rows.map((r) => r.action))).toEqual(
      new Set(['login_success', 'login_failed', 'login_2fa_required']),
    );
  });

  it('action=admin_logout matches the stored logout, admin rows only', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { action: 'admin_logout', limit: 100 });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.action === 'logout' && r.type === 'admin')).toBe(true);
  });

  it('a visitor action lists visitor rows only, even when an admin row holds the same action', async () => {
    const [twin] = await seedAdminLogs(ctx, [
      { action: 'otp_sent', username: 'odd', created_at: someInstant() },
    ]);
    try {
      const page = await listPage<LogRow>(ctx, admin, 'logs', { action: 'otp_sent', limit: 100 });
      expect(page.rows.every((r) => r.type === 'visitor')).toBe(true);
      expect(page.pagination.total).toBe(visitors.filter((v) => v.action === 'otp_sent').length);
    } finally {
      await sql`delete from admin_logs where id = ${twin!.id}`.execute(ctx.db);
    }
  });

  it('action=all lists everything, actions outside the filter included', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { action: 'all', limit: 100 });
    expect(page.pagination.total).toBe(visitors.length + admins.length);
    expect(page.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['security_event', 'permission_denied']),
    );
  });

  it.each(['logout', 'ADMIN_LOGIN', 'x'])('refuses action=%s with 400', async (value) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/logs?action=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });
});

describe('GET /data/logs search', () => {
  const matching = (term: string, pool = expectedRows()) =>
    ordered(
      pool.filter((e) =>
        [e.row.email, e.row.ipAddress].some(
          (v) => v !== null && v.toLowerCase().includes(term.toLowerCase()),
        ),
      ),
      'desc',
    );

  it('matches a visitor e-mail substring, whatever its case', async () => {
    const expected = matching('mixed.case');
    expect(expected.length).toBeGreaterThan(0);
    const page = await listPage<LogRow>(ctx, admin, 'logs', { search: 'MIXED.CASE', limit: 100 });
    expect(page.rows).toEqual(expected);
    expect(page.pagination.total).toBe(expected.length);
  });

  it('matches an admin username, whatever its case', async () => {
    const expected = matching('night_owl');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((r) => r.type === 'admin')).toBe(true);
    const page = await listPage<LogRow>(ctx, admin, 'logs', { search: 'NIGHT_OWL', limit: 100 });
    expect(page.rows).toEqual(expected);
  });

  it('matches an address on both sides', async () => {
    const expected = matching('198.51.100.7');
    expect(new Set(expected.map((r) => r.type))).toEqual(new Set(['visitor', 'admin']));
    const page = await listPage<LogRow>(ctx, admin, 'logs', { search: '198.51.100.7', limit: 100 });
    expect(page.rows).toEqual(expected);
    expect(page.pagination.total).toBe(expected.length);
    const v6 = await listPage<LogRow>(ctx, admin, 'logs', { search: 'DB8::', limit: 100 });
    expect(v6.rows).toEqual(matching('db8::'));
  });

  it('does not search the action, the error text or the details', async () => {
    for (const search of [
      'otp_sent',
      'Invalid verification',
      'Turbo VPN',
      'invalid_credentials',
      'admin_session',
    ]) {
      const page = await listPage(ctx, admin, 'logs', { search, limit: 100 });
      expect(page.pagination.total).toBe(0);
    }
  });

  it('takes % and _ literally', async () => {
    const percent = await listPage<LogRow>(ctx, admin, 'logs', { search: 'per%c', limit: 100 });
    expect(percent.rows.map((r) => r.email)).toEqual(['per%cent@example.com']);
    const underscore = await listPage<LogRow>(ctx, admin, 'logs', { search: 'r_s', limit: 100 });
    expect(underscore.rows.map((r) => r.email)).toEqual(['under_score@example.com']);
    // "_" alone: the underscored e-mail and the usernames with one.
    const anyUnderscore = await listPage<LogRow>(ctx, admin, 'logs', { search: '_', limit: 100 });
    expect(anyUnderscore.rows).toEqual(matching('_'));
  });

  it('tells the same total on a full page, a partial page and a page past the end', async () => {
    const matches = matching('198.51.100.7').length;
    expect(matches).toBeGreaterThan(4);
    for (const [limit, page] of [
      [matches, 1],
      [matches - 1, 2],
      [matches, 2],
      [3, 40],
    ] as const) {
      const served = await listPage(ctx, admin, 'logs', { search: '198.51.100.7', limit, page });
      expect(served.pagination).toEqual({ page, limit, total: matches, pages: Math.ceil(matches / limit) });
    }
  });

  it('combines the search with the action filter, the order and the paging', async () => {
    const pool = expectedRows().filter((e) => e.row.type === 'admin' && e.row.action === 'logout');
    const expected = [...matching('auditor', pool)].reverse();
    expect(expected.length).toBeGreaterThan(0);
    const paged = await readAllPages<LogRow>(
      ctx,
      admin,
      'logs',
      { search: 'auditor', action: 'admin_logout', order: 'asc' },
      2,
    );
    expect(paged).toEqual(expected);
    const first = await listPage(ctx, admin, 'logs', {
      search: 'auditor',
      action: 'admin_logout',
      limit: 2,
    });
    expect(first.pagination).toEqual({
      page: 1,
      limit: 2,
      total: expected.length,
      pages: Math.ceil(expected.length / 2),
    });
  });
});

describe('GET /data/logs triage filters (issue 16)', () => {
  const at = (seconds: number) => new Date(BASE + seconds * 1000).toISOString();
  const expect4 = (keep: (e: Expected) => boolean, order: 'asc' | 'desc' = 'desc') =>
    ordered(expectedRows().filter(keep), order);

  it('result=failed lists failed rows of both sides only, counted', async () => {
    const expected = expect4((e) => !e.row.success);
    expect(new Set(expected.map((r) => r.type))).toEqual(new Set(['admin', 'visitor']));
    const page = await listPage<LogRow>(ctx, admin, 'logs', { result: 'failed', limit: 100 });
    expect(page.rows).toEqual(expected);
    expect(page.pagination.total).toBe(expected.length);
  });

  it.each(['admin', 'visitor'] as const)('type=%s lists that side only, counted', async (type) => {
    const expected = expect4((e) => e.row.type === type);
    const page = await listPage<LogRow>(ctx, admin, 'logs', { type, limit: 100 });
    expect(page.rows).toEqual(expected);
    expect(page.pagination.total).toBe(expected.length);
  });

  it('from is inclusive and to exclusive, each alone and together', async () => {
    const from = BASE + 3000;
    const to = BASE + 7000;
    for (const [query, keep] of [
      [{ from: at(3) }, (e: Expected) => e.time >= from],
      [{ to: at(7) }, (e: Expected) => e.time < to],
      [{ from: at(3), to: at(7) }, (e: Expected) => e.time >= from && e.time < to],
    ] as const) {
      const expected = expect4(keep);
      expect(expected.length).toBeGreaterThan(0);
      const page = await listPage<LogRow>(ctx, admin, 'logs', { ...query, limit: 100 });
      expect(page.rows).toEqual(expected);
      expect(page.pagination.total).toBe(expected.length);
    }
  });

  it('takes instants in any zone', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', {
      from: '2025-06-01T11:00:03+02:00',
      to: '2025-06-01T09:00:07.000Z',
      limit: 100,
    });
    expect(page.rows).toEqual(expect4((e) => e.time >= BASE + 3000 && e.time < BASE + 7000));
  });

  it('combines every filter with the search, the order and the paging', async () => {
    const query = { result: 'failed', type: 'admin', action: 'admin_login', from: at(0), to: at(11) };
    const keep = (e: Expected) =>
      e.row.type === 'admin' &&
      !e.row.success &&
      ['login_success', 'login_failed', 'login_2fa_required'].includes(e.row.action) &&
      e.time < BASE + 11000;
    for (const order of ['asc', 'desc'] as const) {
      const expected = expect4(keep, order);
      expect(expected.length).toBeGreaterThanOrEqual(2);
      const paged = await readAllPages<LogRow>(ctx, admin, 'logs', { ...query, order }, 2);
      expect(paged).toEqual(expected);
    }
    const searched = await listPage<LogRow>(ctx, admin, 'logs', { ...query, search: 'night', limit: 100 });
    expect(searched.rows).toEqual(
      expect4((e) => keep(e) && (e.row.email ?? '').toLowerCase().includes('night')),
    );
  });

  it('pages of 3 under a filter add up to the filtered list in one order, ties across sides included', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const expected = expect4((e) => e.time >= BASE + 2000, order);
      const paged = await readAllPages<LogRow>(ctx, admin, 'logs', { from: at(2), order }, 3);
      expect(paged.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('answers an empty list when the action belongs to the other side than the type', async () => {
    const page = await listPage<LogRow>(ctx, admin, 'logs', { action: 'otp_sent', type: 'admin' });
    expect(page.rows).toEqual([]);
    expect(page.pagination.total).toBe(0);
  });

  it.each([
    ['result=ok', 'result=ok'],
    ['type=system', 'type=system'],
    ['a date without a time', 'from=2025-06-01'],
    ['an instant without a zone', 'to=2025-06-01T09:00:00'],
    ['from after to', `from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(4))}`],
    ['from equal to to', `from=${encodeURIComponent(at(5))}&to=${encodeURIComponent(at(5))}`],
  ])('refuses %s with 400', async (_label, qs) => {
    const res = await adminCall(ctx, admin, 'GET', `/data/logs?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });
});

describe('DELETE /data/logs/:id', () => {
  it('deletes a visitor row and audits it as log_entry_deleted', async () => {
    const operator = await createOperator(ctx, 'admin');
    const target = visitors.find((v) => v.email !== null)!;
    const visitorsBefore = (
      await sql<{ n: string }>`select count(*) as n from registration_logs`.execute(ctx.db)
    ).rows[0]!.n;
    const filterBefore = await listPage(ctx, operator, 'logs', { action: target.action });

    const res = await adminCall(ctx, operator, 'DELETE', `/data/logs/visitor:${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: REVIEW_MESSAGES.deleted });

    const gone = await sql`select id from registration_logs where id = ${target.id}`.execute(ctx.db);
    expect(gone.rows).toEqual([]);
    const visitorsAfter = (
      await sql<{ n: string }>`select count(*) as n from registration_logs`.execute(ctx.db)
    ).rows[0]!.n;
    expect(Number(visitorsAfter)).toBe(Number(visitorsBefore) - 1);
    const filterAfter = await listPage<LogRow>(ctx, operator, 'logs', {
      action: target.action,
      limit: 100,
    });
    expect(filterAfter.pagination.total).toBe(filterBefore.pagination.total - 1);
    expect(filterAfter.rows.map((r) => r.id)).not.toContain(`visitor:${target.id}`);

    expect(await auditRowsOf(ctx, operator.identity.adminId)).toEqual([
      {
        action: 'log_entry_deleted',
        resource: 'logs',
        resource_id: `visitor:${target.id}`,
        success: true,
        details: { deleted: { action: target.action, email: target.email }, requestId: expect.any(String) },
        ip_address: '203.0.113.7',
      },
    ]);
    visitors = visitors.filter((v) => v !== target);

    const again = await adminCall(ctx, operator, 'DELETE', `/data/logs/visitor:${target.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REVIEW_MESSAGES.logNotFound);
  });

  it('lists the deletion among the admin rows of the merged list', async () => {
    const operator = await createOperator(ctx, 'admin');
    const target = visitors[visitors.length - 1]!;
    expect((await adminCall(ctx, operator, 'DELETE', `/data/logs/visitor:${target.id}`)).statusCode).toBe(
      200,
    );
    visitors = visitors.filter((v) => v !== target);
    const page = await listPage<LogRow>(ctx, admin, 'logs', { search: operator.identity.username });
    expect(page.rows).toEqual([
      expect.objectContaining({
        type: 'admin',
        email: operator.identity.username,
        action: 'log_entry_deleted',
        resourceId: `visitor:${target.id}`,
        errorMessage: null,
      }),
    ]);
  });

  it('refuses an admin row with 403, keeps it, and audits the refusal', async () => {
    const operator = await createOperator(ctx, 'admin');
    const target = admins[0]!;
    for (const id of [`admin:${target.id}`, `admin:${target.id.toUpperCase()}`]) {
      const res = await adminCall(ctx, operator, 'DELETE', `/data/logs/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.adminLogProtected });
    }
    const kept = await sql`select id from admin_logs where id = ${target.id}`.execute(ctx.db);
    expect(kept.rows).toHaveLength(1);
    const audit = await auditRowsOf(ctx, operator.identity.adminId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'permission_denied',
      resource: 'logs',
      success: false,
      details: { operation: 'delete', reason: 'admin_log_protected' },
    });
  });

  it('refuses a visitor row to a view_only operator with 403, keeps it, and audits the refusal', async () => {
    const target = visitors[0]!;
    const res = await adminCall(ctx, viewer, 'DELETE', `/data/logs/visitor:${target.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: ADMIN_MESSAGES.viewOnly });
    const kept = await sql`select id from registration_logs where id = ${target.id}`.execute(ctx.db);
    expect(kept.rows).toHaveLength(1);
    expect(await auditRowsOf(ctx, viewer.identity.adminId)).toEqual([
      {
        action: 'permission_denied',
        resource: 'logs',
        resource_id: `visitor:${target.id}`,
        success: false,
        details: { operation: 'delete', role: 'view_only', requestId: expect.any(String) },
        ip_address: '203.0.113.7',
      },
    ]);
  });

  it.each([
    ['an unknown visitor id', 'visitor:999999'],
    ['a visitor id past the serial range', 'visitor:99999999999'],
    ['an unknown admin id', `admin:${randomUUID()}`],
  ])('answers 404 for %s', async (_what, id) => {
    const res = await adminCall(ctx, admin, 'DELETE', `/data/logs/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.logNotFound });
  });

  it.each([
    'visitor:0',
    'visitor:-1',
    'visitor:abc',
    'visitor:1.5',
    'visitor:01',
    'visitor:1%00',
    'visitor:',
    '123',
    'admin:xyz',
    'admin:1',
    `ADMIN:${'0'.repeat(8)}`,
    `system:${randomUUID()}`,
    `visitor:${'9'.repeat(40)}`,
  ])('answers 404 for the malformed id %s', async (id) => {
    const before = await sql<{ n: string }>`select count(*) as n from registration_logs`.execute(ctx.db);
    const res = await adminCall(ctx, admin, 'DELETE', `/data/logs/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.logNotFound });
    const after = await sql<{ n: string }>`select count(*) as n from registration_logs`.execute(ctx.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
