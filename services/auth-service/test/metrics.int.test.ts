import { ADMIN_API, LOCKOUT_THRESHOLD } from '@tunnelscope/contracts';
import { listenService, metricValue, scrapeMetrics, type ListeningService } from '@tunnelscope/service-kit';
import { createAdmin, createTestContext, loginStep1, nextIp, type TestContext } from './helpers.js';

describe('auth-service metrics on METRICS_PORT', () => {
  let ctx: TestContext;
  let running: ListeningService;
  beforeAll(async () => {
    ctx = await createTestContext('metrics', {
      env: { METRICS_PORT: '0', LOGIN_RATE_LIMIT_PER_MINUTE: '3' },
    });
    running = await listenService(ctx.app, {
      port: 0,
      host: ctx.config.HOST,
      metricsPort: ctx.config.METRICS_PORT,
    });
  });
  afterAll(async () => {
    await running?.close();
    await ctx?.close();
  });

  const scrape = () => scrapeMetrics(running.metrics!.port);
  const failures = (text: string, reason: string) =>
    metricValue(text, 'tunnelscope_login_failures_total', { service: 'auth-service', reason }) ?? 0;

  it('counts a request by route and status', async () => {
    const labels = { method: 'GET', route: '/healthz', status_code: '200' };
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBeUndefined();
    expect((await fetch(`http://127.0.0.1:${running.port}/healthz`)).status).toBe(200);
    expect(metricValue(await scrape(), 'http_requests_total', labels)).toBe(1);
  });

  it('counts sign-in failures by reason, and the lockout they end in', async () => {
    const admin = await createAdmin(ctx);
    const ghost = { ...admin, row: { ...admin.row, username: 'nobody_here_at_all' } };
    const before = await scrape();

    expect((await loginStep1(ctx, ghost)).statusCode).toBe(401);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      expect((await loginStep1(ctx, admin, { password: 'Wrong-Password-1!' })).statusCode).toBe(401);
    }
    // Locked now: even the right password is refused, as `locked`.
    expect((await loginStep1(ctx, admin)).statusCode).toBe(401);

    const after = await scrape();
    expect(failures(after, 'unknown_account') - failures(before, 'unknown_account')).toBe(1);
    expect(failures(after, 'bad_password') - failures(before, 'bad_password')).toBe(LOCKOUT_THRESHOLD);
    expect(failures(after, 'locked') - failures(before, 'locked')).toBe(1);
    expect(metricValue(after, 'tunnelscope_account_lockouts_total')).toBe(
      (metricValue(before, 'tunnelscope_account_lockouts_total') ?? 0) + 1,
    );
    expect(
      metricValue(after, 'http_requests_total', {
        method: 'POST',
        route: ADMIN_API.login.path,
        status_code: '401',
      }),
    ).toBe(LOCKOUT_THRESHOLD + 2);
  });

  it('counts a sign-in refused by the per-address limit as a rate-limit refusal', async () => {
    const admin = await createAdmin(ctx);
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await loginStep1(ctx, admin, {}, ip)).statusCode).not.toBe(429);
    expect((await loginStep1(ctx, admin, {}, ip)).statusCode).toBe(429);
    const text = await scrape();
    expect(metricValue(text, 'tunnelscope_rate_limit_refusals_total', { route: ADMIN_API.login.path })).toBe(
      1,
    );
  });
});
