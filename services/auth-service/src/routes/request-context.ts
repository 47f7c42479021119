/** What routes take from a request: who is calling and from where. */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { UnauthorizedError, requireAdmin } from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../audit/audit-log.js';
import type { Actor } from '../sessions/actor.js';
import type { SessionService } from '../sessions/session-service.js';

const USER_AGENT_MAX = 512;

export function requestContext(request: FastifyRequest): RequestContext {
  const ua = request.headers['user-agent'];
  return {
    ip: request.clientIp,
    userAgent:
      typeof ua === 'string' && ua
        ? ua.replaceAll('\u0000', '').slice(0, USER_AGENT_MAX).toWellFormed()
        : null,
    requestId: request.id,
  };
}

export type ActorOf = (request: FastifyRequest) => Promise<Actor>;

/**
 * The caller: the gateway's signed identity (401 without one), re-read from the database so a
 * session ended a moment ago, a deactivated account or a changed role count at once.
 */
export function createActorOf(sessions: SessionService): ActorOf {
  return async (request) => {
    const identity = requireAdmin(request);
    const row = await sessions.findLive(identity.sessionId, identity.adminId);
    if (!row) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    return {
      ...requestContext(request),
      adminId: row.admin_id,
      sessionId: row.session_id,
      username: row.username,
      email: row.email,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
    };
  };
}

/** Panel polling (the sessions list, the auth check) says so; it neither touches nor logs views. */
export function isBackgroundRequest(request: FastifyRequest, header: string): boolean {
  return request.headers[header] === '1';
}
