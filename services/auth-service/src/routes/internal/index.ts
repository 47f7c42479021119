/**
 * `POST /internal/sessions/resolve`: the gateway turns a session cookie into the identity it then
 * signs for every other service. Only the gateway may ask (its token); to anyone else the route
 * does not exist, whatever the body.
 */
import {
  ADMIN_MESSAGES,
  INTERNAL_SESSION_RESOLVE_PATH,
  sessionResolveRequestSchema,
  sessionResolveResponseSchema,
} from '@tunnelscope/contracts';
import { NotFoundError, UnauthorizedError, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { RouteDeps } from '../route-deps.js';
import refusalAuditRoutes from './refusal-audit.js';

const internalRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { services } = deps;
  app.post(
    INTERNAL_SESSION_RESOLVE_PATH,
    {
      schema: { body: sessionResolveRequestSchema, response: { 200: sessionResolveResponseSchema } },
      onRequest: async (request) => {
        if (!request.viaGateway) {
          throw new NotFoundError(`Route ${request.method} ${INTERNAL_SESSION_RESOLVE_PATH} not found`);
        }
      },
    },
    async (request) => {
      const identity = await services.sessions.resolve(request.body.token, request.body.touch);
      if (!identity) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
      return { success: true as const, data: { identity } };
    },
  );
  await app.register(refusalAuditRoutes, deps);
};

export default internalRoutes;
