/**
 * `POST /internal/sessions/resolve`: the gateway turns a session cookie into the identity it then
 * signs for every other service. Only the gateway may ask (its token); to anyone else the route
 * does not exist.
 */
import {
  ADMIN_MESSAGES,
  INTERNAL_SESSION_RESOLVE_PATH,
  sessionResolveRequestSchema,
} from '@tunnelscope/contracts';
import { NotFoundError, UnauthorizedError } from '@tunnelscope/service-kit';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../validation.js';
import type { RouteDeps } from '../route-deps.js';

const internalRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services }) => {
  app.post(INTERNAL_SESSION_RESOLVE_PATH, async (request) => {
    if (!request.viaGateway) {
      throw new NotFoundError(`Route ${request.method} ${INTERNAL_SESSION_RESOLVE_PATH} not found`);
    }
    const { token, touch } = parseInput(sessionResolveRequestSchema, request.body);
    const identity = await services.sessions.resolve(token, touch);
    if (!identity) throw new UnauthorizedError(ADMIN_MESSAGES.sessionExpired);
    return { success: true, data: { identity } };
  });
};

export default internalRoutes;
