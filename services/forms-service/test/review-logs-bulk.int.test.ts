/**
 * Bulk work on the Logs list's visitor rows (issue 16 item 2): delete a selection in one
 * transaction with one audit row per deleted row plus one for the action; admin rows are never
 * selectable; view_only is refused; "select all N matching" answers visitor ids only; the
 * selected rows for an export.
 */
import { randomUUID } from 'node:crypto';
import { LOG_SELECTION_MESSAGES } from '@tunnelscope/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  adminCall,
  auditRowsOf,
  createOperator,
  createReviewContext,
  gatewayCallHeaders,
  seedVisitorLogs,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createReviewContext('review_logs_bulk');
});
afterAll(async () => {
  await ctx?.close();
});

function post(operator: Operator, url: string, payload: unknown): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      'user-agent': 'jest-operator',
      'content-type': 'application/json',
      ...gatewayCallHeaders(ctx, operator, 'POST', url),
    },
    payload: JSON.stringify(payload),
  });
}

async function seedTagged(n: number, action = 'waitlist_attempt') {
  const tag = randomUUID().slice(0, 8);
  const rows = await seedVisitorLogs(
    ctx,
    Array.from({ length: n }, (_, i) => ({
      action,
      email: `logbulk${i}.${tag}@example.com`,
      created_at: new Date(Date.UTC(2026, 10, 20, 10, 0, i)),
    })),
  );
  return { tag, rows, ids: rows.map((r) => `visitor:${r.id}`) };
}

async function existing(ids: number[]): Promise<number[]> {
  const result = await sql<{ id: number }>`
    select id from registration_logs where id = any(${ids}::int[]) order by id`.execute(ctx.db);
  return result.rows.map((r) => Number(r.id));
}

describe('POST /data/logs/bulk', () => {
  it('deletes the selection in one go, one audit row per deleted row plus one for the action', async () => {
    const { rows, ids } = await seedTagged(3);
    const operator = await createOperator(ctx, 'admin');

    const res = await post(operator, '/data/logs/bulk', {
      ids: [...ids, 'visitor:2147483000'],
      action: 'delete',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { changed: 3, unchanged: 0, notFound: 1 } });
    expect(await existing(rows.map((r) => r.id))).toEqual([]);
    const audit = await auditRowsOf(ctx, operator.identity.adminId);
    expect(
      audit
        .filter((a) => a.action === 'log_entry_deleted')
        .map((a) => a.resource_id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(audit.filter((a) => a.action === 'logs_bulk_delete')).toEqual([
      expect.objectContaining({
        resource: 'logs',
        details: expect.objectContaining({ selected: 4, changed: 3, notFound: 1 }),
      }),
    ]);
  });

  it('refuses admin rows in a selection (400) and deletes nothing', async () => {
    const { rows, ids } = await seedTagged(1);
    const operator = await createOperator(ctx, 'admin');
    const res = await post(operator, '/data/logs/bulk', {
      ids: [...ids, `admin:${randomUUID()}`],
      action: 'delete',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(LOG_SELECTION_MESSAGES.visitorOnly);
    expect(await existing(rows.map((r) => r.id))).toEqual(rows.map((r) => r.id));
  });

  it('refuses view_only (403) and an unknown action (400)', async () => {
    const { rows, ids } = await seedTagged(1);
    const viewer = await createOperator(ctx, 'view_only');
    expect((await post(viewer, '/data/logs/bulk', { ids, action: 'delete' })).statusCode).toBe(403);
    const admin = await createOperator(ctx, 'admin');
    expect((await post(admin, '/data/logs/bulk', { ids, action: 'set_status' })).statusCode).toBe(400);
    expect(await existing(rows.map((r) => r.id))).toEqual(rows.map((r) => r.id));
  });
});

describe('GET /data/logs/ids and POST /data/logs/rows', () => {
  it('answers the matching visitor rows only, in the list order', async () => {
    const { tag, rows, ids } = await seedTagged(3);
    const operator = await createOperator(ctx, 'admin');
    const res = await adminCall(ctx, operator, 'GET', `/data/logs/ids?search=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { ids: [...ids].reverse(), total: 3, capped: false },
    });
    const adminOnly = await adminCall(ctx, operator, 'GET', `/data/logs/ids?search=${tag}&type=admin`);
    expect(adminOnly.json().data).toEqual({ ids: [], total: 0, capped: false });
    expect(rows).toHaveLength(3);
  });

  it('answers the selected rows as the list shows them, audited like an export', async () => {
    const { ids } = await seedTagged(2);
    const operator = await createOperator(ctx, 'view_only');
    const res = await post(operator, '/data/logs/rows', { ids });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { rows: { id: string; type: string }[] } };
    expect(body.data.rows.map((r) => r.id)).toEqual([...ids].reverse());
    expect(body.data.rows.every((r) => r.type === 'visitor')).toBe(true);
    const audit = await auditRowsOf(ctx, operator.identity.adminId);
    expect(audit.filter((a) => a.action === 'logs_export')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ rows: 2, selected: 2 }) }),
    ]);
  });
});
