import { randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  ADMIN_SESSION_COOKIE,
  INTERNAL_SESSION_RESOLVE_PATH,
  type AdminIdentity,
} from '@tunnelscope/contracts';
import {
  ADMIN_IDENTITY_HEADER,
  ADMIN_SIGNATURE_HEADER,
  GATEWAY_TOKEN_HEADER,
  internalKeyring,
  signAdminIdentity,
  type InternalRequest,
} from '@tunnelscope/service-kit';
import {
  MINUTE,
  auditRows,
  call,
  createAdmin,
  createTestContext,
  gatewayHeaders,
  identityOf,
  internalRequest,
  resolve,
  setCookies,
  signIn,
  type TestContext,
} from './helpers.js';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sessions');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const lastActivity = async (token: string) => {
    const { sessionId } = await identityOf(ctx, token);
    const row = await ctx.db
      .selectFrom('admin_sessions')
      .select('last_activity')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return row.last_activity.getTime();
  };

  describe(`POST ${INTERNAL_SESSION_RESOLVE_PATH}`, () => {
    it('answers the identity of a live session', async () => {
      const admin = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, admin);
      const res = await resolve(ctx, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          identity: {
            adminId: admin.row.id,
            sessionId: expect.any(String),
            username: admin.row.username,
            email: admin.row.email,
            role: 'view_only',
            twoFactorEnabled: false,
            mustChangePassword: false,
          },
        },
      });
    });

    it('answers 401 with the session-expired message for an unknown or malformed token', async () => {
      for (const token of ['A'.repeat(43), 'not a token']) {
        const res = await resolve(ctx, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({
          success: false,
          error: 'UNAUTHORIZED',
          message: ADMIN_MESSAGES.sessionExpired,
        });
      }
    });

    it('does not exist for callers other than the gateway', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      for (const headers of [{}, { [GATEWAY_TOKEN_HEADER]: 'a-guess-at-the-secret-0123456789abcdef' }]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: INTERNAL_SESSION_RESOLVE_PATH,
          headers: { 'content-type': 'application/json', ...headers },
          payload: { token, touch: true },
        });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(admin.row.username);
      }
    });

    it('answers 400 to a malformed request', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: INTERNAL_SESSION_RESOLVE_PATH,
        headers: {
          ...gatewayHeaders(ctx, '10.0.0.1', { method: 'POST', url: INTERNAL_SESSION_RESOLVE_PATH }),
          'content-type': 'application/json',
        },
        payload: { token: 'x' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('lifetime', () => {
    it('ends a session idle for 30 minutes', async () => {
      const token = await signIn(ctx, await createAdmin(ctx));
      ctx.clock.advance(29 * MINUTE);
      expect((await resolve(ctx, token)).statusCode).toBe(200);
      // That call was the operator's own: it moved the last activity, so 29 more minutes are fine.
      ctx.clock.advance(29 * MINUTE);
      expect((await resolve(ctx, token)).statusCode).toBe(200);
      ctx.clock.advance(30 * MINUTE + 1000);
      expect((await resolve(ctx, token)).statusCode).toBe(401);
    });

    it('does not move the last activity for background calls, so polling alone does not keep a session alive', async () => {
      const token = await signIn(ctx, await createAdmin(ctx));
      const start = await lastActivity(token);
      ctx.clock.advance(20 * MINUTE);
      expect((await resolve(ctx, token, false)).statusCode).toBe(200);
      expect(await lastActivity(token)).toBe(start);
      ctx.clock.advance(11 * MINUTE);
      expect((await resolve(ctx, token, false)).statusCode).toBe(401);
    });

    it('ends a session 12 hours after sign-in however active it is', async () => {
      const token = await signIn(ctx, await createAdmin(ctx));
      for (let i = 0; i < 47; i++) {
        ctx.clock.advance(15 * MINUTE);
        expect((await resolve(ctx, token)).statusCode).toBe(200);
      }
      ctx.clock.advance(15 * MINUTE);
      expect((await resolve(ctx, token)).statusCode).toBe(401);
    });

    it('keeps a Remember me session 30 days without an idle timeout', async () => {
      const token = await signIn(ctx, await createAdmin(ctx), { rememberMe: true });
      const { sessionId } = await identityOf(ctx, token);
      const row = await ctx.db
        .selectFrom('admin_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(row.remember_me).toBe(true);
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(30 * DAY);
      ctx.clock.advance(20 * DAY);
      expect((await resolve(ctx, token, false)).statusCode).toBe(200);
      ctx.clock.advance(10 * DAY);
      expect((await resolve(ctx, token, false)).statusCode).toBe(401);
    });

    it('ends the sessions of a deactivated account at once', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const operator = await signIn(ctx, await createAdmin(ctx));
      const res = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, operator, {
        payload: { isActive: false },
      });
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, token)).statusCode).toBe(401);
      const live = await ctx.db
        .selectFrom('admin_sessions')
        .select('id')
        .where('admin_id', '=', admin.row.id)
        .where('is_active', '=', true)
        .execute();
      expect(live).toHaveLength(0);
    });
  });

  describe('POST /auth/logout', () => {
    it('ends the session at once, clears the cookie and logs it', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const other = await signIn(ctx, admin);
      const identity = await identityOf(ctx, token);
      const res = await call(ctx, 'POST', '/auth/logout', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      const cleared = setCookies(res).get(ADMIN_SESSION_COOKIE)!;
      expect(cleared.value).toBe('');
      expect(cleared.raw).toContain('Max-Age=0');
      expect((await resolve(ctx, token)).statusCode).toBe(401);
      // Only that session: the operator's other browser stays signed in.
      expect((await resolve(ctx, other)).statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'logout', adminId: admin.row.id });
      expect(log).toMatchObject({ session_id: identity.sessionId, resource_id: identity.sessionId });
      // The identity the gateway signed a moment ago no longer opens anything.
      const late = await call(ctx, 'GET', '/auth/me', identity);
      expect(late.statusCode).toBe(401);
    });
  });

  describe('GET /data/active-sessions', () => {
    it("lists every admin's live sessions, marks the caller's own, and logs the view", async () => {
      const a = await createAdmin(ctx);
      const b = await createAdmin(ctx, { role: 'view_only' });
      const tokenA = await signIn(ctx, a, { ip: '192.168.1.20' });
      const tokenB = await signIn(ctx, b);
      const dead = await signIn(ctx, b);
      await call(ctx, 'POST', '/auth/logout', dead);
      const res = await call(ctx, 'GET', '/data/active-sessions', tokenB);
      expect(res.statusCode).toBe(200);
      const sessions = res.json().data.sessions as { id: string; username: string; isCurrent: boolean }[];
      const mine = await identityOf(ctx, tokenB);
      const ofA = await identityOf(ctx, tokenA);
      expect(sessions.find((s) => s.id === mine.sessionId)).toMatchObject({
        username: b.row.username,
        isCurrent: true,
      });
      expect(sessions.find((s) => s.id === ofA.sessionId)).toMatchObject({
        username: a.row.username,
        email: a.row.email,
        ipAddress: '192.168.1.20',
        userAgent: expect.stringContaining('Chrome'),
        isCurrent: false,
        lastActivity: expect.any(String),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(sessions.filter((s) => s.username === b.row.username)).toHaveLength(1);
      expect(await auditRows(ctx, { action: 'active_sessions_view', adminId: b.row.id })).toHaveLength(1);
    });

    it('does not log (or touch the session for) the background poll that follows a logged view', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      expect((await call(ctx, 'GET', '/data/active-sessions', token)).statusCode).toBe(200);
      const before = await lastActivity(token);
      ctx.clock.advance(MINUTE);
      const res = await call(ctx, 'GET', '/data/active-sessions', token, { background: true });
      expect(res.statusCode).toBe(200);
      // The view itself only: the header cannot hide a first view (issue 13, item 8).
      expect(await auditRows(ctx, { action: 'active_sessions_view', adminId: admin.row.id })).toHaveLength(1);
      expect(await lastActivity(token)).toBe(before);
    });
  });

  describe('POST /data/disconnect-session', () => {
    it("lets an admin disconnect anyone's session, which is dead at once", async () => {
      const operator = await signIn(ctx, await createAdmin(ctx));
      const target = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, target);
      const { sessionId } = await identityOf(ctx, token);
      const res = await call(ctx, 'POST', '/data/disconnect-session', operator, { payload: { sessionId } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String) });
      expect((await resolve(ctx, token)).statusCode).toBe(401);
      const rows = await auditRows(ctx, { action: 'session_disconnect' });
      expect(rows.find((r) => r.resource_id === sessionId)).toMatchObject({ success: true });
    });

    it("refuses a view_only operator another's session with 403, and logs it", async () => {
      const victim = await signIn(ctx, await createAdmin(ctx));
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const viewerToken = await signIn(ctx, viewer);
      const { sessionId } = await identityOf(ctx, victim);
      const res = await call(ctx, 'POST', '/data/disconnect-session', viewerToken, {
        payload: { sessionId },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.viewOnly);
      expect((await resolve(ctx, victim)).statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id });
      expect(log).toMatchObject({ success: false, resource: 'admin_session', resource_id: sessionId });
    });

    it('lets a view_only operator disconnect their own other session', async () => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const here = await signIn(ctx, viewer);
      const there = await signIn(ctx, viewer);
      const { sessionId } = await identityOf(ctx, there);
      const res = await call(ctx, 'POST', '/data/disconnect-session', here, { payload: { sessionId } });
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, there)).statusCode).toBe(401);
    });

    it('answers 404 for an unknown or already ended session and 400 for a malformed id', async () => {
      const operator = await signIn(ctx, await createAdmin(ctx));
      const unknown = await call(ctx, 'POST', '/data/disconnect-session', operator, {
        payload: { sessionId: randomUUID() },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ADMIN_MESSAGES.sessionNotFound);
      const malformed = await call(ctx, 'POST', '/data/disconnect-session', operator, {
        payload: { sessionId: 'x' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(ADMIN_MESSAGES.sessionNotFound);
    });
  });

  describe('the identity the gateway signs', () => {
    let token: string;
    let identity: AdminIdentity;
    beforeAll(async () => {
      token = await signIn(ctx, await createAdmin(ctx, { role: 'view_only' }));
      identity = await identityOf(ctx, token);
    });

    /** GET /auth/me through the gateway, with the identity headers `sign` makes for that request. */
    const me = (sign: (req: InternalRequest) => Record<string, string>) => {
      const req = internalRequest('GET', '/auth/me');
      return ctx.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { ...gatewayHeaders(ctx, '203.0.113.9', req), ...sign(req) },
      });
    };
    const ring = () => internalKeyring(ctx.config);

    it('opens the call when signed with the shared secret and fresh', async () => {
      const res = await me((req) => signAdminIdentity(identity, ring(), req));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(identity.adminId);
    });

    it.each([
      ['no identity at all', () => ({})],
      [
        'an unsigned identity',
        (req: InternalRequest) => ({
          [ADMIN_IDENTITY_HEADER]: signAdminIdentity(identity, ring(), req)[ADMIN_IDENTITY_HEADER],
        }),
      ],
      [
        'an identity signed with another secret',
        (req: InternalRequest) =>
          signAdminIdentity(
            identity,
            internalKeyring({ INTERNAL_SHARED_SECRET: 'someone-else-entirely-0123456789abcdef' }),
            req,
          ),
      ],
      [
        'a role raised after signing',
        (req: InternalRequest) => {
          const signed = signAdminIdentity(identity, ring(), req);
          const forged = Buffer.from(
            JSON.stringify({ identity: { ...identity, role: 'admin' }, iat: Math.floor(Date.now() / 1000) }),
          ).toString('base64url');
          return {
            [ADMIN_IDENTITY_HEADER]: forged,
            [ADMIN_SIGNATURE_HEADER]: signed[ADMIN_SIGNATURE_HEADER],
          };
        },
      ],
      [
        'a stale signature (replayed two minutes later)',
        (req: InternalRequest) =>
          signAdminIdentity(identity, ring(), req, Math.floor(Date.now() / 1000) - 120),
      ],
    ])('refuses %s with 401', async (_label, headers) => {
      const res = await me(headers as (req: InternalRequest) => Record<string, string>);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    });

    it('refuses a validly signed identity whose session is dead, or whose account is gone', async () => {
      const ghost = { ...identity, sessionId: randomUUID() };
      expect((await me((req) => signAdminIdentity(ghost, ring(), req))).statusCode).toBe(401);
    });

    it('uses the role the database has now, not the one signed', async () => {
      // Signed as admin (say, just before a demotion): the write is still refused.
      const res = await call(
        ctx,
        'POST',
        '/admin-users',
        { ...identity, role: 'admin' },
        {
          payload: {
            username: 'escalated',
            email: 'escalated@tunnelscope.example',
            password: 'Str0ng-Passw0rd!',
          },
        },
      );
      expect(res.statusCode).toBe(403);
    });
  });
});
