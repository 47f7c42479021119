/**
 * How a service knows a request came through the gateway. The gateway strips every
 * `x-tunnelscope-*` header a client sent and adds `x-tunnelscope-gateway`: a MAC, keyed by a key
 * derived from INTERNAL_SHARED_SECRET (internal-keys.ts), over the target service, the method,
 * the raw path with its query, the request id and the time. The secret never travels, and a
 * captured header is worth nothing for another path, another method, another service, or after
 * the short window. Only such a request's `x-forwarded-for` is believed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedKey, type InternalKey, type InternalKeyring } from './internal-keys.js';
import { REQUEST_ID_HEADER } from './request-id.js';

export const GATEWAY_TOKEN_HEADER = 'x-tunnelscope-gateway';
export const INTERNAL_HEADER_PREFIX = 'x-tunnelscope-';
/** Largest gap between the gateway's clock and a service's; also how long a capture could be replayed to the same call. */
export const GATEWAY_TOKEN_MAX_SKEW_SECONDS = 30;

/** The services behind the gateway, by the name each MAC is addressed to. */
export type InternalAudience = 'forms' | 'auth' | 'analytics' | 'lookup' | 'ingest';

/** One proxied request as both ends see it. */
export interface InternalRequest {
  audience: InternalAudience;
  method: string;
  /** The path with its query, exactly as sent on the request line. */
  path: string;
  requestId: string;
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** The bytes a MAC covers: fields joined by newlines, which none of them can contain. */
export function requestFields(req: InternalRequest): string {
  return [req.audience, req.method.toUpperCase(), req.path, req.requestId].join('\n');
}

function gatewayMac(key: InternalKey, req: InternalRequest, ts: number): Buffer {
  return createHmac('sha256', key.gateway)
    .update(`gateway.v1\n${requestFields(req)}\n${ts}`)
    .digest();
}

/** The `x-tunnelscope-gateway` value: `v1.<key id>.<seconds>.<mac>`. */
export function signGatewayToken(
  ring: InternalKeyring,
  req: InternalRequest,
  nowSeconds = nowInSeconds(),
): string {
  const key = ring.current;
  return `v1.${key.id}.${nowSeconds}.${gatewayMac(key, req, nowSeconds).toString('base64url')}`;
}

export function verifyGatewayToken(
  ring: InternalKeyring,
  presented: unknown,
  req: InternalRequest,
  nowSeconds = nowInSeconds(),
): boolean {
  if (typeof presented !== 'string' || presented.length > 200) return false;
  const parts = presented.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1' || !/^\d{1,12}$/.test(parts[2]!)) return false;
  const ts = Number(parts[2]);
  if (Math.abs(nowSeconds - ts) > GATEWAY_TOKEN_MAX_SKEW_SECONDS) return false;
  const key = acceptedKey(ring, parts[1]!, nowSeconds);
  if (!key) return false;
  const given = Buffer.from(parts[3]!, 'base64url');
  const expected = gatewayMac(key, req, ts);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a service needs to check internal MACs: the keyring and its own name. */
export interface InternalAuthOptions {
  keyring: InternalKeyring;
  audience: InternalAudience;
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
}

/** The request as the MACs describe it, read on the service's side. */
export function internalRequestOf(request: FastifyRequest, audience: InternalAudience): InternalRequest {
  const id = request.headers[REQUEST_ID_HEADER];
  return {
    audience,
    method: request.method,
    path: request.raw.url ?? request.url,
    requestId: typeof id === 'string' ? id : '',
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's address: the gateway's X-Forwarded-For when it vouches for it, else the socket's. */
    clientIp: string;
    viaGateway: boolean;
  }
}

export function clientIpOf(
  request: FastifyRequest,
  opts: InternalAuthOptions,
): { ip: string; viaGateway: boolean } {
  const req = internalRequestOf(request, opts.audience);
  const viaGateway =
    req.requestId !== '' &&
    verifyGatewayToken(
      opts.keyring,
      request.headers[GATEWAY_TOKEN_HEADER],
      req,
      (opts.now ?? nowInSeconds)(),
    );
  const forwarded = request.headers['x-forwarded-for'];
  if (viaGateway && typeof forwarded === 'string') {
    // The gateway replaces the header with exactly one address; take the first to be safe.
    const first = forwarded.split(',')[0]?.trim();
    if (first) return { ip: first.slice(0, 45), viaGateway };
  }
  return { ip: (request.socket.remoteAddress ?? 'unknown').slice(0, 45), viaGateway };
}

export function installGatewayTrust(app: FastifyInstance, opts: InternalAuthOptions): void {
  app.decorateRequest('clientIp', '');
  app.decorateRequest('viaGateway', false);
  app.addHook('onRequest', async (request) => {
    const { ip, viaGateway } = clientIpOf(request, opts);
    request.clientIp = ip;
    request.viaGateway = viaGateway;
  });
}
