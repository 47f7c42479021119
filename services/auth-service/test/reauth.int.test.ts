/**
 * Issue 13, item 4: re-authentication for sensitive changes. Turning 2FA off, changing the own
 * password through `PUT /admin-users/{ownId}` and changing the own e-mail (update-profile or PUT)
 * need the current password; wrong ones count toward the sign-in lockout, and the lock they cause
 * ends the account's sessions. A 2FA change ends the account's other sessions.
 */
import { ADMIN_MESSAGES, LOCKOUT_THRESHOLD } from '@tunnelscope/contracts';
import {
  auditRows,
  call,
  codeNow,
  createAdmin,
  createTestContext,
  loginStep1,
  nextTotpStep,
  resolve,
  signIn,
  unique,
  type TestContext,
} from './helpers.js';

const NEW_PASSWORD = 'Brand-New-Passw0rd!';
const WRONG = 'Not-The-Passw0rd!';

describe('re-authentication for sensitive changes (issue 13, item 4)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('reauth');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const stored = (id: string) =>
    ctx.db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const expectWrongCurrentPassword = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'invalid_current_password',
      message: ADMIN_MESSAGES.currentPasswordWrong,
    });
  };

  describe('POST /auth/disable-2fa', () => {
    it.each([true, false])(
      'answers 400 without currentPassword (2FA on: %s) and changes nothing',
      async (twoFactor) => {
        const admin = await createAdmin(ctx, { twoFactor });
        const token = await signIn(ctx, admin);
        const res = await call(ctx, 'POST', '/auth/disable-2fa', token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
        expect((await stored(admin.row.id)).two_factor_enabled).toBe(twoFactor);
      },
    );

    it('answers 403 invalid_current_password to a wrong one, counts it and keeps 2FA on', async () => {
      const admin = await createAdmin(ctx, { twoFactor: true });
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/disable-2fa', token, {
        payload: { currentPassword: WRONG },
      });
      expectWrongCurrentPassword(res);
      const row = await stored(admin.row.id);
      expect(row.two_factor_enabled).toBe(true);
      expect(row.failed_login_attempts).toBe(1);
      const [log] = await auditRows(ctx, { action: 'two_factor_disabled', adminId: admin.row.id });
      expect(log).toMatchObject({ success: false });
      expect(log!.details).toMatchObject({ reason: 'wrong_current_password', failedAttempts: 1 });
    });

    it('turns 2FA off with the right one and ends the account’s other sessions, keeping this one', async () => {
      const admin = await createAdmin(ctx, { twoFactor: true });
      const other = await signIn(ctx, admin);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/disable-2fa', token, {
        payload: { currentPassword: admin.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await stored(admin.row.id)).two_factor_enabled).toBe(false);
      expect((await resolve(ctx, other)).statusCode).toBe(401);
      expect((await resolve(ctx, token)).statusCode).toBe(200);
    });
  });

  it('enabling 2FA ends the account’s other sessions, keeping this one', async () => {
    const admin = await createAdmin(ctx);
    const other = await signIn(ctx, admin);
    const token = await signIn(ctx, admin);
    const setup = await call(ctx, 'POST', '/auth/setup-2fa', token);
    const secret = setup.json().data.secret as string;
    nextTotpStep(ctx);
    const res = await call(ctx, 'POST', '/auth/verify-2fa', token, {
      payload: { secret, totpCode: await codeNow(ctx, secret) },
    });
    expect(res.statusCode).toBe(200);
    expect((await resolve(ctx, other)).statusCode).toBe(401);
    expect((await resolve(ctx, token)).statusCode).toBe(200);
  });

  describe('PUT /admin-users/{ownId}', () => {
    it('answers 400 to an own password change without currentPassword, 403 to a wrong one, and changes nothing', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const missing = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, token, {
        payload: { password: NEW_PASSWORD },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: ADMIN_MESSAGES.currentPasswordRequired,
      });
      const wrong = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, token, {
        payload: { password: NEW_PASSWORD, currentPassword: WRONG },
      });
      expectWrongCurrentPassword(wrong);
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
    });

    it('answers 400 to an own e-mail change without currentPassword', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, token, {
        payload: { email: unique('moved').email },
      });
      expect(res.statusCode).toBe(400);
      expect((await stored(admin.row.id)).email).toBe(admin.row.email);
    });

    it('changes the own password with the right currentPassword', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, token, {
        payload: { password: NEW_PASSWORD, currentPassword: admin.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await loginStep1(ctx, { ...admin, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('still lets an admin set another operator’s password without their own', async () => {
      const admin = await createAdmin(ctx);
      const target = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'PUT', `/admin-users/${target.row.id}`, token, {
        payload: { password: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('POST /auth/update-profile', () => {
    it('answers 400 to an e-mail change without currentPassword and 403 to a wrong one', async () => {
      const admin = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, admin);
      const email = unique('moved').email;
      const missing = await call(ctx, 'POST', '/auth/update-profile', token, { payload: { email } });
      expect(missing.statusCode).toBe(400);
      const wrong = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { email, currentPassword: WRONG },
      });
      expectWrongCurrentPassword(wrong);
      expect((await stored(admin.row.id)).email).toBe(admin.row.email);
      const right = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { email, currentPassword: admin.password },
      });
      expect(right.statusCode).toBe(200);
      expect((await stored(admin.row.id)).email).toBe(email);
    });

    it('changes only the username without currentPassword', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { username: unique('renamed').username, email: admin.row.email },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('locks the account on the 5th wrong current password, ends all its sessions and answers 401', async () => {
    const admin = await createAdmin(ctx);
    const other = await signIn(ctx, admin);
    const token = await signIn(ctx, admin);
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) {
      expectWrongCurrentPassword(
        await call(ctx, 'POST', '/auth/disable-2fa', token, { payload: { currentPassword: WRONG } }),
      );
    }
    const last = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, token, {
      payload: { password: NEW_PASSWORD, currentPassword: WRONG },
    });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toMatchObject({ success: false, message: ADMIN_MESSAGES.invalidCredentials });
    const row = await stored(admin.row.id);
    expect(row.failed_login_attempts).toBe(LOCKOUT_THRESHOLD);
    expect(row.account_locked_until!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    expect((await resolve(ctx, token)).statusCode).toBe(401);
    expect((await resolve(ctx, other)).statusCode).toBe(401);
    // Locked like a sign-in lock: even the right password is refused now.
    expect((await loginStep1(ctx, admin)).statusCode).toBe(401);
  });
});
