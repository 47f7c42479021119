/**
 * The operators' writes on the three form lists — status and notes (PATCH), deletion (DELETE) —
 * with their audit rows and the view_only refusals, and the Overview's counts following every
 * kind of change to the tables (the trigger-kept list_row_counts).
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  NOTES_MAX_LENGTH,
  REVIEW_MESSAGES,
  overviewPercentages,
  type DashboardStats,
} from '@tunnelscope/contracts';
import { sql } from 'kysely';
import {
  adminCall,
  auditRowsOf,
  countedByHand,
  createOperator,
  createReviewContext,
  gatewayCallHeaders,
  listPage,
  seedContacts,
  seedVpnRequests,
  seedWaitlist,
  type Operator,
} from './review-helpers.js';
import type { TestContext } from './helpers.js';

let ctx: TestContext;
let viewer: Operator;

beforeAll(async () => {
  ctx = await createReviewContext('review_writes');
  viewer = await createOperator(ctx, 'view_only');
});
afterAll(async () => {
  await ctx?.close();
});

type Table = 'waitlist_entries' | 'vpn_requests' | 'contact_forms';
const LISTS = [
  {
    list: 'waitlist',
    table: 'waitlist_entries',
    resource: 'waitlist',
    updated: 'waitlist_entry_updated',
    deleted: 'waitlist_entry_deleted',
    stats: 'waitlist',
  },
  {
    list: 'vpn-requests',
    table: 'vpn_requests',
    resource: 'vpn_requests',
    updated: 'vpn_request_updated',
    deleted: 'vpn_request_deleted',
    stats: 'vpnRequests',
  },
  {
    list: 'contacts',
    table: 'contact_forms',
    resource: 'contacts',
    updated: 'contact_updated',
    deleted: 'contact_deleted',
    stats: 'contacts',
  },
] as const;
type ListCase = (typeof LISTS)[number];

let serial = 0;
/** One fresh row of `c`'s table; its id. */
async function seedOne(c: ListCase, opts: { isVerified?: boolean } = {}): Promise<string> {
  serial++;
  const email = `row${serial}.${randomUUID().slice(0, 6)}@example.com`;
  const is_verified = opts.isVerified ?? false;
  if (c.table === 'waitlist_entries') return (await seedWaitlist(ctx, [{ email, is_verified }]))[0]!.id;
  if (c.table === 'vpn_requests')
    return (await seedVpnRequests(ctx, [{ vpn_name: `vpn${serial}`, user_email: email, is_verified }]))[0]!
      .id;
  return (
    await seedContacts(ctx, [{ email, name: `Name ${serial}`, subject: `Subject ${serial}`, is_verified }])
  )[0]!.id;
}

async function stateOf(table: Table, id: string) {
  const result = await sql<{ status: string; notes: string; is_verified: boolean; updated_at: Date }>`
    select status, notes, is_verified, updated_at from ${sql.table(table)} where id = ${id}`.execute(ctx.db);
  return result.rows[0];
}

/** The row as the list serves it (found by id through a page of 100 of the newest). */
async function listedRow(c: ListCase, id: string) {
  const page = await listPage<{ id: string; status: string; notes: string }>(ctx, viewer, c.list, {
    limit: 100,
  });
  return page.rows.find((r) => r.id === id);
}

async function overview(operator: Operator = viewer): Promise<DashboardStats> {
  const res = await adminCall(ctx, operator, 'GET', '/dashboard/overview');
  expect(res.statusCode).toBe(200);
  return res.json().data.stats;
}

