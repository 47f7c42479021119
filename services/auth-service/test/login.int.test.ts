import { createHash } from 'node:crypto';
import { ADMIN_MESSAGES, ADMIN_SESSION_COOKIE, ADMIN_SESSION_COOKIE_SECURE } from '@tunnelscope/contracts';
import {
  ADMIN_PREFIX,
  DUMMY_TOKEN,
  MINUTE,
  auditRows,
  createAdmin,
  createTestContext,
  login,
  loginStep1,
  nextIp,
  resolve,
  sessionTokenOf,
  setCookies,
  type TestContext,
} from './helpers.js';

describe('POST /auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('login');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('a correct step 1 without two-factor', () => {
    it('answers the user, opens a session and sets an HttpOnly, SameSite=Strict cookie on the admin prefix', async () => {
      const admin = await createAdmin(ctx);
      const res = await loginStep1(ctx, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: {
          user: {
            id: admin.row.id,
            username: admin.row.username,
            email: admin.row.email,
            role: 'admin',
            isActive: true,
            twoFactorEnabled: false,
            lastLogin: expect.any(String),
          },
        },
      });
      // The flag's name aside (issue 16), nothing about the password is answered.
      expect(JSON.stringify(res.json()).replace('"mustChangePassword":false', '')).not.toMatch(
        /password|hash|secret/i,
      );
      const cookie = setCookies(res).get(ADMIN_SESSION_COOKIE)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.raw).toContain(`Path=${ADMIN_PREFIX}`);
      expect(cookie.raw).toContain('HttpOnly');
      expect(cookie.raw).toContain('SameSite=Strict');
      // No Remember me: a browser-session cookie, and not Secure over plain HTTP.
      expect(cookie.raw).not.toMatch(/Max-Age|Expires/i);
      expect(cookie.raw).not.toContain('Secure');
    });

    it('stores only the SHA-256 of the token, resets the counters and logs login_success', async () => {
      const admin = await createAdmin(ctx);
      await ctx.db
        .updateTable('admin_users')
        .set({ failed_login_attempts: 3 })
        .where('id', '=', admin.row.id)
        .execute();
      const ip = nextIp();
      const token = sessionTokenOf(await loginStep1(ctx, admin, {}, ip));
      const session = await ctx.db
        .selectFrom('admin_sessions')
        .selectAll()
        .where('admin_id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(session.session_token).toBe(createHash('sha256').update(token).digest('hex'));
      expect(session.ip_address).toBe(ip);
      expect(session.user_agent).toContain('Chrome');
      const user = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(user.failed_login_attempts).toBe(0);
      expect(user.last_login).not.toBeNull();
      const [log] = await auditRows(ctx, { action: 'login_success', adminId: admin.row.id });
      expect(log).toMatchObject({
        session_id: session.id,
        success: true,
        ip_address: ip,
        username: admin.row.username,
      });
      expect(log!.details).toMatchObject({ method: 'password', rememberMe: false });
    });

    it('gives Remember me a 30-day cookie, and the __Secure- name with Secure behind TLS', async () => {
      const admin = await createAdmin(ctx);
      const res = await login(
        ctx,
        {
          username: admin.row.username,
          password: admin.password,
          turnstileToken: DUMMY_TOKEN,
          rememberMe: true,
        },
        { proto: 'https' },
      );
      expect(res.statusCode).toBe(200);
      const cookie = setCookies(res).get(ADMIN_SESSION_COOKIE_SECURE)!;
      expect(cookie.raw).toContain('Max-Age=2592000');
      expect(cookie.raw).toContain('Secure');
      expect(setCookies(res).has(ADMIN_SESSION_COOKIE)).toBe(false);
    });

    it('finds the account whatever the case of the username', async () => {
      const admin = await createAdmin(ctx);
      const res = await login(ctx, {
        username: admin.row.username.toUpperCase(),
        password: admin.password,
        turnstileToken: DUMMY_TOKEN,
      });
      expect(res.statusCode).toBe(200);
    });

    it('ignores forwarded addresses, prefix and scheme that did not come from the gateway', async () => {
      const admin = await createAdmin(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '6.6.6.6',
          'x-forwarded-prefix': ADMIN_PREFIX,
          'x-forwarded-proto': 'https',
        },
        payload: { username: admin.row.username, password: admin.password, turnstileToken: DUMMY_TOKEN },
      });
      expect(res.statusCode).toBe(200);
      const cookie = setCookies(res).get(ADMIN_SESSION_COOKIE)!;
      expect(cookie.raw).toContain('Path=/;');
      const session = await ctx.db
        .selectFrom('admin_sessions')
        .select('ip_address')
        .where('admin_id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(session.ip_address).not.toBe('6.6.6.6');
    });
  });

  describe('refusals that must not tell whether a username exists', () => {
    it('answers an unknown user, a wrong password, a locked and an inactive account with the same 401', async () => {
      const known = await createAdmin(ctx);
      const locked = await createAdmin(ctx);
      await ctx.db
        .updateTable('admin_users')
        .set({ account_locked_until: new Date(ctx.clock.now().getTime() + 10 * MINUTE) })
        .where('id', '=', locked.row.id)
        .execute();
      const inactive = await createAdmin(ctx, { isActive: false });

      const attempts = [
        { username: 'nobody_by_this_name', password: known.password },
        { username: known.row.username, password: 'Wrong-Password1!' },
        { username: locked.row.username, password: locked.password },
        { username: inactive.row.username, password: inactive.password },
      ];
      const answers = [];
      for (const a of attempts) {
        const res = await login(ctx, { ...a, turnstileToken: DUMMY_TOKEN });
        const { requestId: _id, ...body } = res.json();
        answers.push({ status: res.statusCode, body, cookies: setCookies(res).size });
      }
      expect(answers[0]).toEqual({
        status: 401,
        body: { success: false, error: 'UNAUTHORIZED', message: ADMIN_MESSAGES.invalidCredentials },
        cookies: 0,
      });
      for (const a of answers) expect(a).toEqual(answers[0]);

      const reasons = (await auditRows(ctx, { action: 'login_failed' }))
        .filter((r) => attempts.some((a) => a.username === r.username))
        .map((r) => (r.details as { reason: string }).reason);
      // Rows of one instant of the test clock: compare them as a set.
      expect(reasons.sort()).toEqual(['inactive', 'locked', 'unknown_user', 'wrong_password']);
    });

    it('checks the password of a locked or inactive account too, so it takes as long as a wrong one', async () => {
      // A locked account with the right password is still refused (not let in), and its count is not raised.
      const admin = await createAdmin(ctx);
      await ctx.db
        .updateTable('admin_users')
        .set({ account_locked_until: new Date(ctx.clock.now().getTime() + MINUTE), failed_login_attempts: 5 })
        .where('id', '=', admin.row.id)
        .execute();
      expect((await loginStep1(ctx, admin)).statusCode).toBe(401);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select('failed_login_attempts')
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_login_attempts).toBe(5);
    });
  });

  describe('lockout', () => {
    const wrong = (admin: { row: { username: string } }) =>
      login(ctx, { username: admin.row.username, password: 'Wrong-Password1!', turnstileToken: DUMMY_TOKEN });

    it('locks the account for 15 minutes after 5 consecutive failures, then lets the right password in', async () => {
      const admin = await createAdmin(ctx);
      for (let i = 0; i < 5; i++) expect((await wrong(admin)).statusCode).toBe(401);
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_login_attempts).toBe(5);
      expect(row.account_locked_until!.getTime()).toBe(ctx.clock.now().getTime() + 15 * MINUTE);

      // Locked: even the right password is refused, with the same answer.
      const refused = await loginStep1(ctx, admin);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);

      ctx.clock.advance(14 * MINUTE);
      expect((await loginStep1(ctx, admin)).statusCode).toBe(401);
      ctx.clock.advance(MINUTE + 1000);
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
      const after = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(after.failed_login_attempts).toBe(0);
      expect(after.account_locked_until).toBeNull();

      const failures = await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id });
      const lockLog = failures.find((r) => (r.details as { failedAttempts?: number }).failedAttempts === 5);
      expect(lockLog!.details).toMatchObject({ reason: 'wrong_password', lockedUntil: expect.any(String) });
    });

    it('counts only consecutive failures: a success starts the count again', async () => {
      const admin = await createAdmin(ctx);
      for (let i = 0; i < 4; i++) await wrong(admin);
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await wrong(admin);
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
    });

    it('starts a fresh count once a lock has run out', async () => {
      const admin = await createAdmin(ctx);
      for (let i = 0; i < 5; i++) await wrong(admin);
      ctx.clock.advance(16 * MINUTE);
      await wrong(admin);
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_login_attempts).toBe(1);
      expect(row.account_locked_until).toBeNull();
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
    });
  });

  describe('the bot check (Turnstile)', () => {
    it('answers a step 1 without a token with 400 CAPTCHA_FAILED and the spec message, before any password check', async () => {
      const admin = await createAdmin(ctx);
      const res = await login(ctx, { username: admin.row.username, password: admin.password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'CAPTCHA_FAILED',
        message: ADMIN_MESSAGES.captchaMissing,
      });
      expect(setCookies(res).size).toBe(0);
      const [log] = await auditRows(ctx, { action: 'login_failed', username: admin.row.username });
      expect(log!.details).toMatchObject({ reason: 'captcha_missing' });
    });

    it('sends secret, token and the client address to siteverify as a form', async () => {
      const admin = await createAdmin(ctx);
      const ip = nextIp();
      await loginStep1(ctx, admin, {}, ip);
      expect(ctx.turnstile.calls.at(-1)).toEqual({
        secret: '1x0000000000000000000000000000000AA',
        response: DUMMY_TOKEN,
        remoteip: ip,
      });
    });
  });

  describe('bad input', () => {
    it.each([
      ['an empty body', {}, 'Username is required'],
      ['no password', { username: 'someone' }, 'Password is required'],
      [
        'a code that is not 6 digits',
        { username: 'someone', password: 'x', totpCode: '12ab56' },
        ADMIN_MESSAGES.totpFormat,
      ],
      ['an unknown field', { username: 'someone', password: 'x', extra: true }, undefined],
      ['a 300-character username', { username: 'x'.repeat(300), password: 'x' }, undefined],
      ['a password over 128 characters', { username: 'someone', password: 'x'.repeat(129) }, undefined],
    ])('answers %s with a 400 in the one error shape', async (_label, body, message) => {
      const res = await login(ctx, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
      if (message) expect(res.json().message).toBe(message);
    });

    it('answers a malformed body with 400 and a non-JSON one with 415', async () => {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(malformed.statusCode).toBe(400);
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=a&password=b',
      });
      expect(form.statusCode).toBe(415);
    });
  });

  it('opens a session that the gateway can resolve at once', async () => {
    const admin = await createAdmin(ctx);
    const token = sessionTokenOf(await loginStep1(ctx, admin));
    const res = await resolve(ctx, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.identity).toMatchObject({
      adminId: admin.row.id,
      username: admin.row.username,
      role: 'admin',
    });
  });
});

