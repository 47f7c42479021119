/**
 * The Sessions tab and logout. Anyone signed in sees every admin's live sessions; an admin may
 * disconnect any of them, a view_only operator only their own (the role rule of actor.ts). A view is
 * logged when the operator asked for it, not for the panel's 30-second poll. The poll's header is
 * the client's word, so it cannot hide a view (issue 13, item 8): a "background" list is logged
 * all the same when the session has no view logged within the idle window.
 */
import {
  ADMIN_MESSAGES,
  SESSION_IDLE_MINUTES,
  type DisconnectSessionRequest,
  type ListedSession,
} from '@tunnelscope/contracts';
import { NotFoundError, type Clock } from '@tunnelscope/service-kit';
import type { AuditLog } from '../audit/audit-log.js';
import { hasRecentRowOfSession } from '../audit/audit-repository.js';
import type { AuthDb } from '../db/schema.js';
import { refuse, type Actor } from './actor.js';
import {
  deactivateSession,
  endSessionsOf,
  findLiveSessionById,
  listLiveSessions,
} from './session-repository.js';
import type { SessionService } from './session-service.js';

export interface ActiveSessionsService {
  list(actor: Actor, opts: { background: boolean }): Promise<ListedSession[]>;
  disconnect(actor: Actor, input: DisconnectSessionRequest): Promise<void>;
  logout(actor: Actor): Promise<void>;
  /**
   * "End all my other sessions" (issue 16), any role: every session of the caller but the one in
   * use, audited as `sessions_ended`; answers how many ended.
   */
  endOthers(actor: Actor): Promise<number>;
}

export function createActiveSessionsService(deps: {
  db: AuthDb;
  audit: AuditLog;
  sessions: SessionService;
  clock: Clock;
}): ActiveSessionsService {
  const { db, audit } = deps;

  /** A poll is quiet only behind a view of the same session logged within the idle window. */
  const viewAlreadyLogged = (actor: Actor) =>
    hasRecentRowOfSession(
      db,
      actor.sessionId,
      'active_sessions_view',
      new Date(deps.clock.now().getTime() - SESSION_IDLE_MINUTES * 60_000),
    );
  return {
    async list(actor, { background }) {
      const rows = await listLiveSessions(db, deps.sessions.liveness());
      if (!background || !(await viewAlreadyLogged(actor))) {
        await audit.record(actor, {
          action: 'active_sessions_view',
          resource: 'admin_session',
          details: { count: rows.length, ...(background ? { background: true } : {}) },
        });
      }
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        email: r.email,
        userAgent: r.user_agent,
        ipAddress: r.ip_address,
        lastActivity: r.last_activity.toISOString(),
        createdAt: r.created_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
        isCurrent: r.id === actor.sessionId,
      }));
    },

    async disconnect(actor, { sessionId }) {
      const target = await findLiveSessionById(db, sessionId, deps.sessions.liveness());
      if (!target) throw new NotFoundError(ADMIN_MESSAGES.sessionNotFound);
      if (actor.role !== 'admin' && target.admin_id !== actor.adminId) {
        await refuse(audit, actor, {
          operation: 'disconnect_session',
          resource: 'admin_session',
          resourceId: sessionId,
        });
      }
      const ended = await db.transaction().execute(async (trx) => {
        const done = await deactivateSession(trx, sessionId);
        if (done) {
          await audit.recordIn(trx, actor, {
            action: 'session_disconnect',
            resource: 'admin_session',
            resourceId: sessionId,
            details: {
              ownerId: target.admin_id,
              ownerUsername: target.username,
              own: target.admin_id === actor.adminId,
            },
          });
        }
        return done;
      });
      // Ended by someone else a moment ago.
      if (!ended) throw new NotFoundError(ADMIN_MESSAGES.sessionNotFound);
    },

    async endOthers(actor) {
      return db.transaction().execute(async (trx) => {
        const ended = await endSessionsOf(trx, actor.adminId, actor.sessionId);
        await audit.recordIn(trx, actor, {
          action: 'sessions_ended',
          resource: 'admin_user',
          resourceId: actor.adminId,
          details: { username: actor.username, scope: 'own_others', count: ended.length, sessionIds: ended },
        });
        return ended.length;
      });
    },

    async logout(actor) {
      await db.transaction().execute(async (trx) => {
        await deactivateSession(trx, actor.sessionId);
        await audit.recordIn(trx, actor, {
          action: 'logout',
          resource: 'admin_session',
          resourceId: actor.sessionId,
        });
      });
    },
  };
}
