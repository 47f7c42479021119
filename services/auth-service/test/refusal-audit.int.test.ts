/**
 * Issue 13 item 8: the refusals the gateway makes on the admin API become admin_logs rows
 * (`permission_denied`, marked as the gateway's), through an internal route only it may call.
 */
import { INTERNAL_REFUSAL_AUDIT_PATH, type GatewayRefusalReport } from '@tunnelscope/contracts';
import { auditRows, createTestContext, gatewayHeaders, type TestContext } from './helpers.js';

const report: GatewayRefusalReport = {
  refusals: [
    {
      reason: 'cross_origin',
      status: 403,
      method: 'POST',
      path: '/admin-users',
      ip: '198.51.100.23',
      userAgent: 'curl/8.0',
      requestId: 'req-cross-origin-1',
      at: '2026-11-25T22:00:00.000Z',
    },
    {
      reason: 'session_expired',
      status: 401,
      method: 'DELETE',
      path: '/data/waitlist/7',
      ip: '198.51.100.24',
      userAgent: null,
      requestId: 'req-expired-1',
      at: '2026-11-25T22:00:01.000Z',
    },
  ],
  suppressed: { no_session: 40, cross_origin: 2 },
};

describe('POST /internal/audit/refusals', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('refusal_audit');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (body: unknown, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: INTERNAL_REFUSAL_AUDIT_PATH,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('writes one row per refusal and one summary row for what the gateway only counted', async () => {
    const res = await post(
      report,
      gatewayHeaders(ctx, '10.0.0.1', { method: 'POST', url: INTERNAL_REFUSAL_AUDIT_PATH }),
    );
    expect(res.statusCode).toBe(204);
    const rows = await auditRows(ctx, { action: 'permission_denied' });
    expect(rows).toHaveLength(3);
    const byRequest = new Map(rows.map((r) => [(r.details as { requestId: string }).requestId, r]));
    expect(byRequest.get('req-cross-origin-1')).toMatchObject({
      admin_id: null,
      ip_address: '198.51.100.23',
      user_agent: 'curl/8.0',
      success: false,
      resource: 'gateway',
      details: {
        source: 'gateway',
        reason: 'cross_origin',
        status: 403,
        method: 'POST',
        path: '/admin-users',
      },
    });
    expect(byRequest.get('req-expired-1')).toMatchObject({
      ip_address: '198.51.100.24',
      details: { reason: 'session_expired', method: 'DELETE', path: '/data/waitlist/7' },
    });
    const summary = rows.find((r) => (r.details as { reason: string }).reason === 'rate_limited');
    expect(summary?.details).toMatchObject({ suppressed: { no_session: 40, cross_origin: 2 } });
  });

  it('does not exist for a caller that is not the gateway, and writes nothing', async () => {
    const before = (await auditRows(ctx)).length;
    const res = await post(report, { 'x-forwarded-for': '6.6.6.6' });
    expect(res.statusCode).toBe(404);
    expect((await auditRows(ctx)).length).toBe(before);
  });

  it('refuses a malformed report with 400 in the error shape', async () => {
    const res = await post(
      { refusals: [{ reason: 'whatever' }] },
      gatewayHeaders(ctx, '10.0.0.1', { method: 'POST', url: INTERNAL_REFUSAL_AUDIT_PATH }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });
});
