import { jest } from '@jest/globals';

/** A fetch Response carrying `body` as JSON, as the API client reads it (`text()`). */
export function jsonResponse(
  status: number,
  body: unknown,
  statusText = status < 400 ? 'OK' : 'Error',
): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => JSON.stringify(body),
  } as Response;
}

let fetchMock: jest.Mock<typeof fetch> | undefined;

/** Puts a fresh jest mock in place of `globalThis.fetch` (call it in `beforeEach`) and returns it. */
export function installFetchMock(): jest.Mock<typeof fetch> {
  fetchMock = jest.fn<typeof fetch>();
  globalThis.fetch = fetchMock;
  return fetchMock;
}

/** Makes every later call of the installed fetch mock answer `status` with `body` as JSON. */
export function answer(status: number, body: unknown, statusText?: string): void {
  if (!fetchMock) throw new Error('answer() before installFetchMock()');
  fetchMock.mockImplementation(async () => jsonResponse(status, body, statusText));
}
