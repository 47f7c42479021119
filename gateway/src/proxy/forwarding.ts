/**
 * What the gateway tells a service about a request, and what it refuses to pass on.
 * Pure functions over header objects, so the policy is tested without sockets.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { INTERNAL_HEADER_PREFIX, REQUEST_ID_HEADER } from '@tunnelscope/service-kit';

/**
 * Hop-by-hop headers: those HTTP/1.1 defines for one connection rather than the message (RFC 9110,
 * the section on `Connection`), plus the pre-standard `keep-alive`. `proxy-*`, such as the
 * pre-standard `proxy-connection`, are matched by prefix.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Node answered `Expect: 100-continue` to the client already; passing it on is meaningless.
  'expect',
]);

/** Framing headers: never removed because `Connection` names them (that would desynchronise the body). */
const FRAMING: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'host']);

/** Headers only the gateway may assert; whatever a client sent under these names is dropped. */
const FORWARDING: ReadonlySet<string> = new Set(['forwarded', 'x-real-ip', 'x-client-ip']);

function connectionTokens(value: string | string[] | undefined): Set<string> | null {
  if (value === undefined) return null;
  // The common values name no other header: no set to build on the hot path.
  if (typeof value === 'string' && /^\s*(?:keep-alive|close)\s*$/i.test(value)) return null;
  const tokens = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : value).split(',')) {
    const token = part.trim().toLowerCase();
    if (token && !FRAMING.has(token)) tokens.add(token);
  }
  return tokens;
}

function isHopByHop(name: string, named: Set<string> | null): boolean {
  return HOP_BY_HOP.has(name) || name.startsWith('proxy-') || (named !== null && named.has(name));
}

/** Last element of a comma-separated header (the one the nearest proxy wrote). */
function lastValue(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const joined = Array.isArray(value) ? value.join(',') : value;
  const comma = joined.lastIndexOf(',');
  return (comma === -1 ? joined : joined.slice(comma + 1)).trim() || undefined;
}

/** An IP address from a forwarding header entry, which some proxies write with a port. */
function normaliseAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let value = raw.trim();
  if (isIP(value) === 0 && value.startsWith('[')) {
    const end = value.indexOf(']');
    value = end === -1 ? value : value.slice(1, end);
  } else if (isIP(value) === 0 && value.includes('.') && value.includes(':')) {
    value = value.slice(0, value.lastIndexOf(':'));
  }
  if (value.toLowerCase().startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) ? value : undefined;
}

/**
 * The visitor's address. With `hops = 0` the socket's peer, whatever the request claims. With
 * `hops = n`, n proxies we run (an ingress, a CDN) each appended the peer they saw, so the n-th
 * entry from the right is the first one no client could have written. When the header is shorter
 * than that, the request did not come through all of them and every entry may be the client's
 * own invention: the socket's peer is the only address we know (issue 13 item 10).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  const socket = normaliseAddress(socketAddress) ?? socketAddress ?? 'unknown';
  if (hops <= 0 || forwardedFor === undefined) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length < hops) return socket;
  const picked = entries[entries.length - hops];
  return normaliseAddress(picked) ?? socket;
}

/** `https` only when the socket is TLS or a trusted proxy says its client used TLS. */
export function forwardedProto(
  encrypted: boolean,
  headers: IncomingHttpHeaders,
  hops: number,
): 'http' | 'https' {
  if (encrypted) return 'https';
  if (hops <= 0) return 'http';
  return lastValue(headers['x-forwarded-proto'])?.toLowerCase() === 'https' ? 'https' : 'http';
}

const HOST_VALUE = /^[A-Za-z0-9.:[\]-]{1,255}$/;

export function forwardedHost(headers: IncomingHttpHeaders, hops: number): string | undefined {
  if (hops > 0) {
    const outer = lastValue(headers['x-forwarded-host']);
    if (outer && HOST_VALUE.test(outer)) return outer;
  }
  const host = headers.host;
  return host && HOST_VALUE.test(host) ? host : undefined;
}

export interface ForwardedFacts {
  clientIp: string;
  proto: 'http' | 'https';
  host: string | undefined;
  requestId: string;
  /** False for every service but auth-service, the only one that owns sessions. */
  forwardCookie: boolean;
  /** `/admin-<hex>` for admin API calls, so a service can scope cookies without knowing the hex. */
  prefix?: string;
}

/**
 * Rewrites a request's headers in place for the upstream hop: removes hop-by-hop headers (and
 * those `Connection` names), every `x-tunnelscope-*` and forwarding header a client sent, then
 * states the gateway's own facts. The session cookie goes to auth-service only. The gateway's
 * per-request MAC is added by `Upstreams.forward` (internal-signing.ts). A chunked body stays
 * chunked (Node re-frames it from this header), so the upstream never sees a body without framing.
 *
 * @returns false when the body's transfer coding is one the gateway will not forward.
 */
export function prepareUpstreamHeaders(headers: IncomingHttpHeaders, facts: ForwardedFacts): boolean {
  const transferEncoding = headers['transfer-encoding'];
  const named = connectionTokens(headers.connection);
  for (const name in headers) {
    if (
      isHopByHop(name, named) ||
      name.startsWith(INTERNAL_HEADER_PREFIX) ||
      name.startsWith('x-forwarded-') ||
      FORWARDING.has(name) ||
      (name === 'cookie' && !facts.forwardCookie)
    ) {
      delete headers[name];
    }
  }
  if (transferEncoding !== undefined) {
    if (transferEncoding.trim().toLowerCase() !== 'chunked') return false;
    headers['transfer-encoding'] = 'chunked';
  }
  headers['x-forwarded-for'] = facts.clientIp;
  headers['x-forwarded-proto'] = facts.proto;
  if (facts.host !== undefined) headers['x-forwarded-host'] = facts.host;
  if (facts.prefix !== undefined) headers['x-forwarded-prefix'] = facts.prefix;
  headers[REQUEST_ID_HEADER] = facts.requestId;
  return true;
}

/**
 * Copies an upstream answer's headers onto the client response, minus hop-by-hop headers (Node
 * frames the client connection itself) and minus the headers the gateway decides (`reserved`).
 */
export function copyResponseHeaders(
  from: IncomingHttpHeaders,
  to: { setHeader(name: string, value: string | string[]): unknown },
  reserved: ReadonlySet<string>,
): void {
  const named = connectionTokens(from.connection);
  for (const name in from) {
    if (isHopByHop(name, named) || reserved.has(name)) continue;
    const value = from[name];
    if (value !== undefined) to.setHeader(name, value);
  }
}
