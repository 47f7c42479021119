import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Headers only the gateway may set. The gateway strips them from every incoming request and
 * adds its own; services believe `x-forwarded-for` (and, later, identity) only when the
 * gateway token matches the shared secret.
 */
export const GATEWAY_TOKEN_HEADER = 'x-tunnelscope-gateway';
export const INTERNAL_HEADER_PREFIX = 'x-tunnelscope-';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function isGatewayToken(presented: unknown, secret: string): boolean {
  if (typeof presented !== 'string') return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  return timingSafeEqual(digest(presented), digest(secret));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's address: the gateway's X-Forwarded-For when it vouches for it, else the socket's. */
    clientIp: string;
    viaGateway: boolean;
  }
}

export function clientIpOf(request: FastifyRequest, secret: string): { ip: string; viaGateway: boolean } {
  const viaGateway = isGatewayToken(request.headers[GATEWAY_TOKEN_HEADER], secret);
  const forwarded = request.headers['x-forwarded-for'];
  if (viaGateway && typeof forwarded === 'string') {
    // The gateway replaces the header with exactly one address; take the first to be safe.
    const first = forwarded.split(',')[0]?.trim();
    if (first) return { ip: first.slice(0, 45), viaGateway };
  }
  return { ip: (request.socket.remoteAddress ?? 'unknown').slice(0, 45), viaGateway };
}

export function installGatewayTrust(app: FastifyInstance, secret: string): void {
  app.decorateRequest('clientIp', '');
  app.decorateRequest('viaGateway', false);
  app.addHook('onRequest', async (request) => {
    const { ip, viaGateway } = clientIpOf(request, secret);
    request.clientIp = ip;
    request.viaGateway = viaGateway;
  });
}
