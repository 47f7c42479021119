/**
 * From the public forms to the back-office: what a visitor submits and verifies through the
 * public calls shows up in the operators' lists, the merged Logs and the Overview, and an
 * operator's status change and deletion act on those very rows.
 */
import type { ContactRow, LogRow, VpnRequestRow, WaitlistEntryRow } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import {
  latestCode,
  nextIp,
  otherCode,
  post,
  uniqueEmail,
  validContact,
  validVpnRequest,
  type TestContext,
} from './helpers.js';
import { adminCall, createOperator, createReviewContext, listPage, type Operator } from './review-helpers.js';

let ctx: TestContext;
let admin: Operator;
let viewer: Operator;

beforeAll(async () => {
  ctx = await createReviewContext('review_public_flow');
  admin = await createOperator(ctx, 'admin');
  viewer = await createOperator(ctx, 'view_only');
});
afterAll(async () => {
  await ctx?.close();
});

/** Submits a form from `ip`, then verifies it with the e-mailed code (after one wrong try when asked). */
async function submitAndVerify(
  form: 'waitlist' | 'vpn-request' | 'contact',
  body: Record<string, unknown>,
  ip: string,
  opts: { wrongTryFirst?: boolean; verify?: boolean } = {},
): Promise<string> {
  const res = await post(ctx, `/api/${form}`, body, { ip });
  expect(res.statusCode).toBe(200);
  const { requestId } = res.json() as { requestId: string };
  if (opts.verify === false) return requestId;
  const code = await latestCode(ctx.mailQueue, requestId);
  const verifyUrl = `/api/verify-${form === 'vpn-request' ? 'vpn' : form}-otp`;
  if (opts.wrongTryFirst) {
    const wrong = await post(ctx, verifyUrl, { requestId, otpCode: otherCode(code) }, { ip });
    expect(wrong.statusCode).toBe(400);
  }
  const ok = await post(ctx, verifyUrl, { requestId, otpCode: code }, { ip });
  expect(ok.statusCode).toBe(200);
  return requestId;
}

async function stats(operator: Operator = viewer) {
  const res = await adminCall(ctx, operator, 'GET', '/dashboard/overview');
  expect(res.statusCode).toBe(200);
  return res.json().data.stats;
}

/** The registration_logs rows of an address as the merged list must show them, newest first. */
async function visitorRowsOf(email: string): Promise<LogRow[]> {
  const result = await sql<{
    id: number;
    email: string;
    action: string;
    success: boolean;
    ip_address: string | null;
    error_message: string | null;
    additional_data: Record<string, unknown> | null;
    created_at: Date;
  }>`select id, email, action, success, ip_address, error_message, additional_data, created_at
     from registration_logs where email = ${email} order by created_at desc, id desc`.execute(ctx.db);
  return result.rows.map((r) => ({
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
  }));
}

describe('a waitlist sign-up, seen from the back-office', () => {
  const email = uniqueEmail('flow-wait');
  const ip = nextIp();
  let requestId: string;

  beforeAll(async () => {
    requestId = await submitAndVerify(
      'waitlist',
      { email, company: 'Flow & Co', useCase: 'fraud-prevention' },
      ip,
      { wrongTryFirst: true },
    );
  });

  it('is listed on the Waitlist, verified, with the visitor address', async () => {
    const page = await listPage<WaitlistEntryRow>(ctx, viewer, 'waitlist', { search: email });
    expect(page.pagination.total).toBe(1);
    expect(page.rows).toEqual([
      {
        id: requestId,
        email,
        company: 'Flow & Co',
        useCase: 'fraud-prevention',
        isVerified: true,
        status: 'Waiting',
        notes: '',
        createdAt: expect.any(String),
        ipAddress: ip,
        // A visitor's row no operator has changed yet: first version, no editor.
        version: 1,
        updatedAt: expect.any(String),
        updatedBy: null,
      },
    ]);
  });

  it('leaves its attempt, code and verification rows, and the wrong try, in the Logs', async () => {
    const expected = await visitorRowsOf(email);
    expect(expected.map((r) => r.action).sort()).toEqual(
      ['otp_failed', 'otp_sent', 'otp_verified', 'waitlist_attempt'].sort(),
    );
    const page = await listPage<LogRow>(ctx, viewer, 'logs', { search: email, limit: 100 });
    expect(page.rows).toEqual(expected);
    expect(page.rows.every((r) => r.ipAddress === ip)).toBe(true);
    const failed = page.rows.find((r) => r.action === 'otp_failed')!;
    expect(failed.success).toBe(false);
    expect(typeof failed.errorMessage).toBe('string');

    for (const action of ['waitlist_attempt', 'otp_sent', 'otp_verified'] as const) {
      const filtered = await listPage<LogRow>(ctx, viewer, 'logs', { action, search: email });
      expect(filtered.rows.map((r) => r.action)).toEqual([action]);
    }
    // The visitor rows are found by address too.
    const byIp = await listPage<LogRow>(ctx, viewer, 'logs', { search: ip, limit: 100 });
    expect(byIp.rows.map((r) => r.id)).toEqual(expect.arrayContaining(expected.map((r) => r.id)));
  });
});

