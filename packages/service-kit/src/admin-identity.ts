/**
 * The admin caller's identity as the gateway vouches for it. The gateway resolves the session
 * cookie (through auth-service), then sends the identity upstream as base64url JSON with an
 * HMAC-SHA256 signature keyed by INTERNAL_SHARED_SECRET. Incoming `x-tunnelscope-*` headers are
 * stripped at the gateway, and a service believes the identity only when the signature matches
 * and it is fresh, so no outsider can forge it even with direct network access to a service.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, adminIdentitySchema, type AdminIdentity } from '@tunnelscope/contracts';
import { ForbiddenError, UnauthorizedError } from './errors.js';

export const ADMIN_IDENTITY_HEADER = 'x-tunnelscope-admin';
export const ADMIN_SIGNATURE_HEADER = 'x-tunnelscope-admin-signature';
/** A signed identity is valid for one request; this only bounds clock skew between pods. */
export const IDENTITY_MAX_AGE_SECONDS = 60;

interface SignedPayload {
  identity: AdminIdentity;
  /** Seconds since the epoch when the gateway signed it. */
  iat: number;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update('admin-identity.v1.').update(payload).digest();
}

export function signAdminIdentity(
  identity: AdminIdentity,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): { [ADMIN_IDENTITY_HEADER]: string; [ADMIN_SIGNATURE_HEADER]: string } {
  const payload = Buffer.from(JSON.stringify({ identity, iat: nowSeconds } satisfies SignedPayload)).toString(
    'base64url',
  );
  return {
    [ADMIN_IDENTITY_HEADER]: payload,
    [ADMIN_SIGNATURE_HEADER]: mac(secret, payload).toString('base64url'),
  };
}

/** The identity, or null when absent, unsigned, badly signed, malformed or stale. */
export function verifyAdminIdentity(
  payload: unknown,
  signature: unknown,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AdminIdentity | null {
  if (typeof payload !== 'string' || typeof signature !== 'string') return null;
  if (payload.length > 4096 || signature.length > 128) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
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

/** Decorates every request with `request.admin` (null unless the gateway signed an identity). */
export function installAdminIdentity(app: FastifyInstance, secret: string): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    request.admin = verifyAdminIdentity(
      request.headers[ADMIN_IDENTITY_HEADER],
      request.headers[ADMIN_SIGNATURE_HEADER],
      secret,
    );
  });
}

/**
 * The signed-in operator, whatever their role (admin or view_only), or a 401 when the gateway
 * vouched for none. Use it for reads any operator may do.
 */
export function requireAdminSession(request: FastifyRequest): AdminIdentity {
  const admin = request.admin;
  if (!admin) throw new UnauthorizedError(ADMIN_MESSAGES.authRequired);
  return admin;
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
