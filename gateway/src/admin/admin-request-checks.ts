/**
 * What the gateway checks on an admin API call before anything reaches a service: writes must be
 * JSON and come from the panel's own origin (so no form post or cross-site script can make one),
 * and every call but sign-in must carry a session cookie. Pure functions over headers, tested
 * without sockets.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  ADMIN_MESSAGES,
  ADMIN_SESSION_COOKIE,
  ADMIN_SESSION_COOKIE_SECURE,
  ADMIN_UNAUTHENTICATED_PATHS,
  type ErrorCode,
} from '@tunnelscope/contracts';

/** Methods that change nothing: never refused by the write checks, never audited as refusals. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/** `application/json`, optionally with parameters (`; charset=utf-8`), nothing else. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json';
}

/** Whether the request declares a body: a non-zero Content-Length or any Transfer-Encoding. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * Refuses a state-changing call that is not JSON or not from `expectedOrigin`. A browser always
 * sends `Origin` on a non-GET fetch, so a missing one is refused too: a form post or a
 * cross-site script cannot produce a request that passes both checks (CORS would preflight it).
 * A `DELETE` without a body needs no `Content-Type` (issue 13): it has nothing to type, and the
 * `Origin` check is what stops a cross-site one.
 */
export function checkAdminWrite(
  method: string,
  headers: IncomingHttpHeaders,
  expectedOrigin: string | undefined,
): Refusal | null {
  if (SAFE_METHODS.has(method)) return null;
  const origin = headers.origin;
  if (!origin || !expectedOrigin || origin.toLowerCase() !== expectedOrigin.toLowerCase()) {
    return { status: 403, code: 'FORBIDDEN', message: ADMIN_MESSAGES.crossOrigin };
  }
  if (method === 'DELETE' && !hasBody(headers)) return null;
  if (!isJsonContentType(headers['content-type'])) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: ADMIN_MESSAGES.jsonRequired };
  }
  return null;
}

/** Whether `path` (below the prefix, without the query) may be called without a session. */
export function isUnauthenticatedPath(path: string): boolean {
  return ADMIN_UNAUTHENTICATED_PATHS.includes(path);
}

/**
 * The session token from the Cookie header. Behind TLS only the `__Secure-` cookie counts: a
 * plain-HTTP page on a sibling host could have planted the other name.
 */
export function readSessionToken(cookieHeader: string | undefined, tls: boolean): string | undefined {
  if (!cookieHeader) return undefined;
  const wanted = tls ? ADMIN_SESSION_COOKIE_SECURE : ADMIN_SESSION_COOKIE;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== wanted) continue;
    const value = part.slice(eq + 1).trim();
    // Tokens are base64url; anything else is not ours and is not sent on.
    return /^[A-Za-z0-9_-]{16,512}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** A Set-Cookie that removes a dead session cookie from the browser. */
export function clearSessionCookie(prefix: string, tls: boolean): string {
  const name = tls ? ADMIN_SESSION_COOKIE_SECURE : ADMIN_SESSION_COOKIE;
  return `${name}=; Path=${prefix}; Max-Age=0; HttpOnly; SameSite=Strict${tls ? '; Secure' : ''}`;
}
