import { createPasswordHasher, type PasswordHasher } from '../src/passwords/password-hasher.js';
import { DUMMY_TOKEN, MINUTE, createAdmin, createTestContext, login, type TestContext } from './helpers.js';

/**
 * Same answer, same time: the time of a refusal is the time of one argon2
 * verification at the service's cost, whatever the reason. Wall-clock comparisons are noisy on a
 * shared machine, so this counts the verifications instead: every refusal must cost exactly one,
 * against a hash of the same parameters (the dummy hash for an unknown user).
 */
describe('POST /auth/login cost of a refusal', () => {
  let ctx: TestContext;
  const verifications: string[] = [];
  const real = createPasswordHasher({ memoryKib: 1024, timeCost: 1 });
  const counting: PasswordHasher = {
    hash: (password) => real.hash(password),
    verify: async (hash, password) => {
      verifications.push(hash);
      return real.verify(hash, password);
    },
    verifyOrDummy: async (hash, password) => {
      verifications.push(hash ?? 'dummy');
      return real.verifyOrDummy(hash, password);
    },
    warmUp: () => real.warmUp(),
  };

  beforeAll(async () => {
    ctx = await createTestContext('login_cost', { hasher: counting });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('runs exactly one password verification for an unknown user, a locked, an inactive account and a wrong password', async () => {
    const known = await createAdmin(ctx);
    const locked = await createAdmin(ctx);
    const inactive = await createAdmin(ctx, { isActive: false });
    await ctx.db
      .updateTable('admin_users')
      .set({ account_locked_until: new Date(ctx.clock.now().getTime() + 60 * MINUTE) })
      .where('id', '=', locked.row.id)
      .execute();

    const cases = [
      { username: known.row.username, password: 'Wrong-Password1!' },
      { username: 'nobody_at_all', password: 'Wrong-Password1!' },
      { username: locked.row.username, password: locked.password },
      { username: inactive.row.username, password: inactive.password },
    ];
    const answers = [];
    for (const body of cases) {
      verifications.length = 0;
      const res = await login(ctx, { ...body, turnstileToken: DUMMY_TOKEN });
      answers.push({ status: res.statusCode, body: res.json() as { message: string } });
      expect({ username: body.username, verifications: verifications.length }).toEqual({
        username: body.username,
        verifications: 1,
      });
    }
    // And the same answer for all four.
    expect(new Set(answers.map((a) => `${a.status} ${a.body.message}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(401);
  });
});
