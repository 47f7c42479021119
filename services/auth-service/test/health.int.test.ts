import { createTestContext, type TestContext } from './helpers.js';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('health');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers /healthz and /readyz when Postgres and Redis answer', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok' },
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await ctx.app.inject('/admin-users/x/y/z');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});
