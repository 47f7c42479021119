/**
 * Issue 13, item 1 (the lockout holds under a burst) and item 11 (a 2FA sign-in's step 1 is not a
 * failure). Attempts on one account are serialised: the stored failure count can never pass the
 * threshold, a right password answered after the lock is refused, and stockpiled challenges do not
 * buy more code guesses.
 */
import { ADMIN_MESSAGES, LOCKOUT_THRESHOLD } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import { createPasswordHasher, type PasswordHasher } from '../src/passwords/password-hasher.js';
import {
  DUMMY_TOKEN,
  auditRows,
  challengeOf,
  codeNow,
  createAdmin,
  createTestContext,
  login,
  loginStep1,
  nextIp,
  nextTotpStep,
  type TestContext,
} from './helpers.js';

/** Resolves when `check` does (polled: it waits for another request's progress, never for time). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The test cost's hasher, with gates: a `held` password's check waits for its gate; `entered`
 * records which passwords reached the check.
 */
function gatedHasher() {
  const inner = createPasswordHasher({ memoryKib: 1024, timeCost: 1 });
  const gates = new Map<string, Promise<void>>();
  const entered = new Set<string>();
  const hasher: PasswordHasher = {
    ...inner,
    async verifyOrDummy(hash, password) {
      entered.add(password);
      const ok = await inner.verifyOrDummy(hash, password);
      await gates.get(password);
      return ok;
    },
  };
  return { hasher, gates, entered };
}

describe('the lockout under a burst (issue 13, item 1)', () => {
  const gated = gatedHasher();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('lockout_burst', { hasher: gated.hasher });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const stored = (id: string) =>
    ctx.db
      .selectFrom('admin_users')
      .select(['failed_login_attempts', 'account_locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('evaluates exactly 5 of 30 concurrent wrong passwords from 30 addresses and refuses the rest as locked', async () => {
    const admin = await createAdmin(ctx);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginStep1(ctx, admin, { password: `Wrong-guess-${i}!` }, nextIp()),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(401));
    for (const a of answers) expect(a.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
    const row = await stored(admin.row.id);
    expect(row.failed_login_attempts).toBe(LOCKOUT_THRESHOLD);
    expect(row.account_locked_until!.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    const failures = await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id });
    const reasons = failures.map((f) => (f.details as { reason: string }).reason);
    expect(reasons.filter((r) => r === 'wrong_password')).toHaveLength(LOCKOUT_THRESHOLD);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(30 - LOCKOUT_THRESHOLD);
  });

  it('does not sign in the right password of an attempt that overlapped the 5th failure', async () => {
    const admin = await createAdmin(ctx);
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) {
      expect((await loginStep1(ctx, admin, { password: `Wrong-early-${i}!` })).statusCode).toBe(401);
    }
    // The 5th wrong guess is held inside its password check until the right one has started.
    const fifth = 'Wrong-fifth-guess!';
    const releaseFifth = deferred();
    gated.gates.set(fifth, releaseFifth.promise);
    // The right password's check finishes only once the 5th failure is stored.
    gated.gates.set(
      admin.password,
      until(async () => (await stored(admin.row.id)).failed_login_attempts >= LOCKOUT_THRESHOLD),
    );
    const fifthAnswer = loginStep1(ctx, admin, { password: fifth });
    await until(async () => gated.entered.has(fifth));
    const rightAnswer = loginStep1(ctx, admin);
    // Started: either inside its own password check (attempts not serialised) or queued behind
    // the 5th attempt's lock on the account.
    await until(async () => {
      if (gated.entered.has(admin.password)) return true;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
      return rows[0]!.n > 0;
    });
    releaseFifth.resolve();
    const [f, r] = await Promise.all([fifthAnswer, rightAnswer]);
    gated.gates.clear();
    expect(f.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ success: false });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
    const sessions = await ctx.db
      .selectFrom('admin_sessions')
      .select('id')
      .where('admin_id', '=', admin.row.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const row = await stored(admin.row.id);
    expect(row.failed_login_attempts).toBe(LOCKOUT_THRESHOLD);
    expect(row.account_locked_until).not.toBeNull();
  });

  it('keeps one live challenge per account, so 8 stockpiled challenges yield at most 5 code guesses', async () => {
    const admin = await createAdmin(ctx, { twoFactor: true });
    const challenges: string[] = [];
    for (let i = 0; i < 8; i++) challenges.push(challengeOf(await loginStep1(ctx, admin)));
    nextTotpStep(ctx);
    const good = await codeNow(ctx, admin.totpSecret!);
    const wrong = good === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      challenges.map((challenge) =>
        login(
          ctx,
          { username: admin.row.username, password: admin.password, totpCode: wrong },
          { challenge, ip: nextIp() },
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
    const guesses = (await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id })).filter(
      (f) => (f.details as { reason: string }).reason === 'invalid_code',
    );
    expect(guesses.length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    // Only the newest challenge was live.
    expect(guesses).toHaveLength(1);
    expect((await stored(admin.row.id)).failed_login_attempts).toBe(1);
  });

  it('locks the account on the 5th wrong code, audits the lock, and then refuses the right code', async () => {
    const admin = await createAdmin(ctx, { twoFactor: true });
    let challenge = challengeOf(await loginStep1(ctx, admin));
    nextTotpStep(ctx);
    const good = await codeNow(ctx, admin.totpSecret!);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 1; i <= LOCKOUT_THRESHOLD; i++) {
      const res = await login(
        ctx,
        { username: admin.row.username, password: admin.password, totpCode: wrong },
        { challenge },
      );
      expect(res.statusCode).toBe(401);
      if (i < LOCKOUT_THRESHOLD) challenge = challengeOf(res);
    }
    const failures = await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id });
    // Rows of one clock instant: the lock is on the row that counted the 5th failure.
    const last = failures.find(
      (f) => (f.details as { failedAttempts?: number }).failedAttempts === LOCKOUT_THRESHOLD,
    )!;
    expect(last.details).toMatchObject({ reason: 'invalid_code', failedAttempts: LOCKOUT_THRESHOLD });
    expect((last.details as { lockedUntil?: string }).lockedUntil).toEqual(expect.any(String));
    // A fresh step 1 with the right password is refused while locked.
    const again = await loginStep1(ctx, admin);
    expect(again.statusCode).toBe(401);
    expect(again.json().requires2FA).toBeUndefined();
  });
});

describe('a successful 2FA sign-in in the audit log (issue 13, item 11)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('login_2fa_audit');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes no login_failed row for its step 1: that step is logged as login_2fa_required', async () => {
    const admin = await createAdmin(ctx, { twoFactor: true });
    const first = await login(ctx, {
      username: admin.row.username,
      password: admin.password,
      turnstileToken: DUMMY_TOKEN,
    });
    expect(first.json()).toMatchObject({ requires2FA: true });
    nextTotpStep(ctx);
    const second = await login(
      ctx,
      {
        username: admin.row.username,
        password: admin.password,
        totpCode: await codeNow(ctx, admin.totpSecret!),
      },
      { challenge: challengeOf(first) },
    );
    expect(second.statusCode).toBe(200);
    expect(await auditRows(ctx, { action: 'login_failed', adminId: admin.row.id })).toHaveLength(0);
    const step1 = await auditRows(ctx, { action: 'login_2fa_required', adminId: admin.row.id });
    expect(step1).toHaveLength(1);
    expect(step1[0]!.success).toBe(true);
    expect(await auditRows(ctx, { action: 'login_success', adminId: admin.row.id })).toHaveLength(1);
  });
});
