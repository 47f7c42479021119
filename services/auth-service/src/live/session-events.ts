/**
 * Tells open admin panels when sessions start or end (issue 16 item 5): after every successful
 * write that opens a session, `sessions.changed` (the Sessions tab refetches); after every one
 * that can end sessions, also `session.ended` (every open live stream ends, and its browser
 * reconnects through the gateway's read-only session check, so a dead session's stream stays
 * closed). One hook on the answers, so no session-ending code path can forget it; the event
 * goes out after the write's transaction committed (the answer is sent).
 */
import { ADMIN_API } from '@tunnelscope/contracts';
import { createLiveEventPublisher, liveStreamKey } from '@tunnelscope/live-events';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** Route templates whose success opens a session. */
const OPENS = new Set<string>([ADMIN_API.login.path, ADMIN_API.verify2fa.path]);

/** Route templates whose success can end sessions (one, another admin's, or all but the caller's). */
const ENDS = new Set<string>([
  ADMIN_API.logout.path,
  ADMIN_API.changePassword.path,
  ADMIN_API.disable2fa.path,
  ADMIN_API.verify2faSetup.path,
  ADMIN_API.endOtherSessions.path,
  ADMIN_API.disconnectSession.path,
  `${ADMIN_API.adminUser.path}/:id`,
  `${ADMIN_API.adminUser.path}/:id/reset-password`,
  ADMIN_API.resetAdminUser2fa.path.replace('{id}', ':id'),
  ADMIN_API.endAdminUserSessions.path.replace('{id}', ':id'),
]);

export function announceSessionChanges(
  app: FastifyInstance,
  deps: { redis: Redis; redisPrefix: string },
): void {
  const live = createLiveEventPublisher({ redis: deps.redis, key: liveStreamKey(deps.redisPrefix) }, app.log);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
    const route = request.routeOptions.url;
    if (!route) return;
    const ends = ENDS.has(route);
    if (!ends && !OPENS.has(route)) return;
    live.publish('sessions.changed', {});
    if (ends) live.publish('session.ended', {});
  });
}