describe('POST /auth/login with a Turnstile secret that always fails', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('login_captcha', {
      env: { TURNSTILE_SECRET: '2x0000000000000000000000000000000AA' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 400 CAPTCHA_FAILED with the spec message, opens nothing and logs the refusal', async () => {
    const admin = await createAdmin(ctx);
    const res = await loginStep1(ctx, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'CAPTCHA_FAILED',
      message: ADMIN_MESSAGES.captchaFailed,
    });
    expect(setCookies(res).size).toBe(0);
    const sessions = await ctx.db
      .selectFrom('admin_sessions')
      .select('id')
      .where('admin_id', '=', admin.row.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const [log] = await auditRows(ctx, { action: 'login_failed', username: admin.row.username });
    expect(log!.details).toMatchObject({
      reason: 'captcha_failed',
      verifier: 'refused',
      errorCodes: ['invalid-input-response'],
    });
  });
});

describe('POST /auth/login when siteverify cannot be reached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Port 9 (discard) on localhost refuses the connection at once.
    ctx = await createTestContext('login_captcha_down', {
      env: { TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/turnstile/v0/siteverify' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses the sign-in (fails closed) with 400 CAPTCHA_FAILED', async () => {
    const admin = await createAdmin(ctx);
    const res = await loginStep1(ctx, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'CAPTCHA_FAILED', message: ADMIN_MESSAGES.captchaFailed });
    const [log] = await auditRows(ctx, { action: 'login_failed', username: admin.row.username });
    expect(log!.details).toMatchObject({ reason: 'captcha_failed', verifier: 'unreachable' });
  });
});

