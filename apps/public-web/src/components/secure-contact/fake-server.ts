/**
 * Test helper: replaces global fetch with a tiny scripted server, so component tests exercise the
 * real hooks and http layer. Each route answers { status, body }, or a promise of one (to hold a
 * request open), or throws (a network failure).
 */
import { jest } from '@jest/globals';
import { PUBLIC_API } from '@tunnelscope/contracts';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}
export type FakeRoute = (body: unknown) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeCall {
  url: string;
  method: string;
  body: unknown;
}

export function installFakeServer(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', body });
    const route = routes[url];
    const answer: FakeAnswer = route ? await route(body) : { status: 404, body: { message: 'Not found' } };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: answer.status >= 500 ? 'Internal Server Error' : 'Bad Request',
      text: async () => text,
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    /** Bodies posted to `url`, in order. */
    bodiesTo: (url: string) => calls.filter((call) => call.url === url).map((call) => call.body),
  };
}

export const SECURITY_LOG_URL = PUBLIC_API.securityLog.path;
export const CONTACT_URL = PUBLIC_API.contact.path;
export const VERIFY_CONTACT_URL = PUBLIC_API.verifyContactOtp.path;
export const REQUEST_ID = '5b3f1c2e-8d4a-4e6b-9f7c-1a2b3c4d5e6f';

/** Routes of a server that accepts everything. */
export const happyRoutes = (): Record<string, FakeRoute> => ({
  [SECURITY_LOG_URL]: () => ({ status: 204 }),
  [CONTACT_URL]: () => ({
    status: 200,
    body: { success: true, requestId: REQUEST_ID, message: 'Verification code sent' },
  }),
  [VERIFY_CONTACT_URL]: () => ({ status: 200, body: { success: true, message: 'Message sent' } }),
});
