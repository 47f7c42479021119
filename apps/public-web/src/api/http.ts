import type { z } from 'zod';

/**
 * The only place that calls fetch: JSON in and out, credentials included, never retried.
 *
 * Every answer goes through a schema of @tunnelscope/contracts. A non-OK status throws ApiError
 * (message '{status}: {body text}', or the status text when the body is empty); an OK answer that
 * does not match its schema throws the schema's ZodError. Callers treat both alike, as a failed call.
 *
 * Only the types of zod are imported here: this module is part of the home route's initial chunk,
 * and the schemas (with zod itself) load with the pages that need them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
    /** The body parsed as JSON, or undefined when it is empty or not JSON. */
    readonly body: unknown,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

type Schema = z.ZodType;

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function answerOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text, res.statusText, jsonOrUndefined(text));
  // An OK answer that is not JSON throws here: it is a failed call like any other.
  return text ? JSON.parse(text) : undefined;
}

/**
 * GET of a query key's segments joined with slashes. The schema may come as a promise, so a page can
 * load it in a chunk of its own while the request is out.
 */
export async function getJson<S extends Schema>(
  queryKey: readonly string[],
  schema: S | Promise<S>,
): Promise<z.output<S>> {
  const request = fetch(queryKey.join('/'), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  }).then(answerOf);
  const [answer, parser] = await Promise.all([request, schema]);
  return parser.parse(answer);
}

/** POST of a JSON body. Without a schema nothing is taken from an OK answer (the security log's 204). */
export async function postJson(url: string, body: unknown): Promise<void>;
export async function postJson<S extends Schema>(url: string, body: unknown, schema: S): Promise<z.output<S>>;
export async function postJson(url: string, body: unknown, schema?: Schema): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await answerOf(res);
  return schema?.parse(answer);
}
