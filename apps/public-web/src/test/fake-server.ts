/**
 * Test helper: replaces global fetch with a scripted server, so component tests run the real hooks
 * and http layer. A route answers { status, body }, or a promise of one (to hold a request open), or
 * throws (a network failure); a path without a route answers 404.
 */
import { jest } from '@jest/globals';
import { PUBLIC_API } from '@tunnelscope/contracts';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}
export type FakeRoute = (body: unknown) => FakeAnswer | Promise<FakeAnswer>;

const NOT_FOUND: FakeAnswer = {
  status: 404,
  body: { success: false, error: 'NOT_FOUND', message: 'Not found' },
};

/** The part of a Response that api/http.ts reads (jsdom has no Response to build a whole one). */
function fakeResponse({ status, body }: FakeAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response: Pick<Response, 'ok' | 'status' | 'statusText' | 'text'> = {
    ok: status >= 200 && status < 300,
    status,
    statusText: status >= 500 ? 'Internal Server Error' : 'Bad Request',
    text: async () => text,
  };
  return response as Response;
}

export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', body });
    const route = routes[url];
    return fakeResponse(route ? await route(body) : NOT_FOUND);
  });
  globalThis.fetch = fetchMock;
  return {
    fetch: fetchMock,
    calls,
    /** Bodies posted to `url`, in order. */
    bodiesTo: (url: string) => calls.filter((call) => call.url === url).map((call) => call.body),
  };
}

export const REQUEST_ID = '0f8c2a4e-5b1d-4c3e-9a7f-2b6d8e1c4a90';

/** A form accepted: the code is on its way. */
export const submitted = (): FakeAnswer => ({
  status: 200,
  body: { success: true, requestId: REQUEST_ID, message: 'Verification code sent! Please check your email.' },
});

/** A call refused with the server's one error shape. */
export const refused = (status: number, message: string): FakeAnswer => ({
  status,
  body: { success: false, error: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message },
});

export const SECURITY_LOG_URL = PUBLIC_API.securityLog.path;
export const CONTACT_URL = PUBLIC_API.contact.path;
export const VERIFY_CONTACT_URL = PUBLIC_API.verifyContactOtp.path;

/** The security demo's routes on a server that accepts everything. */
export const happyRoutes = (): Record<string, FakeRoute> => ({
  [SECURITY_LOG_URL]: () => ({ status: 204 }),
  [CONTACT_URL]: submitted,
  [VERIFY_CONTACT_URL]: () => ({ status: 200, body: { success: true, message: 'Message sent' } }),
});
