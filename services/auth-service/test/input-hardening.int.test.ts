import {
  ADMIN_CHALLENGE_COOKIE,
  ADMIN_MESSAGES,
  INTERNAL_SESSION_RESOLVE_PATH,
} from '@tunnelscope/contracts';
import {
  DUMMY_TOKEN,
  call,
  createAdmin,
  createTestContext,
  gatewayHeaders,
  login,
  signIn,
  type TestContext,
} from './helpers.js';

/** Bodies no client should send: each must get a 4xx in the one error shape, never a 500. */
const GARBAGE: [string, unknown][] = [
  ['a JSON array', [1, 2]],
  ['a JSON string', 'hello'],
  ['null', null],
  ['wrong types', { username: 42, email: true, password: {}, role: [], isActive: 'yes', sessionId: 7 }],
  [
    'a NUL in every string',
    { username: 'a\u0000b', email: 'a\u0000@b.io', password: 'P\u0000ssw0rd!!', search: 'x\u0000' },
  ],
  [
    'a lone surrogate',
    {
      username: '\ud800abc',
      email: '\udfff@b.io',
      currentPassword: '\ud800',
      newPassword: 'Abcdefgh1!\ud800',
    },
  ],
  ['prototype keys', JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"x": 1}}')],
];

describe('input hardening', () => {
  let ctx: TestContext;
  let token: string;
  let targetId: string;
  beforeAll(async () => {
    ctx = await createTestContext('hardening');
    token = await signIn(ctx, await createAdmin(ctx));
    targetId = (await createAdmin(ctx)).row.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const routes: ['POST' | 'PUT', () => string][] = [
    ['POST', () => '/admin-users'],
    ['PUT', () => `/admin-users/${targetId}`],
    ['POST', () => '/auth/update-profile'],
    ['POST', () => '/auth/verify-2fa'],
    ['POST', () => '/data/disconnect-session'],
  ];

  describe.each(routes)('%s %s', (method, url) => {
    it.each(GARBAGE)('answers %s with a 4xx', async (_label, payload) => {
      const res = await call(ctx, method, url(), token, { payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    });
  });

  it.each(GARBAGE)('POST /auth/login answers %s with a 4xx', async (_label, payload) => {
    const res = await login(ctx, payload as Record<string, unknown>);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('POST /auth/login treats a username with a NUL as unknown (same 401), and logs it', async () => {
    const res = await login(ctx, { username: 'ad\u0000min', password: 'x', turnstileToken: DUMMY_TOKEN });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
    const rows = await ctx.db
      .selectFrom('admin_logs')
      .select('username')
      .where('username', '=', 'admin')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('POST /auth/login ignores a malformed challenge cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: {
        ...gatewayHeaders(ctx, '198.51.100.77', { method: 'POST', url: '/auth/login' }),
        'content-type': 'application/json',
        cookie: `${ADMIN_CHALLENGE_COOKIE}=%E0%A4%A; other=;;; =x`,
      },
      payload: { username: 'someone', password: 'x', totpCode: '123456' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(ADMIN_MESSAGES.challengeExpired);
  });

  it('GET /data/admin-users answers a search with a NUL, repeated and unknown parameters without a 5xx', async () => {
    const nul = await call(ctx, 'GET', '/data/admin-users', token, { query: { search: 'a\u0000b' } });
    expect(nul.statusCode).toBe(200);
    const unknown = await call(ctx, 'GET', '/data/admin-users', token, {
      query: { foo: 'bar', sort: 'createdAt' },
    });
    expect(unknown.statusCode).toBe(200);
    const repeated = await call(ctx, 'GET', '/data/admin-users?page=1&page=2', token);
    expect(repeated.statusCode).toBe(400);
  });

  it('answers an id that is not a uuid with 404 on every account route, however long', async () => {
    for (const [method, url] of [
      ['PUT', '/admin-users/%00'],
      ['DELETE', '/admin-users/1%20or%201=1'],
      ['POST', '/admin-users/../reset-password'],
      ['POST', `/admin-users/${'9'.repeat(500)}/reset-password`],
      ['PUT', `/admin-users/${'9'.repeat(3000)}`],
    ] as const) {
      const res = await call(
        ctx,
        method,
        url,
        token,
        method === 'DELETE' ? {} : { payload: { isActive: true } },
      );
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('FST_');
    }
  });

  it('answers a resolve with a token of the wrong type or size with 400', async () => {
    for (const payload of [
      { token: 5, touch: true },
      { token: 'x'.repeat(600), touch: true },
      { token: 'x', touch: 'yes' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: INTERNAL_SESSION_RESOLVE_PATH,
        headers: {
          ...gatewayHeaders(ctx, '10.0.0.1', { method: 'POST', url: INTERNAL_SESSION_RESOLVE_PATH }),
          'content-type': 'application/json',
        },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
