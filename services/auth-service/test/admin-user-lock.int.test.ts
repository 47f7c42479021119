/**
 * Issue 13, item 15 (a locked-out operator is freed from the panel: lock state in the list, an
 * audited Unlock and an audited Reset 2FA) and the auth-service part of item 8 (the audit log
 * misses nothing: role checks before id parsing, the sessions view behind the background header).
 */
import { ADMIN_MESSAGES, LOCKOUT_THRESHOLD, adminUserActionResponseSchema } from '@tunnelscope/contracts';
import { createAuthServices } from '../src/services.js';
import {
  MINUTE,
  auditRows,
  call,
  challengeOf,
  codeNow,
  createAdmin,
  createTestContext,
  identityOf,
  login,
  loginStep1,
  nextTotpStep,
  resolve,
  signIn,
  type TestAdmin,
  type TestContext,
  SESSION_OF_SERVICE_CALL,
} from './helpers.js';

describe('locked-out and lost-device operators (issue 13, item 15)', () => {
  let ctx: TestContext;
  let adminToken: string;
  let admin: TestAdmin;
  beforeAll(async () => {
    ctx = await createTestContext('admin_user_lock');
    admin = await createAdmin(ctx);
    adminToken = await signIn(ctx, admin);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function lockOut(target: TestAdmin) {
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      await loginStep1(ctx, target, { password: `Wrong-guess-${i}!` });
    }
  }

  it('shows lockedUntil and failedLoginAttempts in the Admin Users list', async () => {
    const target = await createAdmin(ctx, { role: 'view_only' });
    await lockOut(target);
    const res = await call(ctx, 'GET', '/data/admin-users', adminToken, {
      query: { search: target.row.username },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data.entries;
    expect(entry).toMatchObject({ id: target.row.id, failedLoginAttempts: LOCKOUT_THRESHOLD });
    expect(new Date(entry.lockedUntil).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    // Once the lock has run out it is shown as no lock.
    ctx.clock.advance(16 * MINUTE);
    const later = await call(ctx, 'GET', '/data/admin-users', adminToken, {
      query: { search: target.row.username },
    });
    expect(later.json().data.entries[0]).toMatchObject({ lockedUntil: null, failedLoginAttempts: 0 });
    adminToken = await signIn(ctx, admin);
  });

  describe('POST /admin-users/{id}/unlock', () => {
    it('lifts the lock, answers the user, is audited, and the operator can sign in again', async () => {
      const target = await createAdmin(ctx);
      await lockOut(target);
      expect((await loginStep1(ctx, target)).statusCode).toBe(401);
      const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/unlock`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(adminUserActionResponseSchema.safeParse(res.json()).success).toBe(true);
      expect(res.json().data.user).toMatchObject({
        id: target.row.id,
        lockedUntil: null,
        failedLoginAttempts: 0,
      });
      const [log] = await auditRows(ctx, { action: 'admin_user_unlock' });
      expect(log).toMatchObject({ admin_id: admin.row.id, resource_id: target.row.id, success: true });
      expect(log!.details).toMatchObject({
        failedAttempts: LOCKOUT_THRESHOLD,
        lockedUntil: expect.any(String),
      });
      expect((await loginStep1(ctx, target)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown account', async () => {
      const res = await call(ctx, 'POST', `/admin-users/${crypto.randomUUID()}/unlock`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADMIN_MESSAGES.adminUserNotFound);
    });

    it('refuses a view_only operator with 403, audited as permission_denied, even for a malformed id', async () => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, viewer);
      const target = await createAdmin(ctx);
      for (const id of [target.row.id, 'not-a-uuid']) {
        const res = await call(ctx, 'POST', `/admin-users/${id}/unlock`, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.viewOnly);
      }
      const denied = await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id });
      expect(denied).toHaveLength(2);
    });
  });

  describe('POST /admin-users/{id}/reset-2fa', () => {
    it('turns 2FA off, ends the operator’s sessions and challenge, is audited, and sign-in is one step again', async () => {
      const target = await createAdmin(ctx, { twoFactor: true });
      const session = await signIn(ctx, target);
      const pending = challengeOf(await loginStep1(ctx, target));
      const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/reset-2fa`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ id: target.row.id, twoFactorEnabled: false });
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', target.row.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        two_factor_secret: null,
        two_factor_pending_secret: null,
        backup_codes: [],
      });
      expect((await resolve(ctx, session)).statusCode).toBe(401);
      // A step 1 made before the reset cannot finish with the old device.
      nextTotpStep(ctx);
      const late = await login(
        ctx,
        {
          username: target.row.username,
          password: target.password,
          totpCode: await codeNow(ctx, target.totpSecret!),
        },
        { challenge: pending },
      );
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
      const [log] = await auditRows(ctx, { action: 'admin_user_reset_2fa' });
      expect(log).toMatchObject({ admin_id: admin.row.id, resource_id: target.row.id, success: true });
      expect(log!.details).toMatchObject({ wasEnabled: true, sessionsEnded: 1 });
      expect((await loginStep1(ctx, target)).statusCode).toBe(200);
    });

    it('refuses a view_only operator with 403, audited', async () => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, viewer);
      const target = await createAdmin(ctx, { twoFactor: true });
      const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/reset-2fa`, token);
      expect(res.statusCode).toBe(403);
      expect(await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id })).toHaveLength(1);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select('two_factor_enabled')
        .where('id', '=', target.row.id)
        .executeTakeFirstOrThrow();
      expect(row.two_factor_enabled).toBe(true);
    });
  });
});

describe('the audit log misses nothing (issue 13, item 8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('audit_complete');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each([
    ['PUT', '/admin-users/not-a-uuid', { role: 'admin' }],
    ['DELETE', '/admin-users/not-a-uuid', undefined],
    ['POST', '/admin-users/12345/reset-password', undefined],
  ] as const)(
    'answers a view_only %s %s with the role refusal, audited, before parsing the id',
    async (method, url, payload) => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, viewer);
      const res = await call(ctx, method, url, token, payload === undefined ? {} : { payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.viewOnly);
      const denied = await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id });
      expect(denied).toHaveLength(1);
    },
  );

  it('still answers an admin 404 for a malformed id', async () => {
    const token = await signIn(ctx, await createAdmin(ctx));
    const res = await call(ctx, 'DELETE', '/admin-users/not-a-uuid', token);
    expect(res.statusCode).toBe(404);
  });

  it('writes the active_sessions_view row of a session whose first view came with x-admin-background', async () => {
    const viewer = await createAdmin(ctx, { role: 'view_only' });
    const token = await signIn(ctx, viewer);
    const res = await call(ctx, 'GET', '/data/active-sessions', token, { background: true });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(ctx, { action: 'active_sessions_view', adminId: viewer.row.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.session_id).toBe((await identityOf(ctx, token)).sessionId);
    // The panel's polls after it stay quiet.
    await call(ctx, 'GET', '/data/active-sessions', token, { background: true });
    expect(await auditRows(ctx, { action: 'active_sessions_view', adminId: viewer.row.id })).toHaveLength(1);
  });

  describe('the own account named by an upper-case id (the same uuid to Postgres)', () => {
    it('is still the own account: no self-demotion, and the sole admin gets the audited self refusal, not a silent 409', async () => {
      const solo = await createTestContext('audit_self_case');
      try {
        const only = await createAdmin(solo);
        const token = await signIn(solo, only);
        const upper = only.row.id.toUpperCase();
        const demote = await call(solo, 'PUT', `/admin-users/${upper}`, token, {
          payload: { role: 'view_only' },
        });
        expect(demote.statusCode).toBe(403);
        expect(demote.json().message).toBe(ADMIN_MESSAGES.cannotChangeSelf);
        const remove = await call(solo, 'DELETE', `/admin-users/${upper}`, token);
        expect(remove.statusCode).toBe(403);
        const denied = await auditRows(solo, { action: 'permission_denied', adminId: only.row.id });
        expect(denied).toHaveLength(2);
        expect(denied.map((d) => d.resource_id)).toEqual([only.row.id, only.row.id]);

        // With a second admin the self-demotion would otherwise go through.
        await createAdmin(solo);
        const again = await call(solo, 'PUT', `/admin-users/${upper}`, token, {
          payload: { isActive: false },
        });
        expect(again.statusCode).toBe(403);
        const row = await solo.db
          .selectFrom('admin_users')
          .select(['role', 'is_active'])
          .where('id', '=', only.row.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ role: 'admin', is_active: true });
      } finally {
        await solo.close();
      }
    });
  });

  it('audits the last-admin 409 (reached here through the service with the own id in another case)', async () => {
    const solo = await createTestContext('audit_last_admin');
    try {
      const services = createAuthServices({ ...solo, log: solo.app.log });
      const only = await createAdmin(solo);
      const identity = await identityOf(solo, await signIn(solo, only));
      const actor = {
        ...identity,
        ip: '203.0.113.1',
        userAgent: null,
        requestId: 'last-admin',
        ...SESSION_OF_SERVICE_CALL,
      };
      // The route lowers ids, so over HTTP this is the self refusal; the service alone still
      // refuses the last admin, and says so in the log.
      await expect(services.adminUsers.remove(actor, only.row.id.toUpperCase())).rejects.toMatchObject({
        statusCode: 409,
        message: ADMIN_MESSAGES.lastAdmin,
      });
      const [row] = await auditRows(solo, { action: 'permission_denied', adminId: only.row.id });
      expect(row).toMatchObject({ success: false, resource: 'admin_user' });
      expect(row!.details).toMatchObject({ operation: 'delete', reason: 'last_admin' });
    } finally {
      await solo.close();
    }
  });
});
