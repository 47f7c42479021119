/**
 * The gateway's side of the internal hop (service-kit gateway-trust and admin-identity): every
 * proxied request gets a MAC over what is sent — the target service, the method, the path on the
 * upstream request line, the request id — and, for a signed-in operator, an identity signed for
 * that same request. INTERNAL_SHARED_SECRET itself never leaves the gateway.
 */
import { createRequire } from 'node:module';
import { parse as legacyParse } from 'node:url';
import type { AdminIdentity } from '@tunnelscope/contracts';
import { internalHeaders, type InternalAudience, type InternalKeyring } from '@tunnelscope/service-kit';

export type { InternalKeyring };

/**
 * http-proxy's own join of the target's path and the request's (its `common.urlJoin`: runs of
 * slashes collapse, the query stays). The headers must be set before http-proxy writes them
 * (its `proxyReq` event comes too late once a body is streaming), so the path is computed the
 * way http-proxy computes it, with its own function; internal-signing.test.ts holds them equal.
 */
const { urlJoin } = createRequire(import.meta.url)('http-proxy/lib/http-proxy/common.js') as {
  urlJoin: (...parts: string[]) => string;
};

/** The path http-proxy sends upstream for `url` (every upstream's target path is `/`). */
export function upstreamPath(url: string): string {
  // The legacy parser on purpose: it is the one http-proxy uses.
  return urlJoin('/', legacyParse(url).path ?? '');
}

/** The headers that vouch for this one request to `audience`. */
export function signUpstreamRequest(
  keyring: InternalKeyring,
  audience: InternalAudience,
  method: string,
  url: string,
  requestId: string,
  identity: AdminIdentity | undefined,
): Record<string, string> {
  return internalHeaders(keyring, { audience, method, path: upstreamPath(url), requestId }, identity);
}
