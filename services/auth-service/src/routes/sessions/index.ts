/** The Sessions tab: the live sessions (any role) and disconnecting one. */
import { ADMIN_API, BACKGROUND_REQUEST_HEADER } from '@tunnelscope/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES } from '../../messages.js';
import type { RouteDeps } from '../route-deps.js';
import { isBackgroundRequest } from '../request-context.js';

const sessionRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services, actorOf }) => {
  app.get(ADMIN_API.activeSessions.path, async (request) => {
    const actor = await actorOf(request);
    const sessions = await services.activeSessions.list(actor, {
      background: isBackgroundRequest(request, BACKGROUND_REQUEST_HEADER),
    });
    return { success: true, data: { sessions } };
  });

  app.post(ADMIN_API.disconnectSession.path, async (request) => {
    const actor = await actorOf(request);
    await services.activeSessions.disconnect(actor, request.body);
    return { success: true, message: AUTH_MESSAGES.sessionDisconnected };
  });
};

export default sessionRoutes;