describe.each(LISTS)('PATCH /data/$list/:id', (c) => {
  let admin: Operator;
  beforeEach(async () => {
    admin = await createOperator(ctx, 'admin');
  });
  const patch = (id: string, body: unknown, operator: Operator = admin) =>
    adminCall(ctx, operator, 'PATCH', `/data/${c.list}/${id}`, body);

  it('saves status and notes, answers them, and the list shows them', async () => {
    const id = await seedOne(c);
    ctx.clock.advance(60_000);
    const res = await patch(id, { status: 'Complete', notes: 'Called back — all good ✓' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: REVIEW_MESSAGES.updated,
      data: {
        status: 'Complete',
        notes: 'Called back — all good ✓',
        version: 2,
        updatedAt: ctx.clock.now().toISOString(),
        updatedBy: admin.identity.username,
      },
    });
    expect(await stateOf(c.table, id)).toMatchObject({
      status: 'Complete',
      notes: 'Called back — all good ✓',
      updated_at: ctx.clock.now(),
    });
    expect(await listedRow(c, id)).toMatchObject({ status: 'Complete', notes: 'Called back — all good ✓' });
  });

  it('writes <list>_updated with the status change and whether the notes changed', async () => {
    const id = await seedOne(c);
    expect((await patch(id, { status: 'Pending', notes: 'first' })).statusCode).toBe(200);
    expect(await auditRowsOf(ctx, admin.identity.adminId)).toEqual([
      {
        action: c.updated,
        resource: c.resource,
        resource_id: id,
        success: true,
        details: {
          status: { from: 'Waiting', to: 'Pending' },
          notesChanged: true,
          requestId: expect.any(String),
        },
        ip_address: '203.0.113.7',
      },
    ]);
  });

  it('saves only the status, keeping the notes', async () => {
    const id = await seedOne(c);
    expect((await patch(id, { notes: 'keep me' })).statusCode).toBe(200);
    ctx.clock.advance(1000); // audit rows are read back in time order
    const res = await patch(id, { status: 'Pending' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Pending', notes: 'keep me', version: 3 });
    expect(await stateOf(c.table, id)).toMatchObject({ status: 'Pending', notes: 'keep me' });
    const audit = await auditRowsOf(ctx, admin.identity.adminId);
    expect(audit.map((r) => r.details)).toEqual([
      expect.objectContaining({ status: { from: 'Waiting', to: 'Waiting' }, notesChanged: true }),
      expect.objectContaining({ status: { from: 'Waiting', to: 'Pending' }, notesChanged: false }),
    ]);
  });

  it('saves only the notes, keeping the status; empty notes clear them', async () => {
    const id = await seedOne(c);
    expect((await patch(id, { status: 'Complete' })).statusCode).toBe(200);
    const res = await patch(id, { notes: 'later' });
    expect(res.json().data).toMatchObject({ status: 'Complete', notes: 'later', version: 3 });
    expect((await patch(id, { notes: '' })).json().data).toMatchObject({
      status: 'Complete',
      notes: '',
      version: 4,
    });
    expect(await stateOf(c.table, id)).toMatchObject({ status: 'Complete', notes: '' });
    expect(await listedRow(c, id)).toMatchObject({ status: 'Complete', notes: '' });
  });

  it('takes notes of exactly 5000 characters and refuses 5001 with 400', async () => {
    const id = await seedOne(c);
    expect((await patch(id, { notes: 'n'.repeat(NOTES_MAX_LENGTH) })).statusCode).toBe(200);
    const res = await patch(id, { notes: 'x'.repeat(NOTES_MAX_LENGTH + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.notesTooLong });
    expect((await stateOf(c.table, id))!.notes).toBe('n'.repeat(NOTES_MAX_LENGTH));
  });

  it.each([
    ['an empty body', {}, REVIEW_MESSAGES.nothingToUpdate],
    ['a status outside the three', { status: 'Done' }, REVIEW_MESSAGES.invalidStatus],
    ['a lower-case status', { status: 'complete' }, REVIEW_MESSAGES.invalidStatus],
    ['a null status', { status: null }, REVIEW_MESSAGES.invalidStatus],
    ['notes that are not text', { notes: 42 }, REVIEW_MESSAGES.notesTooLong],
    ['an extra field', { status: 'Complete', isVerified: true }, undefined],
    ['only fields it does not take', { email: 'evil@example.com' }, undefined],
    ['an array', [{ status: 'Complete' }], REVIEW_MESSAGES.nothingToUpdate],
    ['a string', 'Complete', REVIEW_MESSAGES.nothingToUpdate],
  ])('refuses %s with 400 and changes nothing', async (_what, body, message) => {
    const id = await seedOne(c);
    const before = await stateOf(c.table, id);
    const res = await patch(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    if (message) expect(res.json().message).toBe(message);
    expect(await stateOf(c.table, id)).toEqual(before);
    expect(await auditRowsOf(ctx, admin.identity.adminId)).toEqual([]);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const id = await seedOne(c);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/data/${c.list}/${id}`,
      headers: {
        ...gatewayCallHeaders(ctx, admin, 'PATCH', `/data/${c.list}/${id}`),
        'content-type': 'application/json',
      },
      payload: '{"status": "Complete"',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 Entry not found for an unknown id, and for a malformed one', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '123', `${randomUUID()}x`, "1' or '1'='1"]) {
      const res = await patch(encodeURIComponent(id), { status: 'Complete' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.entryNotFound });
    }
    expect(await auditRowsOf(ctx, admin.identity.adminId)).toEqual([]);
  });

  it('refuses a view_only operator with 403, logs permission_denied, and leaves the row unchanged', async () => {
    const reader = await createOperator(ctx, 'view_only');
    const id = await seedOne(c);
    const before = await stateOf(c.table, id);
    const res = await patch(id, { status: 'Complete', notes: 'sneaky' }, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'FORBIDDEN',
      message: ADMIN_MESSAGES.viewOnly,
    });
    expect(await stateOf(c.table, id)).toEqual(before);
    expect(await auditRowsOf(ctx, reader.identity.adminId)).toEqual([
      {
        action: 'permission_denied',
        resource: c.resource,
        resource_id: id,
        success: false,
        details: { operation: 'update', role: 'view_only', requestId: expect.any(String) },
        ip_address: '203.0.113.7',
      },
    ]);
  });

  it('refuses a view_only operator before looking at the id: a malformed one is 403 and logged too', async () => {
    const reader = await createOperator(ctx, 'view_only');
    const res = await patch('not-a-uuid', { status: 'Complete' }, reader);
    expect(res.statusCode).toBe(403);
    const rows = await auditRowsOf(ctx, reader.identity.adminId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'permission_denied', resource_id: 'not-a-uuid', success: false });
  });

  it('commits the change and its audit row together: no audit row possible, no change', async () => {
    const gone = await createOperator(ctx, 'admin');
    const id = await seedOne(c);
    const before = await stateOf(c.table, id);
    // The operator's account was deleted after the gateway vouched for the call.
    await sql`delete from admin_users where id = ${gone.identity.adminId}`.execute(ctx.db);
    const res = await patch(id, { status: 'Complete', notes: 'never saved' }, gone);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ADMIN_MESSAGES.sessionExpired);
    expect(await stateOf(c.table, id)).toEqual(before);
  });

  it('serializes two concurrent updates of one row, each audited against the state it changed', async () => {
    const id = await seedOne(c);
    const [a, b] = await Promise.all([patch(id, { status: 'Pending' }), patch(id, { status: 'Complete' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const audit = await auditRowsOf(ctx, admin.identity.adminId);
    const transitions = audit.map((r) => (r.details as { status: { from: string; to: string } }).status);
    // One of them saw the other's result as its "from".
    expect(transitions).toHaveLength(2);
    const final = (await stateOf(c.table, id))!.status;
    const last = transitions.find((t) => t.to === final)!;
    const first = transitions.find((t) => t !== last)!;
    expect(first.from).toBe('Waiting');
    expect(last.from).toBe(first.to);
  });
});

describe.each(LISTS)('DELETE /data/$list/:id', (c) => {
  let admin: Operator;
  beforeEach(async () => {
    admin = await createOperator(ctx, 'admin');
  });
  const remove = (id: string, operator: Operator = admin) =>
    adminCall(ctx, operator, 'DELETE', `/data/${c.list}/${id}`);

  it('removes the row; the list total and the overview counts go down', async () => {
    const id = await seedOne(c, { isVerified: true });
    const listBefore = (await listPage(ctx, admin, c.list)).pagination.total;
    const verifiedBefore = (await listPage(ctx, admin, c.list, { verified: 'true' })).pagination.total;
    const statsBefore = (await overview())[c.stats];

    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: REVIEW_MESSAGES.deleted });

    expect(await stateOf(c.table, id)).toBeUndefined();
    expect((await listPage(ctx, admin, c.list)).pagination.total).toBe(listBefore - 1);
    expect((await listPage(ctx, admin, c.list, { verified: 'true' })).pagination.total).toBe(
      verifiedBefore - 1,
    );
    expect((await overview())[c.stats]).toEqual({
      total: statsBefore.total - 1,
      verified: statsBefore.verified - 1,
    });
    expect((await overview())[c.stats]).toEqual(await countedByHand(ctx, c.table));
    expect(await listedRow(c, id)).toBeUndefined();
  });

  it('writes <list>_deleted with what the row was', async () => {
    const id = await seedOne(c);
    expect((await remove(id)).statusCode).toBe(200);
    const audit = await auditRowsOf(ctx, admin.identity.adminId);
    expect(audit).toEqual([
      {
        action: c.deleted,
        resource: c.resource,
        resource_id: id,
        success: true,
        details: {
          deleted: expect.objectContaining({ is_verified: false, status: 'Waiting' }),
          requestId: expect.any(String),
        },
        ip_address: '203.0.113.7',
      },
    ]);
    const deleted = (audit[0]!.details as { deleted: Record<string, unknown> }).deleted;
    expect(deleted).not.toHaveProperty('otp_code_hash');
  });

  it('answers 404 Entry not found for an unknown, a deleted or a malformed id', async () => {
    const id = await seedOne(c);
    expect((await remove(id)).statusCode).toBe(200);
    for (const other of [id, randomUUID(), 'nope', '00000000-0000-0000-0000-00000000000g']) {
      const res = await remove(encodeURIComponent(other));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: REVIEW_MESSAGES.entryNotFound });
    }
    expect((await auditRowsOf(ctx, admin.identity.adminId)).map((r) => r.action)).toEqual([c.deleted]);
  });

  it('refuses a view_only operator with 403, logs permission_denied, and keeps the row', async () => {
    const reader = await createOperator(ctx, 'view_only');
    const id = await seedOne(c);
    const res = await remove(id, reader);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: ADMIN_MESSAGES.viewOnly });
    expect(await stateOf(c.table, id)).toBeDefined();
    expect(await auditRowsOf(ctx, reader.identity.adminId)).toEqual([
      {
        action: 'permission_denied',
        resource: c.resource,
        resource_id: id,
        success: false,
        details: { operation: 'delete', role: 'view_only', requestId: expect.any(String) },
        ip_address: '203.0.113.7',
      },
    ]);
  });

  it('keeps the row when its audit row cannot be written', async () => {
    const gone = await createOperator(ctx, 'admin');
    const id = await seedOne(c);
    await sql`delete from admin_users where id = ${gone.identity.adminId}`.execute(ctx.db);
    const res = await remove(id, gone);
    expect(res.statusCode).toBe(401);
    expect(await stateOf(c.table, id)).toBeDefined();
  });
});

describe('GET /dashboard/overview', () => {
  const byHand = async (): Promise<DashboardStats> => ({
    waitlist: await countedByHand(ctx, 'waitlist_entries'),
    vpnRequests: await countedByHand(ctx, 'vpn_requests'),
    contacts: await countedByHand(ctx, 'contact_forms'),
  });

  /** The overview, the unsearched list totals and count(*) agree. */
  async function expectCountsAgree(): Promise<DashboardStats> {
    const expected = await byHand();
    expect(await overview()).toEqual(expected);
    for (const c of LISTS) {
      const counts = expected[c.stats];
      expect((await listPage(ctx, viewer, c.list)).pagination.total).toBe(counts.total);
      expect((await listPage(ctx, viewer, c.list, { verified: 'true' })).pagination.total).toBe(
        counts.verified,
      );
      expect((await listPage(ctx, viewer, c.list, { verified: 'false' })).pagination.total).toBe(
        counts.total - counts.verified,
      );
    }
    return expected;
  }

  it('answers the totals and verified counts of the three forms', async () => {
    const before = await expectCountsAgree();
    await seedWaitlist(ctx, [
      { email: 'ov1@example.com', is_verified: true },
      { email: 'ov2@example.com' },
      { email: 'ov3@example.com' },
    ]);
    await seedVpnRequests(ctx, [
      { vpn_name: 'a', user_email: 'ov@example.com', is_verified: true },
      { vpn_name: 'b', user_email: 'ov@example.com', is_verified: true },
    ]);
    await seedContacts(ctx, [{ email: 'ov@example.com' }]);
    const after = await expectCountsAgree();
    expect(after).toEqual({
      waitlist: { total: before.waitlist.total + 3, verified: before.waitlist.verified + 1 },
      vpnRequests: { total: before.vpnRequests.total + 2, verified: before.vpnRequests.verified + 2 },
      contacts: { total: before.contacts.total + 1, verified: before.contacts.verified },
    });
  });

  it('follows verification (UPDATE is_verified) both ways, several rows in one statement', async () => {
    const before = await expectCountsAgree();
    await sql`update waitlist_entries set is_verified = true where email in ('ov2@example.com', 'ov3@example.com')`.execute(
      ctx.db,
    );
    // One statement that verifies some rows and unverifies others.
    await sql`update vpn_requests set is_verified = not is_verified where user_email = 'ov@example.com' and vpn_name = 'a'`.execute(
      ctx.db,
    );
    await sql`update contact_forms set is_verified = true where email = 'ov@example.com'`.execute(ctx.db);
    // A change that leaves is_verified alone moves nothing.
    await sql`update contact_forms set notes = 'seen'`.execute(ctx.db);
    const after = await expectCountsAgree();
    expect(after.waitlist).toEqual({ total: before.waitlist.total, verified: before.waitlist.verified + 2 });
    expect(after.vpnRequests).toEqual({
      total: before.vpnRequests.total,
      verified: before.vpnRequests.verified - 1,
    });
    expect(after.contacts).toEqual({ total: before.contacts.total, verified: before.contacts.verified + 1 });
  });

  it('follows deletes made outside the API', async () => {
    const before = await expectCountsAgree();
    await sql`delete from waitlist_entries where email like 'ov%@example.com'`.execute(ctx.db);
    const after = await expectCountsAgree();
    expect(after.waitlist).toEqual({
      total: before.waitlist.total - 3,
      verified: before.waitlist.verified - 3,
    });
  });

  it('follows TRUNCATE, and inserts after it', async () => {
    await sql`truncate vpn_requests`.execute(ctx.db);
    const empty = await expectCountsAgree();
    expect(empty.vpnRequests).toEqual({ total: 0, verified: 0 });
    await seedVpnRequests(ctx, [
      { vpn_name: 'c', user_email: 'after@example.com', is_verified: true },
      { vpn_name: 'd', user_email: 'after@example.com' },
    ]);
    expect((await expectCountsAgree()).vpnRequests).toEqual({ total: 2, verified: 1 });
  });

  it('answers zeros for empty tables, and the percentages divide by at least 1', async () => {
    await sql`truncate waitlist_entries, vpn_requests, contact_forms`.execute(ctx.db);
    const stats = await expectCountsAgree();
    expect(stats).toEqual({
      waitlist: { total: 0, verified: 0 },
      vpnRequests: { total: 0, verified: 0 },
      contacts: { total: 0, verified: 0 },
    });
    expect(overviewPercentages(stats)).toEqual({
      verificationRate: 0,
      vpnRequestFilled: 0,
      contactResponse: 0,
    });
    await seedWaitlist(ctx, [
      { email: 'p1@example.com', is_verified: true },
      { email: 'p2@example.com', is_verified: true },
      { email: 'p3@example.com' },
    ]);
    expect(overviewPercentages(await overview())).toMatchObject({ verificationRate: 67 });
  });

  it('answers 401 without an identity', async () => {
    const res = await adminCall(ctx, undefined, 'GET', '/dashboard/overview');
    expect(res.statusCode).toBe(401);
  });
});
