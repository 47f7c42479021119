import { errorResponseSchema, submitResponseSchema } from '@tunnelscope/contracts';
import { ZodError } from 'zod';
import { fakeServer, refused, REQUEST_ID, submitted } from '../test/fake-server.js';
import { messageOf } from './forms.js';
import { ApiError, getJson, postJson } from './http.js';

describe('postJson', () => {
  it('answers the body as its schema parses it', async () => {
    fakeServer({ '/api/x': submitted });
    await expect(postJson('/api/x', { a: 1 }, submitResponseSchema)).resolves.toEqual({
      success: true,
      requestId: REQUEST_ID,
      message: 'Verification code sent! Please check your email.',
    });
  });

  it('throws the schema error for an OK answer of another shape', async () => {
    fakeServer({ '/api/x': () => ({ status: 200, body: { success: true, message: 'no id' } }) });
    await expect(postJson('/api/x', {}, submitResponseSchema)).rejects.toBeInstanceOf(ZodError);
  });

  it('throws for an OK answer that is not JSON, or that is empty where a body is due', async () => {
    fakeServer({ '/api/x': () => ({ status: 200 }) });
    await expect(postJson('/api/x', {}, submitResponseSchema)).rejects.toBeInstanceOf(ZodError);
  });

  it('throws ApiError with the status, the body text and the parsed body for a refusal', async () => {
    fakeServer({ '/api/x': () => refused(429, 'Slow down.') });
    const error = await postJson('/api/x', {}, submitResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      message: '429: {"success":false,"error":"BAD_REQUEST","message":"Slow down."}',
      body: { success: false, error: 'BAD_REQUEST', message: 'Slow down.' },
    });
  });

  it('takes nothing from an answer without content when given no schema', async () => {
    const server = fakeServer({ '/api/log': () => ({ status: 204 }) });
    await expect(postJson('/api/log', { type: 'X' })).resolves.toBeUndefined();
    expect(server.calls).toEqual([{ url: '/api/log', method: 'POST', body: { type: 'X' } }]);
  });
});

describe('getJson', () => {
  it('parses with a schema that is still loading', async () => {
    fakeServer({
      '/api/stats': () => ({ status: 200, body: { success: false, error: 'NOT_FOUND', message: 'x' } }),
    });
    await expect(getJson(['/api', 'stats'], Promise.resolve(errorResponseSchema))).resolves.toMatchObject({
      error: 'NOT_FOUND',
    });
  });
});

describe('messageOf', () => {
  it("answers the server's message of a refusal in the one error shape", async () => {
    fakeServer({ '/api/x': () => refused(400, 'Disposable email addresses are not accepted.') });
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(messageOf(error, 'fallback')).toBe('Disposable email addresses are not accepted.');
  });

  it('answers the fallback for a body of another shape, an empty body, a bad answer or a network failure', async () => {
    fakeServer({
      '/api/odd': () => ({ status: 400, body: { message: 'not the one error shape' } }),
      '/api/empty': () => ({ status: 502 }),
      '/api/ok': () => ({ status: 200, body: {} }),
    });
    for (const url of ['/api/odd', '/api/empty', '/api/ok']) {
      const error = await postJson(url, {}, submitResponseSchema).catch((e: unknown) => e);
      expect(messageOf(error, 'fallback')).toBe('fallback');
    }
    expect(messageOf(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
