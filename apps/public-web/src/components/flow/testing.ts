/**
 * Test helpers (imported by tests only). fakeServer replaces global fetch with a scripted server so page tests
 * run the real hooks and http layer. A route answers { status, body } or a promise of one.
 */
import { jest } from '@jest/globals';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}
export type FakeRoute = (body: unknown) => FakeAnswer | Promise<FakeAnswer>;

export function fakeServer(routes: Record<string, FakeRoute>) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, body });
    const route = routes[url];
    const answer = route
      ? await route(body)
      : { status: 404, body: { success: false, message: 'Not found' } };
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
    fetch: fetchMock,
    calls,
    /** Bodies posted to `url`, in order. */
    bodiesTo: (url: string) => calls.filter((call) => call.url === url).map((call) => call.body),
  };
}

export const REQUEST_ID = '0f8c2a4e-5b1d-4c3e-9a7f-2b6d8e1c4a90';

export const submitted = () => ({
  status: 200,
  body: { success: true, requestId: REQUEST_ID, message: 'Verification code sent! Please check your email.' },
});

export const refused = (status: number, message: string) => ({
  status,
  body: { success: false, error: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message },
});

/**
 * user-event without the per-keystroke delay and without the pointer-events check, whose
 * getComputedStyle calls over Mantine's style sheet make every click cost ~0.4 s in jsdom.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });
}
