/**
 * Test helpers (imported by tests only). fakeAdminServer replaces global fetch with a scripted
 * server, so tests run the real API client, hooks and table; every call is recorded with its
 * method, path, query and body.
 */
import { jest } from '@jest/globals';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { BACKGROUND_REQUEST_HEADER } from '@tunnelscope/contracts';

export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Set only on a background call (BACKGROUND_REQUEST_HEADER): one that is not the operator's activity. */
  background?: true;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** Answers a call; return undefined for the default 404. Throw to simulate a network failure. */
export type FakeHandler = (call: FakeCall) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export function fakeAdminServer(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined,
    };
    if (new Headers(init?.headers).get(BACKGROUND_REQUEST_HEADER) === '1') call.background = true;
    calls.push(call);
    const answer = (await handler(call)) ?? {
      status: 404,
      body: { success: false, error: 'NOT_FOUND', message: 'Not found' },
    };
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText:
        answer.status >= 500 ? 'Internal Server Error' : answer.status >= 400 ? 'Bad Request' : 'OK',
      text: async () => text,
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    calls,
    /** Calls with `method` to `path`, in order. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A list answer: `rows` under `key`, with the pagination of `total` rows. */
export function listAnswer(
  rows: unknown[],
  { page = 1, limit = 25, total = rows.length, key = 'entries' } = {},
): FakeAnswer {
  return {
    status: 200,
    body: {
      success: true,
      data: { [key]: rows, pagination: { page, limit, total, pages: Math.ceil(total / limit) } },
    },
  };
}

/** The slice of `all` that a list call for `query` asks for, as the server would page it. */
export function pagedAnswer(all: unknown[], query: Record<string, string>, key = 'entries'): FakeAnswer {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 25);
  return listAnswer(all.slice((page - 1) * limit, page * limit), { page, limit, total: all.length, key });
}

export const refused = (status: number, message?: string): FakeAnswer => ({
  status,
  body: { success: false, error: 'REFUSED', ...(message === undefined ? {} : { message }) },
});

/**
 * user-event without the per-keystroke delay and without the pointer-events check, whose
 * getComputedStyle calls over Mantine's style sheet make every click slow in jsdom.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });
}
