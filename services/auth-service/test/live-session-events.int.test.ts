/**
 * Sessions starting and ending reach open panels (issue 16 item 5): sign-in announces
 * `sessions.changed`; logout and a disconnect announce `sessions.changed` and `session.ended`
 * (every open live stream then re-checks its session); a refused write announces nothing.
 */
import { ADMIN_API } from '@tunnelscope/contracts';
import { liveStreamKey } from '@tunnelscope/live-events';
import { call, createAdmin, createTestContext, identityOf, signIn, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext('live_sessions');
});
afterAll(async () => {
  await ctx?.close();
});

/** The event names on the shared stream after `fromId`, waiting until `count` are there. */
async function eventsAfter(fromId: string, count: number): Promise<{ names: string[]; lastId: string }> {
  const key = liveStreamKey(ctx.config.REDIS_PREFIX);
  for (;;) {
    const entries = (await ctx.redis.xrange(key, `(${fromId}`, '+')) as [string, string[]][];
    if (entries.length >= count) {
      return { names: entries.map(([, f]) => f[f.indexOf('event') + 1]!), lastId: entries.at(-1)![0] };
    }
    // Published after the answer: poll the stream until the hook's XADD landed.
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live session events', () => {
  it('announces a sign-in as sessions.changed, a logout as sessions.changed and session.ended', async () => {
    const admin = await createAdmin(ctx, { role: 'admin' });
    let cursor = '0-0';
    const token = await signIn(ctx, admin);
    const afterLogin = await eventsAfter(cursor, 1);
    expect(afterLogin.names).toEqual(['sessions.changed']);
    cursor = afterLogin.lastId;

    const res = await call(ctx, 'POST', ADMIN_API.logout.path, token, { payload: {} });
    expect(res.statusCode).toBe(200);
    const afterLogout = await eventsAfter(cursor, 2);
    expect(afterLogout.names).toEqual(['sessions.changed', 'session.ended']);
  });

  it('announces a disconnect by another admin, and nothing for a refused one', async () => {
    const key = liveStreamKey(ctx.config.REDIS_PREFIX);
    const admin = await createAdmin(ctx, { role: 'admin' });
    const other = await createAdmin(ctx, { role: 'view_only' });
    const adminToken = await signIn(ctx, admin);
    const otherToken = await signIn(ctx, other);
    const { sessionId } = await identityOf(ctx, otherToken);
    const newest = (await ctx.redis.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
    const cursor = newest[0]![0];

    // A session that does not exist: refused, so no event.
    const refused = await call(ctx, 'POST', ADMIN_API.disconnectSession.path, adminToken, {
      payload: { sessionId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const done = await call(ctx, 'POST', ADMIN_API.disconnectSession.path, adminToken, {
      payload: { sessionId },
    });
    expect(done.statusCode).toBe(200);
    expect((await eventsAfter(cursor, 2)).names).toEqual(['sessions.changed', 'session.ended']);
  });
});
