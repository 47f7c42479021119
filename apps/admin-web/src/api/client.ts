/**
 * The admin API client: the only place that calls fetch, and the one place answers are checked.
 * Every call goes below the panel's prefix, sends cookies and JSON, and is tried up to 3 times
 * 500 ms apart, but only after a network failure or a 5xx answer: a 4xx is final (retrying it
 * would triple lockout counts, spend single-use codes and triple audit rows).
 *
 * A 401 answer (unless the caller accepts it, as sign-in does) is reported to `onSessionRefused`
 * (session-refusals.ts), so the auth context notices an ended session whichever call met it.
 *
 * Every answer is parsed with its schema from @tunnelscope/contracts (`adminCall`), never cast;
 * an answer of another shape throws `UnexpectedAnswerError`, which every view treats like any
 * other failed call.
 */
import {
  ADMIN_TIMINGS,
  adminErrorBodySchema,
  BACKGROUND_REQUEST_HEADER,
  type AdminErrorBody,
} from '@tunnelscope/contracts';
import type { z } from 'zod';
import { adminPrefix } from '../admin-prefix.js';
import { reportSessionRefused } from './session-refusals.js';

/** A non-OK answer: 'HTTP {status}: {statusText}', keeping the server's JSON body for messages. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The parsed JSON body, when there was one (`{ success:false, error, message }`). */
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${statusText}`);
    this.name = 'AdminApiError';
  }

  private get readable(): AdminErrorBody {
    const parsed = adminErrorBodySchema.safeParse(this.body);
    return parsed.success ? parsed.data : {};
  }

  /** The server's `message`, which toasts prefer over their own text. */
  get serverMessage(): string | undefined {
    return this.readable.message;
  }

  /** The server's machine-readable `error` code. */
  get code(): string | undefined {
    return this.readable.error;
  }
}

/** Every attempt failed on the network or with a 5xx. `status` is 0 for a network failure. */
export class RetriesExhaustedError extends Error {
  constructor(
    readonly status: number,
    readonly lastError: unknown,
  ) {
    super('API call failed after retries');
    this.name = 'RetriesExhaustedError';
  }
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; POSTs without a payload send `{}` ... as an empty JSON body. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The panel's own polling: it does not count as the operator's activity on the session. */
  background?: boolean;
  /** Statuses whose JSON body is a normal result (login's 401 carrying requires2FA). */
  acceptStatuses?: readonly number[];
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function buildUrl(path: string, query?: AdminRequest['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${adminPrefix()}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One call, with the retries above; answers the parsed JSON body (null when there was none) of a
 * 2xx answer or of one of `acceptStatuses`. Callers parse it: `adminCall` does both.
 */
export async function adminFetch(path: string, request: AdminRequest = {}): Promise<unknown> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  if (request.background) headers[BACKGROUND_REQUEST_HEADER] = '1';
  const init: RequestInit = {
    method,
    headers,
    credentials: 'include',
    cache: 'no-store',
    signal: request.signal,
    body: method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
  };
  const url = buildUrl(path, request.query);

  let lastError: unknown;
  let lastStatus = 0;
  for (let attempt = 1; attempt <= ADMIN_TIMINGS.retryAttempts; attempt++) {
    if (attempt > 1) await sleep(ADMIN_TIMINGS.retryDelayMs);
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (err) {
      if (request.signal?.aborted) throw err;
      lastError = err;
      lastStatus = 0;
      continue;
    }
    const body = await readJson(response);
    if (response.ok || request.acceptStatuses?.includes(response.status)) return body;
    const error = new AdminApiError(response.status, response.statusText, body);
    // Reported here, once for every call, before any caller rewords the error.
    if (response.status === 401) reportSessionRefused();
    if (response.status < 500) throw error;
    lastError = error;
    lastStatus = response.status;
  }
  throw new RetriesExhaustedError(lastStatus, lastError);
}

/** An answer that does not have the shape its contract gives it: a failed call like any other. */
export class UnexpectedAnswerError extends Error {
  constructor(
    /** What was expected, e.g. 'answer from /auth/me'. */
    readonly what: string,
    /** The first mismatch, e.g. 'data.user.id: Invalid UUID'. */
    readonly issue: string,
  ) {
    super(`Unexpected ${what} (${issue})`);
    this.name = 'UnexpectedAnswerError';
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
}

/** `body` as `schema` reads it, or an UnexpectedAnswerError naming `what` and the first mismatch. */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAnswerError(what, firstIssue(parsed.error));
  return parsed.data;
}

/** `adminFetch`, then the answer parsed with `schema` (its contract). */
export async function adminCall<S extends z.ZodType>(
  path: string,
  schema: S,
  request: AdminRequest = {},
): Promise<z.output<S>> {
  return parseAnswer(schema, await adminFetch(path, request), `answer from ${path}`);
}

/** A message for an alert or toast: the server's text when it sent one, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof AdminApiError) return error.serverMessage ?? fallback;
  if (error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError) {
    return error.lastError.serverMessage ?? fallback;
  }
  return fallback;
}
