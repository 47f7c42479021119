/**
 * Issue 13 item 8 (gateway part): the admin calls the gateway refuses itself reach auth-service's
 * audit endpoint (and so `admin_logs`), off the answer's path.
 */
import type { GatewayRefusalReport } from '@tunnelscope/contracts';
import { ADMIN_HEX, adminHeaders, send, useGatewayWithUpstreams } from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;
const rowsOf = (reports: GatewayRefusalReport[]) => reports.flatMap((r) => r.refusals);

describe("the gateway's refusals on the admin API are audited", () => {
  const ctx = useGatewayWithUpstreams();

  it('reports cross-origin and non-JSON writes (sign-in included) and writes without a live session', async () => {
    const answers = await Promise.all([
      send(`${ctx.gw.url}${P}/admin-users`, {
        method: 'POST',
        headers: adminHeaders(ctx.gw.url, { origin: 'https://evil.example', 'user-agent': 'curl/8' }),
        body: '{}',
      }),
      send(`${ctx.gw.url}${P}/auth/login`, {
        method: 'POST',
        headers: { origin: ctx.gw.url, 'content-type': 'text/plain' },
        body: 'username=a',
      }),
      send(`${ctx.gw.url}${P}/data/waitlist/7?x=1`, {
        method: 'DELETE',
        headers: { origin: ctx.gw.url },
      }),
      send(`${ctx.gw.url}${P}/admin-users/1`, {
        method: 'PUT',
        headers: adminHeaders(ctx.gw.url, { cookie: 'ts_admin_session=an-expired-session-token-000' }),
        body: '{}',
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 415, 401, 401]);
    const reports = await ctx.auth.auditsUntil((r) => rowsOf(r).length >= 4);
    const rows = rowsOf(reports);
    const byId = new Map(rows.map((r) => [r.requestId, r]));
    expect(byId.get(String(answers[0]!.headers['x-request-id']))).toMatchObject({
      reason: 'cross_origin',
      status: 403,
      method: 'POST',
      path: '/admin-users',
      ip: '127.0.0.1',
      userAgent: 'curl/8',
    });
    expect(byId.get(String(answers[1]!.headers['x-request-id']))).toMatchObject({
      reason: 'not_json',
      status: 415,
      path: '/auth/login',
    });
    expect(byId.get(String(answers[2]!.headers['x-request-id']))).toMatchObject({
      reason: 'no_session',
      method: 'DELETE',
      path: '/data/waitlist/7',
    });
    expect(byId.get(String(answers[3]!.headers['x-request-id']))).toMatchObject({
      reason: 'session_expired',
      method: 'PUT',
    });
    // The report vouches for the gateway like every internal call, and never reaches the routes.
    expect(ctx.auth.audits[0]!.headers['x-tunnelscope-gateway']).toBeTruthy();
    expect(ctx.auth.seen).toHaveLength(0);
  });

  it('does not report reads without a session (a panel left open keeps polling)', async () => {
    const read = await send(`${ctx.gw.url}${P}/data/waitlist`);
    expect(read.status).toBe(401);
    // A refused write afterwards is reported alone: the read before it was not queued.
    const write = await send(`${ctx.gw.url}${P}/data/waitlist/1`, {
      method: 'DELETE',
      headers: { origin: ctx.gw.url },
    });
    const reports = await ctx.auth.auditsUntil((r) => rowsOf(r).length >= 1);
    expect(rowsOf(reports).map((r) => r.requestId)).toEqual([write.headers['x-request-id']]);
  });
});