describe('POST /auth/login per-address limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('login_rate', { env: { LOGIN_RATE_LIMIT_PER_MINUTE: '10' } });
    // The start of a minute, so the ten attempts all fall in one window.
    const now = ctx.clock.now().getTime();
    ctx.clock.advance(MINUTE - (now % MINUTE) + 1000);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('allows 10 attempts a minute per address, then answers 429 with Retry-After and the message', async () => {
    const admin = await createAdmin(ctx);
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      // An unknown name, so the account's own lockout stays out of it.
      const res = await login(
        ctx,
        { username: 'not_an_account', password: 'nope', turnstileToken: DUMMY_TOKEN },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    // Even the right password is refused now, before any check.
    const limited = await login(
      ctx,
      { username: admin.row.username, password: admin.password, turnstileToken: DUMMY_TOKEN },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      success: false,
      error: 'RATE_LIMITED',
      message: ADMIN_MESSAGES.loginRateLimited,
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected; the next minute this one may try again.
    const other = await login(
      ctx,
      { username: admin.row.username, password: admin.password, turnstileToken: DUMMY_TOKEN },
      { ip: nextIp() },
    );
    expect(other.statusCode).toBe(200);
    ctx.clock.advance(MINUTE);
    const later = await login(
      ctx,
      { username: admin.row.username, password: admin.password, turnstileToken: DUMMY_TOKEN },
      { ip },
    );
    expect(later.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: a new address from the same network does not reset the count (issue 13, item 7)', async () => {
    // The window's start, so the 11 attempts fall in one minute.
    const now = ctx.clock.now().getTime();
    ctx.clock.advance(MINUTE - (now % MINUTE) + 1000);
    const net = '2001:db8:77:42';
    for (let i = 1; i <= 10; i++) {
      const res = await login(
        ctx,
        { username: 'not_an_account', password: 'nope', turnstileToken: DUMMY_TOKEN },
        { ip: `${net}::${i.toString(16)}` },
      );
      expect(res.statusCode).toBe(401);
    }
    const fresh = await login(
      ctx,
      { username: 'not_an_account', password: 'nope', turnstileToken: DUMMY_TOKEN },
      { ip: `${net}:dead:beef:1:2` },
    );
    expect(fresh.statusCode).toBe(429);
    // Another /64 is another client.
    const other = await login(
      ctx,
      { username: 'not_an_account', password: 'nope', turnstileToken: DUMMY_TOKEN },
      { ip: '2001:db8:77:43::1' },
    );
    expect(other.statusCode).toBe(401);
  });

  it('logs the first refusal of a window, not every one', async () => {
    const ip = nextIp();
    for (let i = 0; i < 14; i++)
      await login(ctx, { username: 'flooder', password: 'x', turnstileToken: DUMMY_TOKEN }, { ip });
    const rows = (await auditRows(ctx, { action: 'login_failed', username: 'flooder' })).filter(
      (r) => (r.details as { reason: string }).reason === 'rate_limited',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ip_address).toBe(ip);
  });
});
