/**
 * Issue 13, item 7 (auth part): sign-in fails closed. When Redis cannot count the attempt, the
 * per-address limit cannot hold, so sign-in answers 503 with a clear message instead of letting
 * unlimited guesses through.
 */
import { ADMIN_MESSAGES, errorResponseSchema } from '@tunnelscope/contracts';
import { createRedis } from '@tunnelscope/service-kit';
import { TEST_REDIS_URL } from '@tunnelscope/test-kit';
import { auditRows, createAdmin, createTestContext, loginStep1, type TestContext } from './helpers.js';

describe('POST /auth/login while Redis cannot count attempts (issue 13, item 7)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The app's Redis client is closed: every command fails at once, as with Redis down.
    const deadRedis = createRedis(TEST_REDIS_URL);
    deadRedis.disconnect();
    ctx = await createTestContext('login_fail_closed', { appRedis: deadRedis });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 service_unavailable with a clear message, evaluates nothing and logs the refusal', async () => {
    const admin = await createAdmin(ctx);
    const res = await loginStep1(ctx, admin);
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(errorResponseSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      success: false,
      error: 'service_unavailable',
      message: ADMIN_MESSAGES.signInUnavailable,
    });
    expect(res.body).not.toMatch(/redis|stack|Connection/i);
    expect(res.headers['set-cookie']).toBeUndefined();
    const sessions = await ctx.db
      .selectFrom('admin_sessions')
      .select('id')
      .where('admin_id', '=', admin.row.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const [row] = await auditRows(ctx, { action: 'login_failed', username: admin.row.username });
    expect(row?.details).toMatchObject({ reason: 'rate_limit_unavailable' });
  });
});
