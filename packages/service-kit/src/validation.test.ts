import { z } from 'zod';
import { createServiceApp } from './fastify-app.js';
import { ValidationError } from './errors.js';
import { idOrNotFound, isSchemaValidationFailure, type FastifyPluginAsyncZod } from './validation.js';

const bodySchema = z.object({
  email: z.string({ error: 'Email is required' }).email('Please enter a valid email address'),
  name: z.string({ error: 'Name is required' }),
});

async function appWithRoute() {
  const app = createServiceApp({ service: 'test', logLevel: 'silent' });
  const routes: FastifyPluginAsyncZod = async (r) => {
    r.post('/things', { schema: { body: bodySchema } }, async (request) => ({
      success: true,
      email: request.body.email,
    }));
    r.get(
      '/things/:id',
      {
        schema: {
          params: z.object({ id: z.string().uuid('Invalid id') }),
          querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
        },
      },
      async (request) => ({ id: request.params.id, page: request.query.page }),
    );
  };
  await app.register(routes);
  return app;
}

describe('the zod validation path', () => {
  it('hands the handler the parsed body', async () => {
    const app = await appWithRoute();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { email: 'a@b.co', name: 'A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: 'a@b.co' });
    await app.close();
  });

  it('refuses an invalid body with the first issue as the message, like ValidationError.fromZod', async () => {
    const app = await appWithRoute();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { email: 'nope', name: 'A' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'Please enter a valid email address',
      requestId: expect.any(String),
      details: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
    await app.close();
  });

  it('reads a missing or non-object body as {}, so the first missing field is named', async () => {
    const app = await appWithRoute();
    for (const payload of [undefined, '[1,2]', '"text"', 'null']) {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email is required');
    }
    await app.close();
  });

  it('tells a refusal by the schema from a ValidationError a service threw', async () => {
    const app = createServiceApp({ service: 'test', logLevel: 'silent' });
    const seen: boolean[] = [];
    const routes: FastifyPluginAsyncZod = async (r) => {
      r.post(
        '/things',
        {
          schema: { body: bodySchema },
          onError: async (_request, _reply, err) => void seen.push(isSchemaValidationFailure(err)),
        },
        async () => {
          throw new ValidationError('refused by the service');
        },
      );
    };
    await app.register(routes);
    await app.inject({ method: 'POST', url: '/things', payload: { email: 'nope' } });
    await app.inject({ method: 'POST', url: '/things', payload: { email: 'a@b.co', name: 'A' } });
    expect(seen).toEqual([true, false]);
    await app.close();
  });

  it('parses params and the query string the same way', async () => {
    const app = await appWithRoute();
    const id = '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11';
    const ok = await app.inject({ method: 'GET', url: `/things/${id}?page=3` });
    expect(ok.json()).toEqual({ id, page: 3 });
    const bad = await app.inject({ method: 'GET', url: '/things/42' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid id');
    await app.close();
  });
});

describe('idOrNotFound', () => {
  it('answers 404 with the given message for a malformed id, before the body is validated', async () => {
    const app = createServiceApp({ service: 'test', logLevel: 'silent' });
    const routes: FastifyPluginAsyncZod = async (r) => {
      r.patch(
        '/rows/:id',
        {
          preValidation: idOrNotFound(z.object({ id: z.string().uuid() }), 'Row not found'),
          schema: { params: z.object({ id: z.string() }), body: bodySchema },
        },
        async (request) => ({ id: request.params.id }),
      );
    };
    await app.register(routes);
    const malformed = await app.inject({ method: 'PATCH', url: '/rows/42', payload: { nope: 1 } });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ success: false, message: 'Row not found' });
    const wellFormed = await app.inject({
      method: 'PATCH',
      url: '/rows/6f1c2a8e-3c1b-4d1e-9a3f-0b2c4d6e8f10',
      payload: { nope: 1 },
    });
    expect(wellFormed.statusCode).toBe(400);
    await app.close();
  });
});

describe("the router's own refusals (found by tests/fuzz)", () => {
  const app = createServiceApp({ service: 'test', logLevel: 'silent' });
  app.get('/items/:id', async (request) => ({ id: (request.params as { id: string }).id.length }));
  afterAll(() => app.close());

  it('hands a parameter of a few hundred characters to the route (its own checks answer)', async () => {
    const res = await app.inject({ method: 'GET', url: `/items/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers a longer parameter 404 in the error shape, without Fastify code or the path', async () => {
    const res = await app.inject({ method: 'GET', url: `/items/${'a'.repeat(3000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: 'NOT_FOUND',
      message: 'Not found',
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('FST_');
  });

  it('answers a path that does not percent-decode 400 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/items/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'BAD_REQUEST',
      message: 'Malformed request path',
    });
    expect(res.body).not.toContain('%ZZ');
  });
});
