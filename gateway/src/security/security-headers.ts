/**
 * Security headers on every answer that passes through Fastify's hooks: pages, files, proxied
 * calls and the gateway's own errors. @fastify/helmet sets most of them in the first `onRequest`
 * hook, on the raw response, so a proxied answer (hijacked later, in the route's own `onRequest`)
 * carries them too and an upstream cannot replace them (`GATEWAY_HEADER_NAMES`). Three are set by
 * hand, right after helmet's, each for the reason beside it.
 */
import type { IncomingMessage } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Origin the Turnstile widget script and its iframe come from (`null`: same origin). */
  turnstileOrigin: string | null;
  /** `'sha256-…'` sources of the site's own inline scripts (site/pages.ts), allowed in `script-src`. */
  scriptHashes?: readonly string[];
  /** Whether the client reached us over TLS: only then is HSTS sent. */
  overTls(req: IncomingMessage): boolean;
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export function contentSecurityPolicy(
  turnstileOrigin: string | null,
  scriptHashes: readonly string[] = [],
): string {
  const extra = [...(turnstileOrigin ? [turnstileOrigin] : []), ...scriptHashes]
    .map((source) => ` ${source}`)
    .join('');
  return [
    "default-src 'self'",
    // Scripts from the site itself, the widget's origin, and the exact bytes of the pages' own
    // inline script (by hash: never 'unsafe-inline').
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

const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  // Set by hand below: helmet joins directives with ";" and nothing else, the gateway's policy
  // (and every check of it) separates them with "; ".
  contentSecurityPolicy: false,
  // Set by hand below: helmet sends HSTS on every answer or on none, the gateway only on those
  // that came over TLS, which a trusted proxy tells per request.
  strictTransportSecurity: false,
  xContentTypeOptions: true,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  // Off, as helmet's default: it would make every cross-origin resource (the Turnstile script and
  // its iframe) opt in with headers the gateway does not control.
  crossOriginEmbedderPolicy: false,
  originAgentCluster: true,
  xDnsPrefetchControl: { allow: false },
  xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  // On by helmet's default, for Internet Explorer only: no browser the site supports reads them.
  xDownloadOptions: false,
  xXssProtection: false,
};

/**
 * Every header named above, lower case: the gateway decides them, so the proxy drops an
 * upstream's own (HSTS included, even on answers where the gateway sends none).
 */
export const GATEWAY_HEADER_NAMES: ReadonlySet<string> = new Set([
  'content-security-policy',
  'permissions-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
]);

/**
 * What helmet writes with HELMET_OPTIONS, for the two answers Fastify makes before any hook runs
 * (`setSecurityHeadersOn`). The integration tests hold both equal on real answers.
 */
const HELMET_EQUIVALENT: ReadonlyArray<readonly [string, string]> = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
];

/**
 * Sets every security header on `res` without helmet: for the answers Fastify writes itself
 * before the hooks (its 400 for an undecodable path, reached through `frameworkErrors`) or that
 * the gateway makes in place of one (its 503 while closing).
 */
export function setSecurityHeadersOn(
  res: { setHeader(name: string, value: string): unknown },
  req: IncomingMessage,
  opts: SecurityHeaderOptions,
): void {
  for (const [name, value] of HELMET_EQUIVALENT) res.setHeader(name, value);
  res.setHeader('content-security-policy', contentSecurityPolicy(opts.turnstileOrigin, opts.scriptHashes));
  res.setHeader('permissions-policy', PERMISSIONS_POLICY);
  if (opts.overTls(req)) res.setHeader('strict-transport-security', HSTS_VALUE);
}

/** Adds the headers to every answer of `app`; call it before any route is declared. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: SecurityHeaderOptions,
): Promise<void> {
  await app.register(helmet, HELMET_OPTIONS);
  const csp = contentSecurityPolicy(opts.turnstileOrigin, opts.scriptHashes);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    res.setHeader('content-security-policy', csp);
    // Helmet has no Permissions-Policy.
    res.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (opts.overTls(request.raw)) res.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
}
