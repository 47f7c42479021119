/**
 * The only place that calls fetch (public §7): JSON in and out, credentials included, no retries.
 * A non-OK answer throws ApiError whose message is '{status}: {body text}' (or the status text
 * when the body is empty), and which keeps the server's own `message` for toasts (public §8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` field of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The server's message when the error carries one, else the fallback text of the spec. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Reads of the generic data layer: GET of the key's segments joined with slashes. */
export async function getJson<T>(queryKey: readonly string[]): Promise<T> {
  const res = await fetch(queryKey.join('/'), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  return parse<T>(res);
}

export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return parse<T>(res);
}
