/**
 * A reviewer's work on records (issue 16 items 2–4): bulk status changes and deletions (one
 * transaction, one audit row per changed record plus one for the action, view_only refused,
 * selections over the cap refused, unknown ids counted), "select all N matching", the selected
 * rows, the versioned PATCH that refuses a stale edit (two editors), and a record's history
 * (operators' changes and the visitor's own events, newest first).
 */
import { randomUUID } from 'node:crypto';
import { CSV_EXPORT_LIMIT, RECORD_MESSAGES, versionConflictSchema } from '@tunnelscope/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  adminCall,
  auditRowsOf,
  createOperator,
  createReviewContext,
  gatewayCallHeaders,
  seedVisitorLogs,
  seedVpnRequests,
  seedWaitlist,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let admin: Operator;
let viewer: Operator;

beforeAll(async () => {
  ctx = await createReviewContext('review_records');
  admin = await createOperator(ctx, 'admin');
  viewer = await createOperator(ctx, 'view_only');
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

const emails = (n: number, tag = randomUUID().slice(0, 8)) =>
  Array.from({ length: n }, (_, i) => ({ email: `bulk${i}.${tag}@example.com` }));

async function statusesOf(table: string, ids: string[]) {
  const result = await sql<{ id: string; status: string; version: number; updated_by: string | null }>`
    select id, status, version, updated_by from ${sql.table(table)} where id = any(${ids}::uuid[])`.execute(
    ctx.db,
  );
  return new Map(result.rows.map((r) => [r.id, r]));
}

describe('POST /data/<list>/bulk', () => {
  it('sets the status of the selection in one go: counts, versions, one audit row per change plus one', async () => {
    const rows = await seedWaitlist(ctx, emails(3));
    await sql`update waitlist_entries set status = 'Complete' where id = ${rows[2]!.id}`.execute(ctx.db);
    const unknown = randomUUID();
    const ids = [...rows.map((r) => r.id), unknown];
    const operator = await createOperator(ctx, 'admin');

    const res = await post(operator, '/data/waitlist/bulk', {
      ids,
      action: 'set_status',
      status: 'Complete',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { changed: 2, unchanged: 1, notFound: 1 } });
    const after = await statusesOf('waitlist_entries', ids);
    expect(after.get(rows[0]!.id)).toMatchObject({
      status: 'Complete',
      version: 2,
      updated_by: operator.identity.username,
    });
    expect(after.get(rows[2]!.id)).toMatchObject({ status: 'Complete', version: 1 });
    const audit = await auditRowsOf(ctx, operator.identity.adminId);
    const perRecord = audit.filter((a) => a.action === 'waitlist_entry_updated');
    expect(perRecord.map((a) => a.resource_id).sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
    expect(perRecord[0]!.details).toMatchObject({ status: { from: 'Waiting', to: 'Complete' }, bulk: true });
    const action = audit.filter((a) => a.action === 'waitlist_bulk_status');
    expect(action).toHaveLength(1);
    expect(action[0]!.details).toMatchObject({ status: 'Complete', selected: 4, changed: 2, notFound: 1 });
    expect(audit).toHaveLength(3);
  });

  it('deletes the selection and audits each deleted record and the action', async () => {
    const rows = await seedVpnRequests(
      ctx,
      Array.from({ length: 3 }, (_, i) => ({ vpn_name: `BulkVPN${i}`, user_email: `del${i}@example.com` })),
    );
    const operator = await createOperator(ctx, 'admin');
    const ids = rows.slice(0, 2).map((r) => r.id);

    const res = await post(operator, '/data/vpn-requests/bulk', { ids, action: 'delete' });

    expect(res.json()).toEqual({ success: true, data: { changed: 2, unchanged: 0, notFound: 0 } });
    const left = await statusesOf(
      'vpn_requests',
      rows.map((r) => r.id),
    );
    expect([...left.keys()]).toEqual([rows[2]!.id]);
    const audit = await auditRowsOf(ctx, operator.identity.adminId);
    expect(audit.filter((a) => a.action === 'vpn_request_deleted')).toHaveLength(2);
    expect(audit.filter((a) => a.action === 'vpn_requests_bulk_delete')).toHaveLength(1);
  });

  it('is one transaction: when the audit cannot be written nothing changes', async () => {
    const rows = await seedWaitlist(ctx, emails(2));
    const ids = rows.map((r) => r.id);
    const gone = await createOperator(ctx, 'admin');
    // The operator is deleted after the gateway vouched for it: its audit rows cannot be written.
    await sql`delete from admin_sessions where admin_id = ${gone.identity.adminId}`.execute(ctx.db);
    await sql`delete from admin_users where id = ${gone.identity.adminId}`.execute(ctx.db);

    const res = await post(gone, '/data/waitlist/bulk', { ids, action: 'set_status', status: 'Pending' });

    expect(res.statusCode).toBe(401);
    const after = await statusesOf('waitlist_entries', ids);
    expect([...after.values()].map((r) => [r.status, r.version])).toEqual([
      ['Waiting', 1],
      ['Waiting', 1],
    ]);
  });

  it('refuses view_only with a 403 and a permission_denied row, and changes nothing', async () => {
    const rows = await seedWaitlist(ctx, emails(1));
    const res = await post(viewer, '/data/waitlist/bulk', {
      ids: [rows[0]!.id],
      action: 'set_status',
      status: 'Complete',
    });
    expect(res.statusCode).toBe(403);
    expect((await statusesOf('waitlist_entries', [rows[0]!.id])).get(rows[0]!.id)?.status).toBe('Waiting');
    const refused = (await auditRowsOf(ctx, viewer.identity.adminId)).filter(
      (a) => a.action === 'permission_denied' && a.resource === 'waitlist',
    );
    expect(refused.at(-1)?.details).toMatchObject({ operation: 'bulk' });
  });

  it.each([
    ['more ids than the cap', { ids: Array.from({ length: CSV_EXPORT_LIMIT + 1 }, () => randomUUID()) }, 400],
    ['no ids', { ids: [] }, 400],
    [
      'the same id twice',
      { ids: ['6f1c2d3e-4a5b-4c6d-8e7f-000000000001', '6F1C2D3E-4A5B-4C6D-8E7F-000000000001'] },
      400,
    ],
    ['an id that is not a UUID', { ids: ['visitor:1'] }, 400],
  ])('answers 4xx for %s', async (_label, body, status) => {
    const res = await post(admin, '/data/contacts/bulk', {
      ...body,
      action: 'set_status',
      status: 'Pending',
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('answers the cap message for too many ids and refuses an unknown action', async () => {
    const over = await post(admin, '/data/contacts/bulk', {
      ids: Array.from({ length: CSV_EXPORT_LIMIT + 1 }, () => randomUUID()),
      action: 'delete',
    });
    expect(over.json().message).toBe(RECORD_MESSAGES.tooManyIds);
    const action = await post(admin, '/data/contacts/bulk', { ids: [randomUUID()], action: 'archive' });
    expect(action.statusCode).toBe(400);
  });
});

describe('GET /data/<list>/ids and POST /data/<list>/rows', () => {
  it('answers every id matching the list query, and the rows of a selection', async () => {
    const tag = randomUUID().slice(0, 8);
    const rows = await seedWaitlist(ctx, emails(5, `match${tag}`));
    const res = await adminCall(
      ctx,
      viewer,
      'GET',
      `/data/waitlist/ids?search=match${tag}&sort=email&order=asc`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { ids: string[]; total: number; capped: boolean };
    const byEmail = [...rows].sort((a, b) => a.email.localeCompare(b.email)).map((r) => r.id);
    expect(data).toEqual({ ids: byEmail, total: 5, capped: false });

    const selected = await post(viewer, '/data/waitlist/rows', { ids: byEmail.slice(0, 2) });
    expect(selected.statusCode).toBe(200);
    const answered = selected.json().data.rows as { id: string; version: number }[];
    expect(answered.map((r) => r.id).sort()).toEqual(byEmail.slice(0, 2).sort());
    expect(answered[0]!.version).toBe(1);
  });
});

describe('PATCH with a version (two editors)', () => {
  it('refuses the stale edit with who and when and the current values, and keeps the first', async () => {
    const [row] = await seedWaitlist(ctx, emails(1));
    const first = await createOperator(ctx, 'admin');
    const second = await createOperator(ctx, 'admin');
    // Both opened the row at version 1.
    const saved = await adminCall(ctx, first, 'PATCH', `/data/waitlist/${row!.id}`, {
      version: 1,
      status: 'Pending',
      notes: 'called them',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      status: 'Pending',
      notes: 'called them',
      version: 2,
      updatedBy: first.identity.username,
    });

    const stale = await adminCall(ctx, second, 'PATCH', `/data/waitlist/${row!.id}`, {
      version: 1,
      status: 'Complete',
    });

    expect(stale.statusCode).toBe(409);
    const body = versionConflictSchema.parse(stale.json());
    expect(body.current).toMatchObject({ status: 'Pending', notes: 'called them', version: 2 });
    expect(body.error).toBe('CONFLICT');
    expect(body.message).toBe(`Changed by ${first.identity.username} at ${body.current.updatedAt}`);
    expect((await statusesOf('waitlist_entries', [row!.id])).get(row!.id)).toMatchObject({
      status: 'Pending',
      version: 2,
    });

    // With the current version the second editor's change goes through.
    const retried = await adminCall(ctx, second, 'PATCH', `/data/waitlist/${row!.id}`, {
      version: 2,
      status: 'Complete',
    });
    expect(retried.json().data).toMatchObject({ status: 'Complete', version: 3 });
  });

  it('a PATCH without a version still writes (and one that changes nothing keeps the version)', async () => {
    const [row] = await seedWaitlist(ctx, emails(1));
    const same = await adminCall(ctx, admin, 'PATCH', `/data/waitlist/${row!.id}`, { status: 'Waiting' });
    expect(same.json().data).toMatchObject({ status: 'Waiting', version: 1 });
    const changed = await adminCall(ctx, admin, 'PATCH', `/data/waitlist/${row!.id}`, { notes: 'x' });
    expect(changed.json().data).toMatchObject({ notes: 'x', version: 2 });
  });
});

describe('GET /data/<list>/:id', () => {
  it('answers every stored field but the code hash, and the history of both kinds, newest first', async () => {
    const email = `history.${randomUUID().slice(0, 8)}@example.com`;
    const [row] = await seedWaitlist(ctx, [{ email, created_at: new Date('2026-11-20T10:00:00Z') }]);
    await seedVisitorLogs(ctx, [
      { email, action: 'waitlist_attempt', created_at: new Date('2026-11-20T10:00:00Z') },
      {
        email: email.toUpperCase(),
        action: 'otp_verified',
        success: false,
        error_message: 'Invalid or expired verification code.',
        created_at: new Date('2026-11-20T10:05:00Z'),
      },
      { email: 'someone.else@example.com', action: 'otp_sent', created_at: new Date('2026-11-20T10:06:00Z') },
    ]);
    const editor = await createOperator(ctx, 'admin');
    await adminCall(ctx, editor, 'PATCH', `/data/waitlist/${row!.id}`, { status: 'Pending' });
    ctx.clock.advance(1000);
    await adminCall(ctx, editor, 'PATCH', `/data/waitlist/${row!.id}`, { notes: 'second' });

    const res = await adminCall(ctx, viewer, 'GET', `/data/waitlist/${row!.id}`);

    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      row: { id: string; version: number };
      fields: Record<string, unknown>;
      history: { kind: string; who: string | null; action: string; summary: string; at: string }[];
    };
    expect(data.row).toMatchObject({ id: row!.id, version: 3 });
    expect(data.fields).toMatchObject({ email, otp_attempts: 0, version: 3 });
    expect(data.fields).not.toHaveProperty('otp_code_hash');
    expect(data.history.map((h) => [h.kind, h.action, h.summary])).toEqual([
      ['admin', 'waitlist_entry_updated', 'Notes changed'],
      ['admin', 'waitlist_entry_updated', 'Status Waiting → Pending'],
      ['visitor', 'otp_verified', 'Failed: Invalid or expired verification code.'],
      ['visitor', 'waitlist_attempt', 'Succeeded'],
    ]);
    expect(data.history[0]!.who).toBe(editor.identity.username);
    const times = data.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await adminCall(ctx, viewer, 'GET', `/data/contacts/${randomUUID()}`)).statusCode).toBe(404);
    expect((await adminCall(ctx, viewer, 'GET', '/data/contacts/not-a-uuid')).statusCode).toBe(404);
  });
});
