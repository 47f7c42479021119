/** The Admin users tab: the account writes (admin only) and the table's list (any role). */
import {
  ADMIN_API,
  ADMIN_MESSAGES,
  SAFETY_MESSAGES,
  adminIdParamsSchema,
  endSessionsResponseSchema,
  adminUserListQuerySchema,
  adminUserActionResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  createAdminUserRequestSchema,
  okResponseSchema,
  updateAdminUserRequestSchema,
} from '@tunnelscope/contracts';
import { idOrNotFound, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AdminUserOperation } from '../../admin-users/admin-user-service.js';
import { AUTH_MESSAGES } from '../../messages.js';
import { actorOf } from '../request-context.js';
import type { RouteDeps } from '../route-deps.js';

const base = ADMIN_API.adminUser.path;

const adminUserIdOrNotFound = idOrNotFound(adminIdParamsSchema, ADMIN_MESSAGES.adminUserNotFound);

const adminUserRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.addHook('onRequest', authenticate);

  /**
   * The admin role only: a view_only operator gets a 403 and a `permission_denied` row. It runs
   * before the id is parsed (issue 13, item 8), so a malformed id does not turn a refusal that
   * must be audited into a silent 404; the id is logged as sent.
   */
  const adminRoleFor = (operation: AdminUserOperation) => async (request: FastifyRequest) => {
    const { id } = request.params as { id?: string };
    await services.adminUsers.authorize(actorOf(request), operation, id?.slice(0, 255));
  };

  app.get(
    ADMIN_API.listAdminUsers.path,
    { schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.adminUsers.list(actorOf(request), request.query),
    }),
  );

  app.post(
    ADMIN_API.createAdminUser.path,
    {
      schema: { body: createAdminUserRequestSchema, response: { 201: adminUserResponseSchema } },
      preValidation: adminRoleFor('create'),
    },
    async (request, reply) => {
      const user = await services.adminUsers.create(actorOf(request), request.body);
      return reply
        .code(201)
        .send({ success: true as const, message: AUTH_MESSAGES.adminUserCreated, data: { user } });
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        params: adminIdParamsSchema,
        body: updateAdminUserRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
      preValidation: [adminRoleFor('update'), adminUserIdOrNotFound],
    },
    async (request) => {
      const user = await services.adminUsers.update(actorOf(request), request.params.id, request.body);
      return { success: true as const, message: AUTH_MESSAGES.adminUserUpdated, data: { user } };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: { params: adminIdParamsSchema, response: { 200: okResponseSchema } },
      preValidation: [adminRoleFor('delete'), adminUserIdOrNotFound],
    },
    async (request) => {
      await services.adminUsers.remove(actorOf(request), request.params.id);
      return { success: true as const, message: AUTH_MESSAGES.adminUserDeleted };
    },
  );

  app.post(
    `${base}/:id/reset-password`,
    {
      schema: { params: adminIdParamsSchema, response: { 200: okResponseSchema } },
      preValidation: [adminRoleFor('reset_password'), adminUserIdOrNotFound],
    },
    async (request) => {
      await services.adminUsers.resetPassword(actorOf(request), request.params.id);
      return { success: true as const, message: AUTH_MESSAGES.passwordResetSent };
    },
  );

  // Freeing a locked-out operator, and one who lost their 2FA device (issue 13, item 15).
  app.post(
    ADMIN_API.unlockAdminUser.path.replace('{id}', ':id'),
    {
      schema: { params: adminIdParamsSchema, response: { 200: adminUserActionResponseSchema } },
      preValidation: [adminRoleFor('unlock'), adminUserIdOrNotFound],
    },
    async (request) => {
      const user = await services.adminUsers.unlock(actorOf(request), request.params.id);
      return { success: true as const, message: ADMIN_MESSAGES.accountUnlocked, data: { user } };
    },
  );

  app.post(
    ADMIN_API.resetAdminUser2fa.path.replace('{id}', ':id'),
    {
      schema: { params: adminIdParamsSchema, response: { 200: adminUserActionResponseSchema } },
      preValidation: [adminRoleFor('reset_2fa'), adminUserIdOrNotFound],
    },
    async (request) => {
      const user = await services.adminUsers.resetTwoFactor(actorOf(request), request.params.id);
      return { success: true as const, message: ADMIN_MESSAGES.twoFactorReset, data: { user } };
    },
  );

  // Issue 16: "End all sessions" of an operator; refused on their very next request.
  app.post(
    ADMIN_API.endAdminUserSessions.path.replace('{id}', ':id'),
    {
      schema: { params: adminIdParamsSchema, response: { 200: endSessionsResponseSchema } },
      preValidation: [adminRoleFor('end_sessions'), adminUserIdOrNotFound],
    },
    async (request) => {
      const ended = await services.adminUsers.endSessions(actorOf(request), request.params.id);
      return { success: true as const, message: SAFETY_MESSAGES.sessionsEnded, data: { ended } };
    },
  );
};

export default adminUserRoutes;
