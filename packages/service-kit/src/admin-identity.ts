/**
 * The admin caller's identity as the gateway vouches for it. The gateway resolves the session
 * cookie (through auth-service), then sends the identity upstream as base64url JSON with an
 * HMAC-SHA256 signature keyed by the identity key derived from INTERNAL_SHARED_SECRET
 * (internal-keys.ts). The signature covers the identity, the time, and the request it rides on:
 * the target service, method, raw path and request id. So a signature captured from one call is
 * refused on another path, method or service, and after the short window. Incoming
 * `x-tunnelscope-*` headers are stripped at the gateway.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  PASSWORD_CHANGE_REQUIRED_ERROR,
  SAFETY_MESSAGES,
  adminIdentitySchema,
  type AdminIdentity,
} from '@tunnelscope/contracts';
import { AppError, ForbiddenError, UnauthorizedError } from './errors.js';
import {
  installGatewayTrust,
  internalRequestOf,
  nowInSeconds,
  requestFields,
  type InternalAuthOptions,
  type InternalRequest,
} from './gateway-trust.js';
import { acceptedKey, type InternalKey, type InternalKeyring } from './internal-keys.js';

export const ADMIN_IDENTITY_HEADER = 'x-tunnelscope-admin';
export const ADMIN_SIGNATURE_HEADER = 'x-tunnelscope-admin-signature';
/** A signed identity is valid for one request; this only bounds clock skew between pods. */
export const IDENTITY_MAX_AGE_SECONDS = 30;

interface SignedPayload {
  identity: AdminIdentity;
  /** Seconds since the epoch when the gateway signed it. */
  iat: number;
}

function mac(key: InternalKey, req: InternalRequest, payload: string): Buffer {
  return createHmac('sha256', key.identity)
    .update(`admin-identity.v2\n${requestFields(req)}\n${payload}`)
    .digest();
}

/** The identity headers for one request: payload, and `v2.<key id>.<mac>`. */
export function signAdminIdentity(
  identity: AdminIdentity,
  ring: InternalKeyring,
  req: InternalRequest,
  nowSeconds = nowInSeconds(),
): { [ADMIN_IDENTITY_HEADER]: string; [ADMIN_SIGNATURE_HEADER]: string } {
  const payload = Buffer.from(JSON.stringify({ identity, iat: nowSeconds } satisfies SignedPayload)).toString(
    'base64url',
  );
  return {
    [ADMIN_IDENTITY_HEADER]: payload,
    [ADMIN_SIGNATURE_HEADER]: `v2.${ring.current.id}.${mac(ring.current, req, payload).toString('base64url')}`,
  };
}

/** The identity, or null when absent, unsigned, badly signed, signed for another request, malformed or stale. */
export function verifyAdminIdentity(
  payload: unknown,
  signature: unknown,
  ring: InternalKeyring,
  req: InternalRequest,
  nowSeconds = nowInSeconds(),
): AdminIdentity | null {
  if (typeof payload !== 'string' || typeof signature !== 'string') return null;
  if (payload.length > 4096 || signature.length > 160) return null;
  const parts = signature.split('.');
  if (parts.length !== 3 || parts[0] !== 'v2') return null;
  const key = acceptedKey(ring, parts[1]!, nowSeconds);
  if (!key) return null;
  const expected = mac(key, req, payload);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SignedPayload>;
    if (typeof parsed.iat !== 'number' || Math.abs(nowSeconds - parsed.iat) > IDENTITY_MAX_AGE_SECONDS) {
      return null;
    }
    const identity = adminIdentitySchema.safeParse(parsed.identity);
    return identity.success ? identity.data : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, when the gateway vouched for one; null otherwise. */
    admin: AdminIdentity | null;
  }
}

/**
 * Decorates every request with `request.admin`: the identity the gateway signed for this very
 * request to this service, or null.
 */
export function installAdminIdentity(app: FastifyInstance, opts: InternalAuthOptions): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const req = internalRequestOf(request, opts.audience);
    request.admin =
      req.requestId === ''
        ? null
        : verifyAdminIdentity(
            request.headers[ADMIN_IDENTITY_HEADER],
            request.headers[ADMIN_SIGNATURE_HEADER],
            opts.keyring,
            req,
            (opts.now ?? nowInSeconds)(),
          );
  });
}

/** Both halves of the internal hop's trust: `request.clientIp`/`viaGateway` and `request.admin`. */
export function installInternalAuth(app: FastifyInstance, opts: InternalAuthOptions): void {
  installGatewayTrust(app, opts);
  installAdminIdentity(app, opts);
}

/**
 * The signed-in operator, whatever their role (admin or view_only), or a 401 when the gateway
 * vouched for none. Use it for reads any operator may do.
 */
export function requireAdminSession(
  request: FastifyRequest,
  opts: { allowPendingPasswordChange?: boolean } = {},
): AdminIdentity {
  const admin = request.admin;
  if (!admin) throw new UnauthorizedError(ADMIN_MESSAGES.authRequired);
  // Issue 16: an operator whose password was reset or set by an admin does nothing else until
  // they choose their own; only auth-service's me, logout and change-password opt out.
  if (admin.mustChangePassword && !opts.allowPendingPasswordChange) throw new PasswordChangeRequiredError();
  return admin;
}

/** 403 `password_change_required`: the operator must choose a new password first (issue 16). */
export class PasswordChangeRequiredError extends AppError {
  constructor() {
    super(403, PASSWORD_CHANGE_REQUIRED_ERROR, SAFETY_MESSAGES.passwordChangeRequired);
  }
}

/**
 * The signed-in operator when their role is `admin`: a 401 without a session, a 403 for a
 * view_only operator (view_only may read but never change anything). The caller is responsible
 * for auditing that refusal.
 */
export function requireAdminRole(request: FastifyRequest): AdminIdentity {
  const admin = requireAdminSession(request);
  if (admin.role !== 'admin') throw new ForbiddenError(ADMIN_MESSAGES.viewOnly);
  return admin;
}
