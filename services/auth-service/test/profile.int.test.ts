import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import {
  DUMMY_TOKEN,
  auditRows,
  call,
  createAdmin,
  createTestContext,
  login,
  resolve,
  signIn,
  unique,
  type TestContext,
} from './helpers.js';

const NEW_PASSWORD = 'Brand-New-Passw0rd!';

describe('the own profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('profile');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /auth/me', () => {
    it('answers the signed-in user', async () => {
      const admin = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'GET', '/auth/me', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          user: {
            id: admin.row.id,
            username: admin.row.username,
            email: admin.row.email,
            role: 'view_only',
            isActive: true,
            twoFactorEnabled: false,
            lastLogin: expect.any(String),
            createdAt: expect.any(String),
            lockedUntil: null,
            failedLoginAttempts: 0,
            mustChangePassword: false,
          },
          // The session's times for the panel's idle warning (issue 16).
          session: {
            lastActivity: expect.any(String),
            idleExpiresAt: expect.any(String),
            expiresAt: expect.any(String),
            serverTime: expect.any(String),
          },
        },
      });
    });

    it('answers 401 with the spec message without a session', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'UNAUTHORIZED',
        message: ADMIN_MESSAGES.authRequired,
      });
    });
  });

  describe('POST /auth/update-profile', () => {
    it('changes the username and e-mail, answers the new user and logs it', async () => {
      const admin = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, admin);
      const who = unique('renamed');
      // A new e-mail re-authenticates (issue 13, item 4).
      const res = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { ...who, currentPassword: admin.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { user: { id: admin.row.id, ...who } } });
      const [log] = await auditRows(ctx, { action: 'profile_updated', adminId: admin.row.id });
      expect(log!.details).toMatchObject({ changed: ['username', 'email'] });
    });

    it('changes the password with the current one, and ends the other sessions but not this one', async () => {
      const admin = await createAdmin(ctx);
      const here = await signIn(ctx, admin);
      const elsewhere = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/update-profile', here, {
        payload: { currentPassword: admin.password, newPassword: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, here)).statusCode).toBe(200);
      expect((await resolve(ctx, elsewhere)).statusCode).toBe(401);
      const old = await login(ctx, {
        username: admin.row.username,
        password: admin.password,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(old.statusCode).toBe(401);
      const fresh = await login(ctx, {
        username: admin.row.username,
        password: NEW_PASSWORD,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(fresh.statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'profile_updated', adminId: admin.row.id });
      expect(log!.details).toMatchObject({ changed: ['password'], sessionsEnded: 1 });
      expect(JSON.stringify(log!.details)).not.toContain(NEW_PASSWORD);
    });

    it('refuses a new password without the current one, or with a wrong one, and changes nothing', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const missing = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { newPassword: NEW_PASSWORD },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(ADMIN_MESSAGES.currentPasswordRequired);
      const wrong = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { currentPassword: 'Not-The-Passw0rd!', newPassword: NEW_PASSWORD },
      });
      // 403, not 401: the panel reads 401 as "session over" (issue 13, item 4).
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        error: 'invalid_current_password',
        message: ADMIN_MESSAGES.currentPasswordWrong,
      });
      const still = await login(ctx, {
        username: admin.row.username,
        password: admin.password,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(still.statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'profile_updated', adminId: admin.row.id });
      expect(log).toMatchObject({
        success: false,
        details: expect.objectContaining({ reason: 'wrong_current_password' }),
      });
    });

    it('refuses a new password that breaks the policy with its message', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { currentPassword: admin.password, newPassword: 'alllowercase1!' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.passwordPolicy);
    });

    it('refuses a username or e-mail another account holds with 409', async () => {
      const admin = await createAdmin(ctx);
      const other = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const byName = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { username: other.row.username.toUpperCase() },
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().message).toBe(ADMIN_MESSAGES.usernameTaken);
      const byEmail = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { email: other.row.email, currentPassword: admin.password },
      });
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json().message).toBe(ADMIN_MESSAGES.emailTaken);
    });

    it('answers "No changes detected to save" when nothing would change', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      for (const payload of [{}, { username: admin.row.username }, undefined]) {
        const res = await call(ctx, 'POST', '/auth/update-profile', token, { payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(ADMIN_MESSAGES.noChanges);
      }
    });

    it('refuses unknown fields (a role cannot be raised through the profile)', async () => {
      const admin = await createAdmin(ctx, { role: 'view_only' });
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/update-profile', token, {
        payload: { email: unique().email, role: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select('role')
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe('view_only');
    });
  });
});
