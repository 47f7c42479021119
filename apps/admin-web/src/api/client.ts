/**
 * The admin API client (admin §7, DECISIONS.md): the only place that calls fetch. Every call goes
 * below the panel's prefix, sends cookies and JSON, and is tried up to 3 times 500 ms apart, but
 * only after a network failure or a 5xx answer: a 4xx is final (retrying it would triple lockout
 * counts, spend single-use codes and triple audit rows).
 */
import { ADMIN_TIMINGS, BACKGROUND_REQUEST_HEADER } from '@tunnelscope/contracts';
import { adminPrefix } from '../admin-prefix.js';

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

  /** The server's `message`, which toasts prefer over their own text (admin §8). */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown } | null;
    return b && typeof b.message === 'string' ? b.message : undefined;
  }

  /** The server's machine-readable `error` code. */
  get code(): string | undefined {
    const b = this.body as { error?: unknown } | null;
    return b && typeof b.error === 'string' ? b.error : undefined;
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
  /** The panel's own polling: does not move the session's lastActivity (DECISIONS.md). */
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

export async function adminFetch<T>(path: string, request: AdminRequest = {}): Promise<T> {
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
    if (response.ok || request.acceptStatuses?.includes(response.status)) return body as T;
    const error = new AdminApiError(response.status, response.statusText, body);
    if (response.status < 500) throw error;
    lastError = error;
    lastStatus = response.status;
  }
  throw new RetriesExhaustedError(lastStatus, lastError);
}

/** A message for an alert or toast: the server's text when it sent one, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof AdminApiError) return error.serverMessage ?? fallback;
  if (error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError) {
    return error.lastError.serverMessage ?? fallback;
  }
  return fallback;
}
