/**
 * The headers the gateway adds to one proxied request: its per-request token and, for a signed-in
 * operator, the identity bound to that request. The gateway and every test or benchmark that
 * stands in for it build them here, so there is one implementation of the internal hop.
 */
import { randomUUID } from 'node:crypto';
import type { AdminIdentity } from '@tunnelscope/contracts';
import { signAdminIdentity } from './admin-identity.js';
import {
  GATEWAY_TOKEN_HEADER,
  nowInSeconds,
  signGatewayToken,
  type InternalAudience,
  type InternalRequest,
} from './gateway-trust.js';
import { internalKeyring, type InternalKeyring } from './internal-keys.js';
import { REQUEST_ID_HEADER } from './request-id.js';

export function internalHeaders(
  ring: InternalKeyring,
  req: InternalRequest,
  identity?: AdminIdentity,
  nowSeconds = nowInSeconds(),
): Record<string, string> {
  const headers: Record<string, string> = { [GATEWAY_TOKEN_HEADER]: signGatewayToken(ring, req, nowSeconds) };
  if (identity) Object.assign(headers, signAdminIdentity(identity, ring, req, nowSeconds));
  return headers;
}

const rings = new Map<string, InternalKeyring>();

/**
 * Every header the gateway would send with `method url` to `audience`, from the master secret:
 * for tests and benchmarks that call a service directly as the gateway would. `url` is the path
 * with its query, exactly as requested.
 */
export function gatewayHeadersFor(
  secret: string,
  call: {
    audience: InternalAudience;
    method: string;
    url: string;
    identity?: AdminIdentity | undefined;
    clientIp?: string | undefined;
    requestId?: string | undefined;
    nowSeconds?: number | undefined;
  },
): Record<string, string> {
  let ring = rings.get(secret);
  if (!ring) {
    ring = internalKeyring({ INTERNAL_SHARED_SECRET: secret });
    rings.set(secret, ring);
  }
  const requestId = call.requestId ?? randomUUID();
  const headers = internalHeaders(
    ring,
    { audience: call.audience, method: call.method, path: call.url, requestId },
    call.identity,
    call.nowSeconds,
  );
  headers[REQUEST_ID_HEADER] = requestId;
  if (call.clientIp !== undefined) headers['x-forwarded-for'] = call.clientIp;
  return headers;
}
