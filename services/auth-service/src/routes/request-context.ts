/** What routes take from a request: who is calling and from where. */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { UnauthorizedError, auditContextOf, requireAdminSession } from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../sessions/actor.js';
import type { SessionService } from '../sessions/session-service.js';

export type ActorOf = (request: FastifyRequest) => Promise<Actor>;

/**
 * The caller: the gateway's signed identity (401 without one), re-read from the database so a
 * session ended a moment ago, a deactivated account or a changed role count at once.
 */
export function createActorOf(sessions: SessionService): ActorOf {
  return async (request) => {
    const identity = requireAdminSession(request);
    const row = await sessions.findLive(identity.sessionId, identity.adminId);
    if (!row) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    return {
      ...auditContextOf(request),
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
