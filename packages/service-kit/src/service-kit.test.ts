import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { Writable } from 'node:stream';
import pino from 'pino';
import { z } from 'zod';
import { baseServiceEnv, DEV_INTERNAL_SECRET, loadConfig, refuseDevSecretsInProduction } from './config.js';
import { ConflictError, TooManyRequestsError } from './errors.js';
import { createServiceApp } from './fastify-app.js';
import { registerHealthRoutes } from './health.js';
import { loggerOptions } from './logger.js';

describe('loadConfig', () => {
  const schema = z.object({ PORT: z.coerce.number().int().max(65535), NAME: z.string().min(2) });

  it('parses and freezes a valid environment', () => {
    const cfg = loadConfig(schema, { PORT: '4001', NAME: 'forms' });
    expect(cfg).toEqual({ PORT: 4001, NAME: 'forms' });
    expect(Object.isFrozen(cfg)).toBe(true);
  });

  it('prints every problem, one per line, then exits 1', () => {
    const errors: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
    const exit = jest.fn((code: number) => {
      throw new Error(`exit ${code}`);
    }) as unknown as (code: number) => never;
    expect(() => loadConfig(schema, { PORT: '99999', NAME: 'x' }, exit)).toThrow('exit 1');
    spy.mockRestore();
    expect(errors[0]).toMatch(/^Invalid configuration:\n {2}- PORT: .+\n {2}- NAME: .+$/);
  });

  it('refuses the development secret in production', () => {
    const prod = baseServiceEnv.superRefine(refuseDevSecretsInProduction);
    expect(prod.safeParse({ NODE_ENV: 'production' }).success).toBe(false);
    expect(prod.safeParse({ NODE_ENV: 'development' }).data?.INTERNAL_SHARED_SECRET).toBe(
      DEV_INTERNAL_SECRET,
    );
    expect(
      prod.safeParse({ NODE_ENV: 'production', INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64') })
        .success,
    ).toBe(true);
  });

  it('needs the end of the overlap with a previous master secret', () => {
    const schema = baseServiceEnv.superRefine(refuseDevSecretsInProduction);
    const previous = randomBytes(32).toString('base64');
    expect(schema.safeParse({ INTERNAL_SHARED_SECRET_PREVIOUS: previous }).success).toBe(false);
    const ok = schema.safeParse({
      INTERNAL_SHARED_SECRET_PREVIOUS: previous,
      INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL: '2026-12-01T00:00:00Z',
    });
    expect(ok.data?.INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(schema.safeParse({ INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL: 'next week' }).success).toBe(false);
  });
});

describe('createServiceApp', () => {
  const app = createServiceApp({ service: 'test', logLevel: 'silent', bodyLimit: 1024 });
  app.post('/echo', async (req) => ({ body: req.body ?? null }));
  app.get('/conflict', async () => {
    throw new ConflictError('Already there');
  });
  app.get('/limited', async () => {
    throw new TooManyRequestsError('Slow down', 42);
  });
  app.get('/zod', async () => z.object({ a: z.string({ error: 'a is required' }) }).parse({}));
  app.get('/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  afterAll(() => app.close());

  it('keeps a well-formed incoming request id and echoes it', async () => {
    const res = await app.inject({ url: '/conflict', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.json().requestId).toBe('abc-123');
  });

  it('mints a request id when the incoming one is malformed', async () => {
    const res = await app.inject({ url: '/conflict', headers: { 'x-request-id': 'bad id <script>' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['/conflict', 409, 'CONFLICT', 'Already there'],
    ['/zod', 400, 'VALIDATION_ERROR', 'a is required'],
    ['/boom', 500, 'INTERNAL_ERROR', 'Internal server error'],
    ['/db-down', 503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable, please try again'],
    ['/nowhere', 404, 'NOT_FOUND', 'Route GET /nowhere not found'],
  ])('maps GET %s to %i %s with its message', async (url, status, code, message) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: code, message });
    expect(res.body).not.toContain('hunter2');
  });

  it('sets Retry-After on a 429', async () => {
    const res = await app.inject({ url: '/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
  });

  it.each([
    ['malformed JSON', '{"a":', 'application/json', 400, 'Malformed JSON body'],
    ['prototype poisoning', '{"__proto__":{"x":1}}', 'application/json', 400, undefined],
    [
      'a body over the limit',
      JSON.stringify({ a: 'x'.repeat(2000) }),
      'application/json',
      413,
      'Request body is too large',
    ],
    ['a non-JSON content type', 'a=1', 'text/plain', 415, 'Content-Type must be application/json'],
  ])('answers %s with a 4xx in the one error shape', async (_label, payload, type, status, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    if (message) expect(res.json().message).toBe(message);
  });

  it('accepts a JSON call with an empty body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: null });
  });
});

describe('registerHealthRoutes', () => {
  let dbUp = true;
  const app = createServiceApp({ service: 'test', logLevel: 'silent' });
  registerHealthRoutes(app, {
    postgres: async () => {
      if (!dbUp) throw new Error('connection refused');
    },
    redis: async () => 'PONG',
  });
  afterAll(() => app.close());

  it('answers /healthz without touching dependencies and /readyz with each check', async () => {
    dbUp = false;
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const down = await app.inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', checks: { postgres: 'down', redis: 'ok' } });
    dbUp = true;
    expect((await app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { postgres: 'ok', redis: 'ok' },
    });
  });
});

describe('registerHealthRoutes with optional checks', () => {
  let ipdbUp = false;
  const app = createServiceApp({ service: 'test', logLevel: 'silent' });
  registerHealthRoutes(
    app,
    { redis: async () => 'PONG' },
    {
      optional: {
        ipdb: async () => {
          if (!ipdbUp) throw new Error('connection refused');
        },
      },
    },
  );
  afterAll(() => app.close());

  it('reports an optional check that is down without failing readiness', async () => {
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { redis: 'ok', ipdb: 'down' } });
    ipdbUp = true;
    expect((await app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      checks: { redis: 'ok', ipdb: 'ok' },
    });
  });
});

describe('loggerOptions', () => {
  it('redacts credentials, codes and cookies', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const log = pino(loggerOptions('test', 'info'), sink);
    log.info({
      body: { password: 'hunter2', otpCode: '123456', email: 'a@b.co' },
      req: { headers: { cookie: 'sid=1' } },
    });
    const out = lines.join('');
    expect(out).not.toContain('hunter2');
    expect(out).not.toContain('123456');
    expect(out).not.toContain('sid=1');
    expect(out).toContain('a@b.co');
    expect(out).toContain('"service":"test"');
  });
});

describe('request log lines', () => {
  it('carry the path without the query string', async () => {
    const lines: string[] = [];
    const app = createServiceApp({
      service: 'test',
      logLevel: 'info',
      fastify: {
        logger: {
          ...loggerOptions('test', 'info'),
          stream: { write: (line: string) => void lines.push(line) },
        },
      },
    });
    app.get('/api/v1/vpn/check', async () => ({ ok: true }));
    await app.inject('/api/v1/vpn/check?ip=198.51.100.7&key=ts_live_secret');
    await app.close();
    const incoming = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
    const received = incoming.find((l) => l.msg === 'incoming request');
    expect(received?.req?.url).toBe('/api/v1/vpn/check');
    expect(lines.join('\n')).not.toContain('198.51.100.7');
    expect(lines.join('\n')).not.toContain('ts_live_secret');
  });
});
