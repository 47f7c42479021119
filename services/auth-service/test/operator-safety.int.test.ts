/**
 * Issue 16, item 8 (operator safety): "End all sessions" for an operator (admin role) and for
 * oneself, the forced new password after a reset or an admin-made account, backup codes (count
 * and regenerate with the current code), and the session view behind the panel's idle warning.
 */
import {
  ADMIN_MESSAGES,
  BACKUP_CODE_COUNT,
  PASSWORD_CHANGE_REQUIRED_ERROR,
  SAFETY_MESSAGES,
  SESSION_IDLE_MINUTES,
} from '@tunnelscope/contracts';
import argon2 from 'argon2';
import {
  MINUTE,
  PASSWORD,
  auditRows,
  call,
  codeNow,
  createAdmin,
  createTestContext,
  identityOf,
  nextTotpStep,
  resolve,
  signIn,
  type TestContext,
} from './helpers.js';

const NEW_PASSWORD = 'Brand-New-Pass9!';
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('operator safety (issue 16)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('safety');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('End all sessions', () => {
    it('ends every session of another operator (admin role), refused on their next request, audited', async () => {
      const admin = await createAdmin(ctx);
      const target = await createAdmin(ctx, { role: 'view_only' });
      const me = await signIn(ctx, admin);
      const theirs = [await signIn(ctx, target), await signIn(ctx, target)];
      const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/end-sessions`, me);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: SAFETY_MESSAGES.sessionsEnded,
        data: { ended: 2 },
      });
      for (const token of theirs) {
        expect((await resolve(ctx, token)).statusCode).toBe(401);
        expect((await call(ctx, 'GET', '/auth/me', token)).statusCode).toBe(401);
      }
      expect((await call(ctx, 'GET', '/auth/me', me)).statusCode).toBe(200);
      const [row] = await auditRows(ctx, { action: 'sessions_ended', adminId: admin.row.id });
      expect(row).toMatchObject({ resource: 'admin_user', resource_id: target.row.id, success: true });
      expect(row!.details).toMatchObject({ username: target.row.username, scope: 'user', count: 2 });
    });

    it('refuses a view_only operator (403, logged) and ends nothing', async () => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const target = await createAdmin(ctx);
      const theirs = await signIn(ctx, target);
      const res = await call(
        ctx,
        'POST',
        `/admin-users/${target.row.id}/end-sessions`,
        await signIn(ctx, viewer),
      );
      expect(res.statusCode).toBe(403);
      expect((await resolve(ctx, theirs)).statusCode).toBe(200);
      const [denied] = await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id });
      expect(denied!.details).toMatchObject({ operation: 'end_sessions' });
    });

    it('keeps the caller’s own session when an admin ends their own from Admin Users', async () => {
      const admin = await createAdmin(ctx);
      const current = await signIn(ctx, admin);
      const other = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', `/admin-users/${admin.row.id}/end-sessions`, current);
      expect(res.json().data).toEqual({ ended: 1 });
      expect((await resolve(ctx, current)).statusCode).toBe(200);
      expect((await resolve(ctx, other)).statusCode).toBe(401);
    });

    it('ends all my other sessions (any role), keeps this one, refused afterwards, audited', async () => {
      const viewer = await createAdmin(ctx, { role: 'view_only' });
      const current = await signIn(ctx, viewer);
      const others = [await signIn(ctx, viewer), await signIn(ctx, viewer, { rememberMe: true })];
      const bystander = await signIn(ctx, await createAdmin(ctx));
      const res = await call(ctx, 'POST', '/auth/end-other-sessions', current);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ended: 2 });
      for (const token of others) expect((await call(ctx, 'GET', '/auth/me', token)).statusCode).toBe(401);
      expect((await call(ctx, 'GET', '/auth/me', current)).statusCode).toBe(200);
      expect((await resolve(ctx, bystander)).statusCode).toBe(200);
      const [row] = await auditRows(ctx, { action: 'sessions_ended', adminId: viewer.row.id });
      expect(row!.details).toMatchObject({ scope: 'own_others', count: 2 });
      expect((row!.details as { sessionIds: string[] }).sessionIds).toHaveLength(2);
    });
  });

  describe('must change password', () => {
    it('is set by the Add Admin User dialog and by a reset, not by anything else', async () => {
      const admin = await signIn(ctx, await createAdmin(ctx));
      const created = await call(ctx, 'POST', '/admin-users', admin, {
        payload: {
          username: 'made_by_admin',
          email: 'made_by_admin@example.com',
          password: PASSWORD,
          role: 'admin',
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.user.mustChangePassword).toBe(true);
      const other = await createAdmin(ctx);
      expect(other.row.must_change_password).toBe(false);
      expect((await call(ctx, 'POST', `/admin-users/${other.row.id}/reset-password`, admin)).statusCode).toBe(
        200,
      );
      const after = await ctx.db
        .selectFrom('admin_users')
        .select('must_change_password')
        .where('id', '=', other.row.id)
        .executeTakeFirstOrThrow();
      expect(after.must_change_password).toBe(true);
    });

    it('lets sign-in finish (2FA included), then refuses every other call with 403 password_change_required', async () => {
      const forced = await createAdmin(ctx, { mustChangePassword: true, twoFactor: true });
      const token = await signIn(ctx, forced);
      const identity = await identityOf(ctx, token);
      expect(identity.mustChangePassword).toBe(true);
      const me = await call(ctx, 'GET', '/auth/me', token);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.user.mustChangePassword).toBe(true);
      for (const [method, url] of [
        ['GET', '/data/active-sessions'],
        ['GET', '/data/admin-users'],
        ['POST', '/auth/setup-2fa'],
        ['GET', '/auth/backup-codes'],
        ['POST', '/auth/end-other-sessions'],
      ] as const) {
        const res = await call(ctx, method, url, token);
        expect({ url, status: res.statusCode, error: res.json().error }).toEqual({
          url,
          status: 403,
          error: PASSWORD_CHANGE_REQUIRED_ERROR,
        });
      }
      // Still a live session: logout works too.
      expect((await resolve(ctx, token)).statusCode).toBe(200);
    });

    it('is cleared by choosing a new password (current one required, not the same one), audited', async () => {
      const forced = await createAdmin(ctx, { mustChangePassword: true });
      const token = await signIn(ctx, forced);
      const elsewhere = await signIn(ctx, forced);
      const wrong = await call(ctx, 'POST', '/auth/change-password', token, {
        payload: { currentPassword: 'Not-The-One1!', newPassword: NEW_PASSWORD },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toBe('invalid_current_password');
      const same = await call(ctx, 'POST', '/auth/change-password', token, {
        payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe(SAFETY_MESSAGES.samePassword);
      const weak = await call(ctx, 'POST', '/auth/change-password', token, {
        payload: { currentPassword: PASSWORD, newPassword: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      const done = await call(ctx, 'POST', '/auth/change-password', token, {
        payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.user.mustChangePassword).toBe(false);
      expect((await call(ctx, 'GET', '/data/active-sessions', token)).statusCode).toBe(200);
      expect((await resolve(ctx, elsewhere)).statusCode).toBe(401);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select(['password_hash', 'must_change_password'])
        .where('id', '=', forced.row.id)
        .executeTakeFirstOrThrow();
      expect(row.must_change_password).toBe(false);
      expect(await argon2.verify(row.password_hash, NEW_PASSWORD)).toBe(true);
      const [audit] = await auditRows(ctx, { action: 'password_changed', adminId: forced.row.id }).then(
        (rows) => rows.filter((r) => r.success),
      );
      expect(audit!.details).toMatchObject({ wasRequired: true, sessionsEnded: 1 });
    });

    it('enforces the signed flag in every service through requireAdminSession', async () => {
      // The gateway signs what resolve answered; a stale signed flag is not trusted by auth-service
      // itself (it re-reads the database), but another service has only the signature to go by.
      const { requireAdminSession } = await import('@tunnelscope/service-kit');
      const forced = await createAdmin(ctx, { mustChangePassword: true });
      const identity = await identityOf(ctx, await signIn(ctx, forced));
      const request = { admin: identity } as Parameters<typeof requireAdminSession>[0];
      expect(() => requireAdminSession(request)).toThrow(
        expect.objectContaining({ statusCode: 403, code: PASSWORD_CHANGE_REQUIRED_ERROR }),
      );
      expect(requireAdminSession(request, { allowPendingPasswordChange: true })).toEqual(identity);
    });
  });

  describe('backup codes', () => {
    it('counts what is left and regenerates them with the current code only', async () => {
      const admin = await createAdmin(ctx, { twoFactor: true });
      const token = await signIn(ctx, admin);
      expect((await call(ctx, 'GET', '/auth/backup-codes', token)).json().data).toEqual({
        remaining: 0,
        twoFactorEnabled: true,
      });
      nextTotpStep(ctx);
      const wrong = await call(ctx, 'POST', '/auth/backup-codes/regenerate', token, {
        payload: { totpCode: otherCode(await codeNow(ctx, admin.totpSecret!)) },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ADMIN_MESSAGES.invalidCode);
      const right = await call(ctx, 'POST', '/auth/backup-codes/regenerate', token, {
        payload: { totpCode: await codeNow(ctx, admin.totpSecret!) },
      });
      expect(right.statusCode).toBe(200);
      const codes: string[] = right.json().data.backupCodes;
      expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
      expect((await call(ctx, 'GET', '/auth/backup-codes', token)).json().data.remaining).toBe(
        BACKUP_CODE_COUNT,
      );
      // The same code again is a replay.
      const replay = await call(ctx, 'POST', '/auth/backup-codes/regenerate', token, {
        payload: { totpCode: await codeNow(ctx, admin.totpSecret!) },
      });
      expect(replay.statusCode).toBe(400);
      const rows = await auditRows(ctx, { action: 'backup_codes_regenerated', adminId: admin.row.id });
      // Written at one clock time: compared in any order.
      const outcomes = rows.map((r) => [r.success, (r.details as { reason?: string }).reason ?? null]);
      expect(outcomes).toHaveLength(3);
      expect(outcomes).toEqual(
        expect.arrayContaining([
          [false, 'invalid_code'],
          [true, null],
          [false, 'totp_replay'],
        ]),
      );
      for (const r of rows) expect(JSON.stringify(r.details)).not.toContain(codes[0]);
      // A wrong code counted toward the lockout; the right one did not reset it.
      const user = await ctx.db
        .selectFrom('admin_users')
        .select('failed_login_attempts')
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(user.failed_login_attempts).toBe(1);
    });

    it('refuses without two-factor (400)', async () => {
      const token = await signIn(ctx, await createAdmin(ctx));
      const res = await call(ctx, 'POST', '/auth/backup-codes/regenerate', token, {
        payload: { totpCode: '123456' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SAFETY_MESSAGES.twoFactorNotEnabled);
    });
  });

  describe('the session view of /auth/me (idle warning)', () => {
    it('answers the server’s last activity and idle deadline; a background call does not move them', async () => {
      const token = await signIn(ctx, await createAdmin(ctx));
      const first = (await call(ctx, 'GET', '/auth/me', token, { background: true })).json().data.session;
      expect(Date.parse(first.idleExpiresAt) - Date.parse(first.lastActivity)).toBe(
        SESSION_IDLE_MINUTES * MINUTE,
      );
      ctx.clock.advance(5 * MINUTE);
      const quiet = (await call(ctx, 'GET', '/auth/me', token, { background: true })).json().data.session;
      expect(quiet.lastActivity).toBe(first.lastActivity);
      expect(Date.parse(quiet.serverTime) - Date.parse(first.serverTime)).toBe(5 * MINUTE);
      // "Stay signed in": one call that counts as activity.
      const touched = (await call(ctx, 'GET', '/auth/me', token)).json().data.session;
      expect(touched.lastActivity).toBe(touched.serverTime);
    });

    it('has no idle deadline with Remember me', async () => {
      const token = await signIn(ctx, await createAdmin(ctx), { rememberMe: true });
      expect((await call(ctx, 'GET', '/auth/me', token)).json().data.session.idleExpiresAt).toBeNull();
    });
  });
});
