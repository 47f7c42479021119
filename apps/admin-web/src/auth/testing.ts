/**
 * Test helpers for the panel's foundation (imported by tests only): a scripted admin server behind
 * global fetch, a fake Turnstile API, user fixtures and a fast user-event.
 */
import { jest } from '@jest/globals';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { BACKGROUND_REQUEST_HEADER, type AdminUser, type ListedSession } from '@tunnelscope/contracts';
import type { TurnstileApi, TurnstileRenderOptions } from '../turnstile/turnstile-api.js';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}
/** Answers one call; `'network'` makes fetch reject as a dropped connection does. */
export type FakeRoute = (body: unknown) => FakeAnswer | 'network' | Promise<FakeAnswer | 'network'>;

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  background: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Routes are keyed `'METHOD /path'` (below the admin prefix, without the query string). */
export function fakeServer(routes: Record<string, FakeRoute>, prefix = '') {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.slice(prefix.length);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method, path, body, background: headers[BACKGROUND_REQUEST_HEADER] === '1' });
    const route = routes[`${method} ${path}`];
    const answer = route
      ? await route(body)
      : { status: 404, body: { success: false, message: 'Not found' } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: STATUS_TEXT[answer.status] ?? 'Error',
      text: async () => text,
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetch: fetchMock,
    calls,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    bodiesTo: (key: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === key).map((c) => c.body),
  };
}

export const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
export const refused = (status: number, error: string, message: string): FakeAnswer => ({
  status,
  body: { success: false, error, message },
});

export const ADMIN: AdminUser = {
  id: '3f2b8c1e-7a4d-4e9b-8c2f-1a6d5e7b9c01',
  username: 'ada',
  email: 'ada@tunnelscope.example',
  role: 'admin',
  isActive: true,
  twoFactorEnabled: false,
  lastLogin: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
  lockedUntil: null,
  failedLoginAttempts: 0,
};

export const VIEWER: AdminUser = {
  ...ADMIN,
  id: '5c1d9e2f-3b4a-4c8d-9e1f-7a2b3c4d5e6f',
  username: 'grace',
  email: 'grace@tunnelscope.example',
  role: 'view_only',
};

export const meAnswer = (user: AdminUser): FakeAnswer => ok({ success: true, data: { user } });

export function session(overrides: Partial<ListedSession> = {}): ListedSession {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    username: ADMIN.username,
    email: ADMIN.email,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ipAddress: '203.0.113.7',
    lastActivity: new Date(Date.now() - 5 * 60_000).toISOString(),
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() + 10 * 3_600_000).toISOString(),
    isCurrent: false,
    ...overrides,
  };
}

/** A stand-in for `window.turnstile` that tests drive: solve() and fail() answer the widget. */
export function installFakeTurnstile() {
  const widgets = new Map<string, TurnstileRenderOptions>();
  let next = 0;
  const api = {
    render: jest.fn((_container: HTMLElement | string, options: TurnstileRenderOptions) => {
      const id = `widget-${++next}`;
      widgets.set(id, options);
      return id;
    }),
    reset: jest.fn((_id?: string) => undefined),
    remove: jest.fn((id?: string) => {
      if (id) widgets.delete(id);
    }),
  };
  window.turnstile = api as TurnstileApi;
  const live = () => [...widgets.values()].at(-1);
  return {
    api,
    /** Answers the live widget with a token, as a passed challenge does. */
    solve: (token = 'XXXX.DUMMY.TOKEN.XXXX') => live()?.callback?.(token),
    fail: () => live()?.['error-callback']?.('300030'),
    expire: () => live()?.['expired-callback']?.(),
    uninstall: () => {
      delete window.turnstile;
    },
  };
}

/**
 * user-event without the per-keystroke delay and without the pointer-events check, whose
 * getComputedStyle calls over Mantine's style sheet make every click slow in jsdom.
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });
}
