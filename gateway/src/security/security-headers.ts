/**
 * Security headers on every answer the gateway gives, proxied ones included. Computed once at
 * start-up (nothing in them depends on the request except whether HSTS applies), and set on the
 * raw response before Fastify or the proxy sees the request, so even Fastify's own early errors
 * carry them.
 */
import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  /** Origin the Turnstile widget script and its iframe come from (`null`: same origin). */
  turnstileOrigin: string | null;
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy({ turnstileOrigin }: SecurityHeaderOptions): string {
  const extra = turnstileOrigin ? ` ${turnstileOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    // Mantine injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    // The widget renders in an iframe from its own origin (a same-origin stand-in in tests).
    `frame-src ${turnstileOrigin ?? "'self'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(opts: SecurityHeaderOptions): ReadonlyArray<readonly [string, string]> {
  return [
    ['content-security-policy', contentSecurityPolicy(opts)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['x-dns-prefetch-control', 'off'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
  ];
}

/** Names an upstream may not override: the gateway is the one place that decides them. */
export function reservedHeaderNames(headers: ReadonlyArray<readonly [string, string]>): ReadonlySet<string> {
  return new Set([...headers.map(([name]) => name), 'strict-transport-security']);
}

export function applySecurityHeaders(
  res: ServerResponse,
  headers: ReadonlyArray<readonly [string, string]>,
  hsts: boolean,
): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  if (hsts) res.setHeader('strict-transport-security', HSTS_VALUE);
}
