/** The Admin users tab: the account writes (admin only) and the table's list (any role). */
import { ADMIN_API } from '@tunnelscope/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES } from '../../messages.js';
import type { RouteDeps } from '../route-deps.js';

const base = ADMIN_API.adminUser.path;

const adminUserRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services, actorOf }) => {
  app.get(ADMIN_API.listAdminUsers.path, async (request) => {
    const actor = await actorOf(request);
    return { success: true, data: await services.adminUsers.list(actor, request.query) };
  });

  app.post(ADMIN_API.createAdminUser.path, async (request, reply) => {
    const actor = await actorOf(request);
    const user = await services.adminUsers.create(actor, request.body);
    return reply.code(201).send({ success: true, message: AUTH_MESSAGES.adminUserCreated, data: { user } });
  });

  app.put(`${base}/:id`, async (request) => {
    const actor = await actorOf(request);
    const user = await services.adminUsers.update(actor, request.params, request.body);
    return { success: true, message: AUTH_MESSAGES.adminUserUpdated, data: { user } };
  });

  app.delete(`${base}/:id`, async (request) => {
    const actor = await actorOf(request);
    await services.adminUsers.remove(actor, request.params);
    return { success: true, message: AUTH_MESSAGES.adminUserDeleted };
  });

  app.post(`${base}/:id/reset-password`, async (request) => {
    const actor = await actorOf(request);
    await services.adminUsers.resetPassword(actor, request.params);
    return { success: true, message: AUTH_MESSAGES.passwordResetSent };
  });
};

export default adminUserRoutes;