describe('a VPN request and a contact message, seen from the back-office', () => {
  it('lists the verified VPN request with its request number and logs vpn_request_attempt', async () => {
    const email = uniqueEmail('flow-vpn');
    const ip = nextIp();
    const requestId = await submitAndVerify('vpn-request', validVpnRequest(email), ip);
    const page = await listPage<VpnRequestRow>(ctx, viewer, 'vpn-requests', { search: email });
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: requestId,
        vpnName: 'Turbo VPN',
        userEmail: email,
        playstoreLink: validVpnRequest(email).playstoreLink,
        additionalInfo: validVpnRequest(email).additionalInfo,
        isVerified: true,
        status: 'Waiting',
        requestNumber: expect.any(String),
      }),
    ]);
    const logs = await listPage<LogRow>(ctx, viewer, 'logs', {
      action: 'vpn_request_attempt',
      search: email,
    });
    expect(logs.rows).toEqual([
      expect.objectContaining({ type: 'visitor', email, ipAddress: ip, success: true }),
    ]);
  });

  it('lists the verified contact and logs contact_form', async () => {
    const email = uniqueEmail('flow-contact');
    const ip = nextIp();
    const requestId = await submitAndVerify('contact', validContact(email), ip);
    const page = await listPage<ContactRow>(ctx, viewer, 'contacts', { search: email });
    expect(page.rows).toEqual([
      {
        id: requestId,
        name: validContact(email).name,
        email,
        subject: validContact(email).subject,
        message: validContact(email).message,
        isVerified: true,
        status: 'Waiting',
        notes: '',
        createdAt: expect.any(String),
        version: 1,
        updatedAt: expect.any(String),
        updatedBy: null,
      },
    ]);
    const logs = await listPage<LogRow>(ctx, viewer, 'logs', { action: 'contact_form', search: email });
    expect(logs.rows).toEqual([expect.objectContaining({ type: 'visitor', email, ipAddress: ip })]);
  });

  it('lists an unverified submission under verified=false only', async () => {
    const email = uniqueEmail('flow-unverified');
    const requestId = await submitAndVerify('contact', validContact(email), nextIp(), { verify: false });
    const unverified = await listPage<ContactRow>(ctx, viewer, 'contacts', {
      search: email,
      verified: 'false',
    });
    expect(unverified.rows.map((r) => r.id)).toEqual([requestId]);
    const verified = await listPage<ContactRow>(ctx, viewer, 'contacts', { search: email, verified: 'true' });
    expect(verified.rows).toEqual([]);
  });
});

describe('the Overview and the operator writes on public rows', () => {
  it('counts each submission, and each verification when it happens', async () => {
    const before = await stats();
    const email = uniqueEmail('flow-count');
    const ip = nextIp();
    const requestId = await submitAndVerify('waitlist', { email }, ip, { verify: false });
    const submitted = await stats();
    expect(submitted.waitlist).toEqual({
      total: before.waitlist.total + 1,
      verified: before.waitlist.verified,
    });
    const code = await latestCode(ctx.mailQueue, requestId);
    expect(
      (await post(ctx, '/api/verify-waitlist-otp', { requestId, otpCode: code }, { ip })).statusCode,
    ).toBe(200);
    const verified = await stats();
    expect(verified.waitlist).toEqual({
      total: before.waitlist.total + 1,
      verified: before.waitlist.verified + 1,
    });
    expect(verified.vpnRequests).toEqual(before.vpnRequests);
    expect(verified.contacts).toEqual(before.contacts);
  });

  it('lets an admin mark a public row Complete and delete it; the lists and Overview follow', async () => {
    const email = uniqueEmail('flow-write');
    const requestId = await submitAndVerify('vpn-request', validVpnRequest(email), nextIp());
    const before = await stats();

    const patched = await adminCall(ctx, admin, 'PATCH', `/data/vpn-requests/${requestId}`, {
      status: 'Complete',
      notes: 'Added to the database',
    });
    expect(patched.statusCode).toBe(200);
    const listed = await listPage<VpnRequestRow>(ctx, viewer, 'vpn-requests', { search: email });
    expect(listed.rows[0]).toMatchObject({
      status: 'Complete',
      notes: 'Added to the database',
      isVerified: true,
    });
    // A status is the operator's, not the visitor's verification: the Overview does not move.
    expect(await stats()).toEqual(before);

    expect((await adminCall(ctx, admin, 'DELETE', `/data/vpn-requests/${requestId}`)).statusCode).toBe(200);
    expect((await listPage(ctx, viewer, 'vpn-requests', { search: email })).pagination.total).toBe(0);
    expect((await stats()).vpnRequests).toEqual({
      total: before.vpnRequests.total - 1,
      verified: before.vpnRequests.verified - 1,
    });

    // Both writes are in the merged Logs as the operator's rows.
    const logs = await listPage<LogRow>(ctx, viewer, 'logs', { search: admin.identity.username, limit: 100 });
    expect(logs.rows.map((r) => r.action).sort()).toEqual(['vpn_request_deleted', 'vpn_request_updated']);
    expect(logs.rows.every((r) => r.type === 'admin' && r.resourceId === requestId)).toBe(true);
  });
});
