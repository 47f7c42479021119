/** What routes take from a request: who is calling and from where. */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import {
  PasswordChangeRequiredError,
  UnauthorizedError,
  auditContextOf,
  requireAdminSession,
} from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../sessions/actor.js';
import type { SessionService } from '../sessions/session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` hook of the routes that need a signed-in operator. */
    actor?: Actor;
  }
}

/** An `onRequest` hook: finds the caller (or answers 401) before the body is even read. */
export type Authenticate = (request: FastifyRequest) => Promise<void>;

/**
 * The caller: the gateway's signed identity (401 without one), re-read from the database so a
 * session ended a moment ago, a deactivated account or a changed role count at once. While the
 * operator must choose a new password (issue 16) only the hooks made with
 * `allowPendingPasswordChange` (me, logout, change-password) let them through; every other call
 * is a 403 `password_change_required`, decided on the database's flag, not the signed one.
 */
export function createAuthenticate(
  sessions: SessionService,
  opts: { allowPendingPasswordChange?: boolean } = {},
): Authenticate {
  return async (request) => {
    const identity = requireAdminSession(request, { allowPendingPasswordChange: true });
    const row = await sessions.findLive(identity.sessionId, identity.adminId);
    if (!row) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    if (row.must_change_password && !opts.allowPendingPasswordChange) {
      throw new PasswordChangeRequiredError();
    }
    request.actor = {
      ...auditContextOf(request),
      adminId: row.admin_id,
      sessionId: row.session_id,
      username: row.username,
      email: row.email,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
      mustChangePassword: row.must_change_password,
      session: { lastActivity: row.last_activity, expiresAt: row.expires_at, rememberMe: row.remember_me },
    };
  };
}

/** The operator the `authenticate` hook found; a route without that hook is a programming error. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor)
    throw new Error(`${request.method} ${request.url}: route without the authenticate hook`);
  return request.actor;
}

/** Panel polling (the sessions list, the auth check) says so; it neither touches nor logs views. */
export function isBackgroundRequest(request: FastifyRequest, header: string): boolean {
  return request.headers[header] === '1';
}
