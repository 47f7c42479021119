import { ADMIN_CHALLENGE_COOKIE, ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { newTotpSecret, totpCodeAt } from '../src/two-factor/totp.js';
import {
  ADMIN_PREFIX,
  MINUTE,
  auditRows,
  call,
  challengeOf,
  codeNow,
  createAdmin,
  createTestContext,
  login,
  loginStep1,
  nextIp,
  nextTotpStep,
  resolve,
  sessionTokenOf,
  setCookies,
  signIn,
  type TestAdmin,
  type TestContext,
} from './helpers.js';

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('two-factor authentication', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('two_factor');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Runs setup and answers the secret the page would show. */
  async function setup(token: string): Promise<string> {
    const res = await call(ctx, 'POST', '/auth/setup-2fa', token);
    expect(res.statusCode).toBe(200);
    return res.json().data.secret;
  }

  describe('POST /auth/setup-2fa', () => {
    it('answers a QR code data URL and the secret, and keeps the secret only sealed, as pending', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/setup-2fa', token);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
      expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(data.backupCodes).toEqual([]);
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.two_factor_enabled).toBe(false);
      expect(row.two_factor_pending_secret).toMatch(/^v1\./);
      expect(row.two_factor_pending_secret).not.toContain(data.secret);
      const [log] = await auditRows(ctx, { action: 'two_factor_setup', adminId: admin.row.id });
      expect(JSON.stringify(log!.details)).not.toContain(data.secret);
    });

    it('refuses a second setup while two-factor is on', async () => {
      const admin = await createAdmin(ctx, { twoFactor: true });
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/setup-2fa', token);
      expect(res.statusCode).toBe(409);
    });
  });

  describe.each(['/auth/verify-2fa', '/auth/verify-2fa-setup'])('POST %s', (path) => {
    it('enables two-factor with a code of the pending secret and answers 10 backup codes once', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const secret = await setup(token);
      const res = await call(ctx, 'POST', path, token, {
        payload: { secret, totpCode: await codeNow(ctx, secret) },
      });
      expect(res.statusCode).toBe(200);
      const codes: string[] = res.json().data.backupCodes;
      expect(codes).toHaveLength(10);
      for (const c of codes) expect(c).toMatch(/^\d{6}$/);
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ two_factor_enabled: true, two_factor_pending_secret: null });
      expect(row.two_factor_secret).toMatch(/^v1\./);
      expect(row.backup_codes).toHaveLength(10);
      for (const c of codes) expect(row.backup_codes.join(',')).not.toContain(c);
      const me = await call(ctx, 'GET', '/auth/me', token);
      expect(me.json().data.user.twoFactorEnabled).toBe(true);
      const [log] = await auditRows(ctx, { action: 'two_factor_enabled', adminId: admin.row.id });
      expect(log!.success).toBe(true);
      expect(JSON.stringify(log!.details)).not.toMatch(new RegExp(codes.join('|')));
    });

    it('checks the code against the pending secret, whatever secret the client echoes', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const pending = await setup(token);
      const mine = newTotpSecret();
      // A code of a secret the client chose is refused even when it echoes that secret.
      const forged = await call(ctx, 'POST', path, token, {
        payload: { secret: mine, totpCode: await codeNow(ctx, mine) },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(ADMIN_MESSAGES.invalidCode);
      // The pending secret's code works even with another secret echoed.
      const ok = await call(ctx, 'POST', path, token, {
        payload: { secret: mine, totpCode: await codeNow(ctx, pending) },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a wrong code with 400 (not 401) and logs it', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const secret = await setup(token);
      const res = await call(ctx, 'POST', path, token, {
        payload: { secret, totpCode: otherCode(await codeNow(ctx, secret)) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCode);
      const [log] = await auditRows(ctx, { action: 'two_factor_enabled', adminId: admin.row.id });
      expect(log).toMatchObject({
        success: false,
        details: expect.objectContaining({ reason: 'invalid_code' }),
      });
    });

    it('refuses a verify without a setup, and a malformed code with the spec message', async () => {
      const admin = await createAdmin(ctx);
      const token = await signIn(ctx, admin);
      const none = await call(ctx, 'POST', path, token, {
        payload: { secret: 'JBSWY3DPEHPK3PXP', totpCode: '123456' },
      });
      expect(none.statusCode).toBe(400);
      const malformed = await call(ctx, 'POST', path, token, {
        payload: { secret: 'JBSWY3DPEHPK3PXP', totpCode: '12345' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(ADMIN_MESSAGES.sixDigitCode);
    });
  });

  describe('POST /auth/disable-2fa', () => {
    it('turns two-factor off and forgets the secret and backup codes', async () => {
      const admin = await createAdmin(ctx, { twoFactor: true });
      const token = await signIn(ctx, admin);
      const res = await call(ctx, 'POST', '/auth/disable-2fa', token, {
        payload: { currentPassword: admin.password },
      });
      expect(res.statusCode).toBe(200);
      const row = await ctx.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        two_factor_enabled: false,
        two_factor_secret: null,
        two_factor_pending_secret: null,
        two_factor_last_step: null,
        backup_codes: [],
      });
      expect(await auditRows(ctx, { action: 'two_factor_disabled', adminId: admin.row.id })).toHaveLength(1);
      // The next sign-in is one step again.
      expect((await loginStep1(ctx, admin)).statusCode).toBe(200);
    });
  });

  describe('signing in with two-factor', () => {
    let admin: TestAdmin;
    beforeEach(async () => {
      admin = await createAdmin(ctx, { twoFactor: true });
    });

    const step2 = async (code: string, challenge: string | undefined, extra: Record<string, unknown> = {}) =>
      login(
        ctx,
        { username: admin.row.username, password: admin.password, totpCode: code, ...extra },
        { ...(challenge ? { challenge } : {}) },
      );

    it('answers a correct step 1 with 401 requires2FA and a short-lived HttpOnly challenge cookie, and no session', async () => {
      const res = await loginStep1(ctx, admin);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'UNAUTHORIZED',
        message: ADMIN_MESSAGES.twoFactorRequired,
        requires2FA: true,
      });
      const cookies = setCookies(res);
      expect([...cookies.keys()]).toEqual([ADMIN_CHALLENGE_COOKIE]);
      const cookie = cookies.get(ADMIN_CHALLENGE_COOKIE)!;
      expect(cookie.raw).toContain('Max-Age=300');
      expect(cookie.raw).toContain('HttpOnly');
      expect(cookie.raw).toContain('SameSite=Strict');
      expect(cookie.raw).toContain(`Path=${ADMIN_PREFIX}`);
      const stored = await ctx.db
        .selectFrom('admin_otp_codes')
        .selectAll()
        .where('admin_id', '=', admin.row.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ purpose: 'login_2fa', is_used: false });
      expect(stored[0]!.code).not.toBe(cookie.value);
      expect(stored[0]!.expires_at.getTime()).toBe(ctx.clock.now().getTime() + 5 * MINUTE);
      const sessions = await ctx.db
        .selectFrom('admin_sessions')
        .select('id')
        .where('admin_id', '=', admin.row.id)
        .execute();
      expect(sessions).toHaveLength(0);
    });

    it('signs in with step 1, then the TOTP code and the challenge', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      nextTotpStep(ctx);
      const res = await step2(await codeNow(ctx, admin.totpSecret!), challenge);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.twoFactorEnabled).toBe(true);
      expect((await resolve(ctx, sessionTokenOf(res))).statusCode).toBe(200);
      const [log] = await auditRows(ctx, { action: 'login_success', adminId: admin.row.id });
      expect(log!.details).toMatchObject({ method: 'totp' });
    });

    it('refuses step 2 without a challenge, however right the code', async () => {
      nextTotpStep(ctx);
      const res = await step2(await codeNow(ctx, admin.totpSecret!), undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
      expect(res.json().requires2FA).toBeUndefined();
      const forged = await step2(await codeNow(ctx, admin.totpSecret!), 'A'.repeat(43));
      expect(forged.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
    });

    it('spends the challenge: it works once', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      nextTotpStep(ctx);
      expect((await step2(await codeNow(ctx, admin.totpSecret!), challenge)).statusCode).toBe(200);
      nextTotpStep(ctx);
      const again = await step2(await codeNow(ctx, admin.totpSecret!), challenge);
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
    });

    it('lets the challenge expire after 5 minutes', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      ctx.clock.advance(5 * MINUTE + 1000);
      const res = await step2(await codeNow(ctx, admin.totpSecret!), challenge);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
    });

    it("refuses another account's challenge with the same answer as an expired one", async () => {
      const other = await createAdmin(ctx, { twoFactor: true });
      const othersChallenge = challengeOf(await loginStep1(ctx, other));
      nextTotpStep(ctx);
      const res = await step2(await codeNow(ctx, admin.totpSecret!), othersChallenge);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
    });

    it('answers a wrong code with 401 invalidCode and requires2FA, a fresh challenge, and counts it toward the lockout', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      nextTotpStep(ctx);
      const right = await codeNow(ctx, admin.totpSecret!);
      const res = await step2(otherCode(right), challenge);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: ADMIN_MESSAGES.invalidCode, requires2FA: true });
      const fresh = challengeOf(res);
      expect(fresh).not.toBe(challenge);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select('failed_login_attempts')
        .where('id', '=', admin.row.id)
        .executeTakeFirstOrThrow();
      expect(row.failed_login_attempts).toBe(1);
      // The operator corrects the code on the same screen.
      expect((await step2(right, fresh)).statusCode).toBe(200);
    });

    it('locks the account after 5 wrong codes', async () => {
      let challenge = challengeOf(await loginStep1(ctx, admin));
      nextTotpStep(ctx);
      const wrong = otherCode(await codeNow(ctx, admin.totpSecret!));
      for (let i = 0; i < 4; i++) challenge = challengeOf(await step2(wrong, challenge));
      const fifth = await step2(wrong, challenge);
      expect(fifth.json().message).toBe(ADMIN_MESSAGES.invalidCode);
      expect(setCookies(fifth).get(ADMIN_CHALLENGE_COOKIE)?.value).toBe('');
      const locked = await loginStep1(ctx, admin);
      expect(locked.statusCode).toBe(401);
      expect(locked.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
    });

    it('refuses a wrong password in step 2 with the credentials answer', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      const res = await step2(await codeNow(ctx, admin.totpSecret!), challenge, {
        password: 'Wrong-Password1!',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
    });

    it('accepts the code of one step back and refuses one two steps back', async () => {
      const challenge = challengeOf(await loginStep1(ctx, admin));
      nextTotpStep(ctx);
      const twoBack = await codeNow(ctx, admin.totpSecret!, -60_000);
      const res = await step2(twoBack, challenge);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCode);
      const oneBack = await codeNow(ctx, admin.totpSecret!, -30_000);
      expect((await step2(oneBack, challengeOf(res))).statusCode).toBe(200);
    });

    it('refuses a TOTP code whose time step was already used (replay), and logs it', async () => {
      nextTotpStep(ctx);
      const code = await codeNow(ctx, admin.totpSecret!);
      const first = challengeOf(await loginStep1(ctx, admin));
      expect((await step2(code, first)).statusCode).toBe(200);
      // Same code, still inside its window, with a fresh step 1.
      ctx.clock.advance(5000);
      const second = challengeOf(await loginStep1(ctx, admin));
      const replay = await step2(code, second);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ message: ADMIN_MESSAGES.invalidCode, requires2FA: true });
      const reasons = (await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id })).map(
        (r) => (r.details as { reason: string }).reason,
      );
      expect(reasons).toContain('totp_replay');
      // The next step's code is fine.
      nextTotpStep(ctx);
      expect((await step2(await codeNow(ctx, admin.totpSecret!), challengeOf(replay))).statusCode).toBe(200);
    });

    it('refuses the code used to enable two-factor at the first sign-in (the same time step)', async () => {
      const fresh = await createAdmin(ctx);
      const token = await signIn(ctx, fresh);
      const secret = await setup(token);
      nextTotpStep(ctx);
      const code = await codeNow(ctx, secret);
      expect(
        (await call(ctx, 'POST', '/auth/verify-2fa', token, { payload: { secret, totpCode: code } }))
          .statusCode,
      ).toBe(200);
      const challenge = challengeOf(await loginStep1(ctx, fresh));
      const res = await login(
        ctx,
        { username: fresh.row.username, password: fresh.password, totpCode: code },
        { challenge },
      );
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCode);
    });

    it('accepts a backup code in place of the TOTP code, once', async () => {
      const fresh = await createAdmin(ctx);
      const token = await signIn(ctx, fresh);
      const secret = await setup(token);
      const enabled = await call(ctx, 'POST', '/auth/verify-2fa', token, {
        payload: { secret, totpCode: await totpCodeAt(secret, ctx.clock.now()) },
      });
      const [backup] = enabled.json().data.backupCodes as string[];
      const step1 = () => loginStep1(ctx, fresh);
      const withBackup = (challenge: string) =>
        login(
          ctx,
          { username: fresh.row.username, password: fresh.password, totpCode: backup },
          { challenge },
        );

      const ok = await withBackup(challengeOf(await step1()));
      expect(ok.statusCode).toBe(200);
      const row = await ctx.db
        .selectFrom('admin_users')
        .select('backup_codes')
        .where('id', '=', fresh.row.id)
        .executeTakeFirstOrThrow();
      expect(row.backup_codes).toHaveLength(9);
      const methods = (await auditRows(ctx, { action: 'login_success', adminId: fresh.row.id })).map(
        (r) => (r.details as { method: string }).method,
      );
      expect(methods.sort()).toEqual(['backup_code', 'password']);

      const again = await withBackup(challengeOf(await step1()));
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(ADMIN_MESSAGES.invalidCode);
    });
  });

  it('does not let step 2 skip the bot check: a code without the step-1 challenge never reaches the password', async () => {
    const admin = await createAdmin(ctx, { twoFactor: true });
    const before = ctx.turnstile.calls.length;
    const res = await login(
      ctx,
      { username: admin.row.username, password: 'Wrong-Password1!', totpCode: '123456' },
      { ip: nextIp() },
    );
    expect(res.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
    expect(ctx.turnstile.calls.length).toBe(before);
    const row = await ctx.db
      .selectFrom('admin_users')
      .select('failed_login_attempts')
      .where('id', '=', admin.row.id)
      .executeTakeFirstOrThrow();
    expect(row.failed_login_attempts).toBe(0);
  });
});
