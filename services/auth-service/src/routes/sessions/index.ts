/** The Sessions tab: the live sessions (any role) and disconnecting one. */
import {
  ADMIN_API,
  BACKGROUND_REQUEST_HEADER,
  activeSessionsResponseSchema,
  disconnectSessionRequestSchema,
  okResponseSchema,
} from '@tunnelscope/contracts';
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { AUTH_MESSAGES } from '../../messages.js';
import { actorOf, isBackgroundRequest } from '../request-context.js';
import type { RouteDeps } from '../route-deps.js';

const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    ADMIN_API.activeSessions.path,
    { schema: { response: { 200: activeSessionsResponseSchema } } },
    async (request) => {
      const sessions = await services.activeSessions.list(actorOf(request), {
        background: isBackgroundRequest(request, BACKGROUND_REQUEST_HEADER),
      });
      return { success: true as const, data: { sessions } };
    },
  );

  // Whose session it is decides whether a view_only operator may end it: checked by the service
  // once the body names it.
  app.post(
    ADMIN_API.disconnectSession.path,
    { schema: { body: disconnectSessionRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await services.activeSessions.disconnect(actorOf(request), request.body);
      return { success: true as const, message: AUTH_MESSAGES.sessionDisconnected };
    },
  );
};

export default sessionRoutes;
