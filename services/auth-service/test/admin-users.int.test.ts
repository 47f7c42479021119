import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, passwordField } from '@tunnelscope/contracts';
import { createAuthServices } from '../src/services.js';
import {
  DUMMY_TOKEN,
  PASSWORD,
  auditRows,
  call,
  createAdmin,
  createTestContext,
  identityOf,
  login,
  queuedMails,
  resolve,
  signIn,
  unique,
  type TestAdmin,
  type TestContext,
  SESSION_OF_SERVICE_CALL,
} from './helpers.js';

const NEW_PASSWORD = 'Another-Passw0rd!';

describe('admin users', () => {
  let ctx: TestContext;
  let admin: TestAdmin;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestContext('admin_users');
    admin = await createAdmin(ctx);
    adminToken = await signIn(ctx, admin, { rememberMe: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('POST /admin-users', () => {
    it('creates an account (201) that can sign in, and logs it', async () => {
      const who = unique('new');
      const res = await call(ctx, 'POST', '/admin-users', adminToken, {
        payload: { ...who, password: NEW_PASSWORD, role: 'view_only' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        data: {
          user: { ...who, role: 'view_only', isActive: true, twoFactorEnabled: false, lastLogin: null },
        },
      });
      const id = res.json().data.user.id;
      const signedIn = await login(ctx, {
        username: who.username,
        password: NEW_PASSWORD,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(signedIn.statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'admin_user_created', adminId: admin.row.id }).then(
        (rows) => rows.filter((r) => r.resource_id === id),
      );
      expect(log!.details).toMatchObject({ username: who.username, email: who.email, role: 'view_only' });
      expect(JSON.stringify(log!.details)).not.toContain(NEW_PASSWORD);
    });

    it('makes role admin by default', async () => {
      const res = await call(ctx, 'POST', '/admin-users', adminToken, {
        payload: { ...unique('dflt'), password: NEW_PASSWORD },
      });
      expect(res.json().data.user.role).toBe('admin');
    });

    it('refuses a username or e-mail already taken, whatever the case, with 409', async () => {
      const existing = await createAdmin(ctx);
      const byName = await call(ctx, 'POST', '/admin-users', adminToken, {
        payload: {
          username: existing.row.username.toUpperCase(),
          email: unique().email,
          password: NEW_PASSWORD,
        },
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().message).toBe(ADMIN_MESSAGES.usernameTaken);
      const byEmail = await call(ctx, 'POST', '/admin-users', adminToken, {
        payload: {
          username: unique().username,
          email: existing.row.email.toUpperCase(),
          password: NEW_PASSWORD,
        },
      });
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json().message).toBe(ADMIN_MESSAGES.emailTaken);
    });

    it.each([
      ['no fields', {}, ADMIN_MESSAGES.allFieldsRequired],
      [
        'a short username',
        { username: 'ab', email: 'a@b.io', password: NEW_PASSWORD },
        ADMIN_MESSAGES.usernameTooShort,
      ],
      [
        'a long username',
        { username: 'a'.repeat(51), email: 'a@b.io', password: NEW_PASSWORD },
        ADMIN_MESSAGES.usernameTooLong,
      ],
      [
        'a username with a dash',
        { username: 'a-b-c', email: 'a@b.io', password: NEW_PASSWORD },
        ADMIN_MESSAGES.usernameCharacters,
      ],
      [
        'a short password',
        { username: 'abcd', email: 'a@b.io', password: 'Sh0rt!' },
        ADMIN_MESSAGES.passwordTooShort,
      ],
      [
        'a password without a special',
        { username: 'abcd', email: 'a@b.io', password: 'Password123' },
        ADMIN_MESSAGES.passwordPolicy,
      ],
      [
        'an unknown role',
        { username: 'abcd', email: 'a@b.io', password: NEW_PASSWORD, role: 'root' },
        undefined,
      ],
    ])('refuses %s with 400 and the spec message', async (_label, payload, message) => {
      const res = await call(ctx, 'POST', '/admin-users', adminToken, { payload });
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    });
  });

  describe('PUT /admin-users/:id', () => {
    it('changes username, e-mail, role and status, and logs what changed', async () => {
      const target = await createAdmin(ctx);
      const who = unique('renamed');
      const res = await call(ctx, 'PUT', `/admin-users/${target.row.id}`, adminToken, {
        payload: { ...who, role: 'view_only', isActive: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ ...who, role: 'view_only', isActive: true });
      const rows = await auditRows(ctx, { action: 'admin_user_updated' });
      const log = rows.find((r) => r.resource_id === target.row.id)!;
      expect(log.details).toMatchObject({
        changed: expect.arrayContaining(['username', 'email', 'role', 'isActive']),
        role: { from: 'admin', to: 'view_only' },
      });
    });

    it('ends every session of an account whose password an admin sets, and the new password works', async () => {
      const target = await createAdmin(ctx);
      const token = await signIn(ctx, target);
      const res = await call(ctx, 'PUT', `/admin-users/${target.row.id}`, adminToken, {
        payload: { password: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, token)).statusCode).toBe(401);
      expect(
        (
          await login(ctx, {
            username: target.row.username,
            password: NEW_PASSWORD,
            turnstileToken: DUMMY_TOKEN,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses to demote or deactivate yourself, and logs the refusal', async () => {
      for (const payload of [{ role: 'view_only' }, { isActive: false }]) {
        const res = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, adminToken, { payload });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ADMIN_MESSAGES.cannotChangeSelf);
      }
      const me = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(me).toMatchObject({ role: 'admin', is_active: true });
      const refusals = (await auditRows(ctx, { action: 'permission_denied', adminId: admin.row.id })).filter(
        (r) => r.resource_id === admin.row.id,
      );
      expect(refusals.length).toBeGreaterThanOrEqual(2);
    });

    it('lets you rename yourself', async () => {
      const self = await createAdmin(ctx);
      const token = await signIn(ctx, self);
      const who = unique('self');
      const res = await call(ctx, 'PUT', `/admin-users/${self.row.id}`, token, {
        payload: { username: who.username },
      });
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, token)).json().data.identity.username).toBe(who.username);
    });

    it('answers 404 for an unknown or malformed id and 400 for an empty change', async () => {
      expect(
        (await call(ctx, 'PUT', `/admin-users/${randomUUID()}`, adminToken, { payload: { isActive: true } }))
          .statusCode,
      ).toBe(404);
      const malformed = await call(ctx, 'PUT', '/admin-users/not-a-uuid', adminToken, {
        payload: { isActive: true },
      });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json().message).toBe(ADMIN_MESSAGES.adminUserNotFound);
      const empty = await call(ctx, 'PUT', `/admin-users/${admin.row.id}`, adminToken, { payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(ADMIN_MESSAGES.noChanges);
    });

    it('refuses a username taken by another account with 409', async () => {
      const a = await createAdmin(ctx);
      const b = await createAdmin(ctx);
      const res = await call(ctx, 'PUT', `/admin-users/${a.row.id}`, adminToken, {
        payload: { username: b.row.username },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_MESSAGES.usernameTaken);
    });
  });

  describe('DELETE /admin-users/:id', () => {
    it('deletes the account and its sessions, keeping the audit trail', async () => {
      const target = await createAdmin(ctx);
      const token = await signIn(ctx, target);
      const res = await call(ctx, 'DELETE', `/admin-users/${target.row.id}`, adminToken);
      expect(res.statusCode).toBe(200);
      expect((await resolve(ctx, token)).statusCode).toBe(401);
      expect(
        await ctx.db.selectFrom('admin_users').select('id').where('id', '=', target.row.id).execute(),
      ).toHaveLength(0);
      const rows = await auditRows(ctx, { action: 'admin_user_deleted' });
      expect(rows.find((r) => r.resource_id === target.row.id)!.details).toMatchObject({
        username: target.row.username,
      });
      // The deleted account's own sign-in row stays, without its admin.
      const own = await auditRows(ctx, { action: 'login_success', username: target.row.username });
      expect(own[0]).toMatchObject({ admin_id: null, session_id: null });
    });

    it('refuses to delete yourself', async () => {
      const res = await call(ctx, 'DELETE', `/admin-users/${admin.row.id}`, adminToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.cannotChangeSelf);
    });

    it('answers 404 for an unknown account', async () => {
      expect((await call(ctx, 'DELETE', `/admin-users/${randomUUID()}`, adminToken)).statusCode).toBe(404);
    });
  });

  describe('POST /admin-users/:id/reset-password', () => {
    it('sets a generated password meeting the policy, ends the sessions, lifts a lock, and mails it after the commit', async () => {
      const target = await createAdmin(ctx);
      const token = await signIn(ctx, target);
      await ctx.db
        .updateTable('admin_users')
        .set({
          failed_login_attempts: 5,
          account_locked_until: new Date(ctx.clock.now().getTime() + 600_000),
        })
        .where('id', '=', target.row.id)
        .execute();
      const res = await call(ctx, 'POST', `/admin-users/${target.row.id}/reset-password`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password Reset Sent' });
      expect((await resolve(ctx, token)).statusCode).toBe(401);

      const mail = (await queuedMails(ctx.mailQueue)).find(
        (m) => m.data.type === 'admin-password-reset' && m.data.to === target.row.email,
      );
      expect(mail).toBeDefined();
      const job = mail!.data as { username: string; password: string };
      expect(job.username).toBe(target.row.username);
      expect(passwordField.safeParse(job.password).success).toBe(true);
      expect(res.body).not.toContain(job.password);

      const old = await login(ctx, {
        username: target.row.username,
        password: PASSWORD,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(old.statusCode).toBe(401);
      const fresh = await login(ctx, {
        username: target.row.username,
        password: job.password,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(fresh.statusCode).toBe(200);

      const log = (await auditRows(ctx, { action: 'admin_password_reset' })).find(
        (r) => r.resource_id === target.row.id,
      )!;
      expect(JSON.stringify(log.details)).not.toContain(job.password);
      expect(log.details).toMatchObject({ sessionsEnded: 1 });
    });

    it('answers 404 for an unknown account and sends nothing', async () => {
      const before = (await queuedMails(ctx.mailQueue)).length;
      expect(
        (await call(ctx, 'POST', `/admin-users/${randomUUID()}/reset-password`, adminToken)).statusCode,
      ).toBe(404);
      expect((await queuedMails(ctx.mailQueue)).length).toBe(before);
    });
  });

  describe('view_only operators', () => {
    let viewer: TestAdmin;
    let viewerToken: string;
    let target: TestAdmin;
    beforeAll(async () => {
      viewer = await createAdmin(ctx, { role: 'view_only' });
      viewerToken = await signIn(ctx, viewer, { rememberMe: true });
      target = await createAdmin(ctx);
    });

    const writes: [string, 'POST' | 'PUT' | 'DELETE', () => string, unknown][] = [
      ['create an account', 'POST', () => '/admin-users', { ...unique('vo'), password: NEW_PASSWORD }],
      ['edit an account', 'PUT', () => `/admin-users/${target.row.id}`, { role: 'view_only' }],
      ['edit their own role', 'PUT', () => `/admin-users/${viewer.row.id}`, { role: 'admin' }],
      ['delete an account', 'DELETE', () => `/admin-users/${target.row.id}`, undefined],
      ['reset a password', 'POST', () => `/admin-users/${target.row.id}/reset-password`, undefined],
      ['create an account with an invalid body', 'POST', () => '/admin-users', { username: 'x' }],
    ];

    it.each(writes)(
      'may not %s: 403 with the view-only message, logged, nothing changed',
      async (_label, method, url, payload) => {
        const before = await ctx.db.selectFrom('admin_users').selectAll().orderBy('id').execute();
        const res = await call(ctx, method, url(), viewerToken, payload === undefined ? {} : { payload });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          error: 'FORBIDDEN',
          message: ADMIN_MESSAGES.viewOnly,
        });
        const after = await ctx.db.selectFrom('admin_users').selectAll().orderBy('id').execute();
        expect(after).toEqual(before);
        const denied = await auditRows(ctx, { action: 'permission_denied', adminId: viewer.row.id });
        expect(denied.at(-1)).toMatchObject({ success: false, resource: 'admin_user' });
      },
    );

    it('may read the list, and manage their own profile', async () => {
      expect((await call(ctx, 'GET', '/data/admin-users', viewerToken)).statusCode).toBe(200);
      const res = await call(ctx, 'POST', '/auth/update-profile', viewerToken, {
        payload: { email: unique('vo').email, currentPassword: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('the last active admin', () => {
    it('cannot be demoted, even when two admins demote each other at the same moment', async () => {
      // A database of its own, so "the last admin" is not shared with other tests.
      const solo = await createTestContext('admin_users_last');
      try {
        const a = await createAdmin(solo);
        const b = await createAdmin(solo);
        const [tokenA, tokenB] = [await signIn(solo, a), await signIn(solo, b)];
        const [ab, ba] = await Promise.all([
          call(solo, 'PUT', `/admin-users/${b.row.id}`, tokenA, { payload: { role: 'view_only' } }),
          call(solo, 'PUT', `/admin-users/${a.row.id}`, tokenB, { payload: { role: 'view_only' } }),
        ]);
        expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
        const admins = await solo.db
          .selectFrom('admin_users')
          .select('id')
          .where('role', '=', 'admin')
          .where('is_active', '=', true)
          .execute();
        expect(admins).toHaveLength(1);
      } finally {
        await solo.close();
      }
    });

    it('is re-checked under the lock: an admin demoted a moment ago cannot demote the other one', async () => {
      const solo = await createTestContext('admin_users_stale');
      try {
        const services = createAuthServices({ ...solo, log: solo.app.log });
        const a = await createAdmin(solo);
        const b = await createAdmin(solo);
        const identity = await identityOf(solo, await signIn(solo, a));
        // The caller as they were when their request began: still an admin.
        const staleActor = {
          ...identity,
          ip: '203.0.113.1',
          userAgent: null,
          requestId: 'stale',
          ...SESSION_OF_SERVICE_CALL,
        };
        await solo.db
          .updateTable('admin_users')
          .set({ role: 'view_only' })
          .where('id', '=', a.row.id)
          .execute();
        await expect(
          services.adminUsers.update(staleActor, b.row.id, { role: 'view_only' }),
        ).rejects.toMatchObject({ statusCode: 403 });
        const still = await solo.db
          .selectFrom('admin_users')
          .select('role')
          .where('id', '=', b.row.id)
          .executeTakeFirstOrThrow();
        expect(still.role).toBe('admin');
      } finally {
        await solo.close();
      }
    });
  });

  describe('GET /data/admin-users', () => {
    let listCtx: TestContext;
    let token: string;
    beforeAll(async () => {
      // A database of its own with a known set of accounts.
      listCtx = await createTestContext('admin_users_list');
      const owner = await createAdmin(listCtx, { username: 'owner' });
      token = await signIn(listCtx, owner);
      for (let i = 0; i < 30; i++) {
        const role = i % 3 === 0 ? 'view_only' : 'admin';
        await createAdmin(listCtx, {
          role,
          username: `user_${String(i).padStart(2, '0')}`,
          isActive: i % 5 !== 0,
        });
      }
      await createAdmin(listCtx, { username: 'percent_50' });
      await createAdmin(listCtx, { username: 'percentX50' });
    });
    afterAll(async () => {
      await listCtx?.close();
    });

    const list = (query: Record<string, string> = {}) =>
      call(listCtx, 'GET', '/data/admin-users', token, { query });

    it('pages with the defaults (page 1, 25 a page, newest first) under data.entries and data.pagination', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const { entries, pagination } = res.json().data;
      expect(pagination).toEqual({ page: 1, limit: 25, total: 33, pages: 2 });
      expect(entries).toHaveLength(25);
      expect(entries[0]).toEqual({
        id: expect.any(String),
        username: expect.any(String),
        email: expect.any(String),
        role: expect.stringMatching(/^(admin|view_only)$/),
        isActive: expect.any(Boolean),
        twoFactorEnabled: false,
        lastLogin: null,
        createdAt: expect.any(String),
        lockedUntil: null,
        failedLoginAttempts: 0,
        mustChangePassword: false,
      });
      const page2 = (await list({ page: '2' })).json().data;
      expect(page2.entries).toHaveLength(8);
      const ids = new Set([...entries, ...page2.entries].map((e: { id: string }) => e.id));
      expect(ids.size).toBe(33);
      expect((await list({ page: '9' })).json().data.entries).toEqual([]);
    });

    it('searches username and e-mail, case-insensitively, with % and _ taken literally', async () => {
      expect((await list({ search: 'USER_1' })).json().data.pagination.total).toBe(10);
      const literal = (await list({ search: 'percent_5' }))
        .json()
        .data.entries.map((e: { username: string }) => e.username);
      expect(literal).toEqual(['percent_50']);
      expect((await list({ search: '%' })).json().data.pagination.total).toBe(0);
      expect((await list({ search: 'tunnelscope.example' })).json().data.pagination.total).toBe(33);
    });

    it('filters by role and status', async () => {
      const viewOnly = (await list({ role: 'view_only', limit: '100' })).json().data;
      expect(viewOnly.pagination.total).toBe(10);
      expect(viewOnly.entries.every((e: { role: string }) => e.role === 'view_only')).toBe(true);
      const inactive = (await list({ status: 'inactive', limit: '100' })).json().data;
      expect(inactive.pagination.total).toBe(6);
      expect(inactive.entries.every((e: { isActive: boolean }) => !e.isActive)).toBe(true);
      expect((await list({ role: 'view_only', status: 'inactive' })).json().data.pagination.total).toBe(2);
    });

    it('sorts by a whitelisted column in either order', async () => {
      const asc = (await list({ sort: 'username', order: 'asc', limit: '100' }))
        .json()
        .data.entries.map((e: { username: string }) => e.username);
      expect(asc).toEqual([...asc].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
      const desc = (await list({ sort: 'username', order: 'desc', limit: '100' }))
        .json()
        .data.entries.map((e: { username: string }) => e.username);
      expect(desc).toEqual([...asc].reverse());
      const bad = await list({ sort: 'password_hash' });
      expect(bad.statusCode).toBe(400);
    });

    it('accepts a limit up to 100, or exactly 10000 for an export (logged), and nothing between', async () => {
      expect((await list({ limit: '100' })).statusCode).toBe(200);
      expect((await list({ limit: '101' })).statusCode).toBe(400);
      expect((await list({ limit: '0' })).statusCode).toBe(400);
      const exported = await list({ limit: '10000', role: 'admin' });
      expect(exported.statusCode).toBe(200);
      expect(exported.json().data.entries).toHaveLength(23);
      const [log] = await auditRows(listCtx, { action: 'admin_users_export' });
      expect(log!.details).toMatchObject({ rows: 23, role: 'admin', status: 'all' });
      // An ordinary page is not an export.
      expect(await auditRows(listCtx, { action: 'admin_users_export' })).toHaveLength(1);
    });

    it('answers 400 to malformed paging', async () => {
      const malformed: Record<string, string>[] = [
        { page: '0' },
        { page: 'abc' },
        { order: 'sideways' },
        { role: 'root' },
        { search: 'x'.repeat(201) },
      ];
      for (const query of malformed) {
        expect((await list(query)).statusCode).toBe(400);
      }
    });

    it('answers 401 without a session', async () => {
      const res = await listCtx.app.inject({ method: 'GET', url: '/data/admin-users' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.authRequired);
    });
  });

  it('re-reads the role on every call: a demoted admin loses writes at once', async () => {
    const demoted = await createAdmin(ctx);
    const token = await signIn(ctx, demoted);
    const identity = await identityOf(ctx, token);
    await ctx.db
      .updateTable('admin_users')
      .set({ role: 'view_only' })
      .where('id', '=', demoted.row.id)
      .execute();
    const res = await call(ctx, 'POST', '/admin-users', identity, {
      payload: { ...unique('x'), password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});
