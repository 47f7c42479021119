/** Every answer has the shape `@tunnelscope/contracts` promises the admin panel and the gateway. */
import {
  activeSessionsResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  errorResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
  sessionResolveResponseSchema,
  setup2faResponseSchema,
  updateProfileResponseSchema,
  verify2faResponseSchema,
} from '@tunnelscope/contracts';
import type { z } from 'zod';
import {
  DUMMY_TOKEN,
  call,
  codeNow,
  PASSWORD,
  createAdmin,
  createTestContext,
  identityOf,
  login,
  resolve,
  sessionTokenOf,
  unique,
  type TestContext,
} from './helpers.js';

describe('answers match the contracts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('contracts');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const expectShape = (schema: z.ZodType, body: unknown) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`${JSON.stringify(body)}\n${parsed.error.message}`);
  };

  it('for the whole operator journey', async () => {
    const admin = await createAdmin(ctx);
    const signedIn = await login(ctx, {
      username: admin.row.username,
      password: admin.password,
      turnstileToken: DUMMY_TOKEN,
    });
    expectShape(loginResponseSchema, signedIn.json());
    const token = sessionTokenOf(signedIn);
    expectShape(sessionResolveResponseSchema, (await resolve(ctx, token)).json());
    expectShape(meResponseSchema, (await call(ctx, 'GET', '/auth/me', token)).json());

    const setup = (await call(ctx, 'POST', '/auth/setup-2fa', token)).json();
    expectShape(setup2faResponseSchema, setup);
    const secret = setup.data.secret as string;
    const verified = await call(ctx, 'POST', '/auth/verify-2fa', token, {
      payload: { secret, totpCode: await codeNow(ctx, secret) },
    });
    expectShape(verify2faResponseSchema, verified.json());
    expectShape(
      okResponseSchema,
      (
        await call(ctx, 'POST', '/auth/disable-2fa', token, { payload: { currentPassword: PASSWORD } })
      ).json(),
    );

    expectShape(
      updateProfileResponseSchema,
      (
        await call(ctx, 'POST', '/auth/update-profile', token, {
          payload: { email: unique().email, currentPassword: PASSWORD },
        })
      ).json(),
    );

    const created = await call(ctx, 'POST', '/admin-users', token, {
      payload: { ...unique('c'), password: 'Contract-Passw0rd!' },
    });
    expectShape(adminUserResponseSchema, created.json());
    const id = created.json().data.user.id as string;
    expectShape(
      adminUserResponseSchema,
      (await call(ctx, 'PUT', `/admin-users/${id}`, token, { payload: { role: 'view_only' } })).json(),
    );
    expectShape(
      okResponseSchema,
      (await call(ctx, 'POST', `/admin-users/${id}/reset-password`, token)).json(),
    );
    expectShape(adminUserListResponseSchema, (await call(ctx, 'GET', '/data/admin-users', token)).json());
    expectShape(okResponseSchema, (await call(ctx, 'DELETE', `/admin-users/${id}`, token)).json());

    expectShape(
      activeSessionsResponseSchema,
      (await call(ctx, 'GET', '/data/active-sessions', token)).json(),
    );
    const other = sessionTokenOf(
      await login(ctx, {
        username: admin.row.username,
        password: admin.password,
        turnstileToken: DUMMY_TOKEN,
      }),
    );
    const { sessionId } = await identityOf(ctx, other);
    expectShape(
      okResponseSchema,
      (await call(ctx, 'POST', '/data/disconnect-session', token, { payload: { sessionId } })).json(),
    );
    expectShape(okResponseSchema, (await call(ctx, 'POST', '/auth/logout', token)).json());
  });

  it('for refusals: the one error shape, and the 2FA answer of login', async () => {
    const admin = await createAdmin(ctx, { twoFactor: true });
    const twoFactor = await login(ctx, {
      username: admin.row.username,
      password: admin.password,
      turnstileToken: DUMMY_TOKEN,
    });
    expectShape(loginResponseSchema, twoFactor.json());
    expect(twoFactor.json().requires2FA).toBe(true);
    for (const res of [
      await login(ctx, { username: 'x', password: 'y', turnstileToken: DUMMY_TOKEN }),
      await login(ctx, { username: 'x', password: 'y' }),
      await ctx.app.inject({ method: 'GET', url: '/auth/me' }),
      await resolve(ctx, 'A'.repeat(43)),
    ]) {
      expectShape(errorResponseSchema, res.json());
    }
  });
});
