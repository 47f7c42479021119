/**
 * The operators' API-key calls, below the admin prefix the gateway removed. Every route needs the
 * gateway's signed identity (401 without one), checked before anything the call sent. Writes are
 * for the admin role: a view_only operator gets a 403, audited, whatever the id or body.
 */
import {
  ADMIN_API_KEYS_API,
  API_KEY_MESSAGES,
  apiKeyIdParamsSchema,
  apiKeyListQuerySchema,
  apiKeyListResponseSchema,
  apiKeyUsageResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
  rotateApiKeyRequestSchema,
  rotateApiKeyResponseSchema,
} from '@tunnelscope/contracts';
import {
  ForbiddenError,
  auditContextOf,
  idOrNotFound,
  requireAdminRole,
  requireAdminSession,
  type AdminAuditSubject,
  type FastifyPluginAsyncZod,
} from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { RouteDeps } from '../route-deps.js';

function subjectOf(request: FastifyRequest): AdminAuditSubject {
  const admin = requireAdminSession(request);
  return {
    adminId: admin.adminId,
    sessionId: admin.sessionId,
    username: admin.username,
    ...auditContextOf(request),
  };
}

/** The id a refused write named, as sent (bounded), for its audit row. */
function claimedId(params: unknown): string | undefined {
  const id = (params as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id.slice(0, 64) : undefined;
}

/** `/api-keys/{id}/rotate` in Fastify's syntax. */
const fastifyPath = (path: string) => path.replace('{id}', ':id');

const adminApiKeyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  const { apiKeys } = services;

  app.addHook('preValidation', async (request) => {
    requireAdminSession(request);
  });

  /** The admin role only: view_only gets a 403 and a `permission_denied` audit row. */
  const adminRoleFor = (operation: string) => async (request: FastifyRequest) => {
    try {
      requireAdminRole(request);
    } catch (err) {
      if (err instanceof ForbiddenError) {
        const resourceId = claimedId(request.params);
        await apiKeys.auditRefusedWrite(subjectOf(request), {
          operation,
          ...(resourceId ? { resourceId } : {}),
        });
      }
      throw err;
    }
  };
  const idChecked = idOrNotFound(apiKeyIdParamsSchema, API_KEY_MESSAGES.notFound);

  app.get(
    ADMIN_API_KEYS_API.list.path,
    { schema: { querystring: apiKeyListQuerySchema, response: { 200: apiKeyListResponseSchema } } },
    async (request) => ({ success: true as const, data: await apiKeys.list(request.query) }),
  );

  app.post(
    ADMIN_API_KEYS_API.create.path,
    {
      schema: { body: createApiKeyRequestSchema, response: { 201: createApiKeyResponseSchema } },
      preValidation: [adminRoleFor('create')],
    },
    async (request, reply) => {
      const created = await apiKeys.create(subjectOf(request), request.body);
      // The secret is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ success: true as const, ...created });
    },
  );

  app.post(
    fastifyPath(ADMIN_API_KEYS_API.rotate.path),
    {
      schema: {
        params: apiKeyIdParamsSchema,
        body: rotateApiKeyRequestSchema,
        response: { 200: rotateApiKeyResponseSchema },
      },
      preValidation: [adminRoleFor('rotate'), idChecked],
    },
    async (request, reply) => {
      const rotated = await apiKeys.rotate(subjectOf(request), request.params.id, request.body.graceHours);
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...rotated };
    },
  );

  app.delete(
    fastifyPath(ADMIN_API_KEYS_API.revoke.path),
    {
      schema: { params: apiKeyIdParamsSchema, response: { 200: revokeApiKeyResponseSchema } },
      preValidation: [adminRoleFor('revoke'), idChecked],
    },
    async (request) => ({
      success: true as const,
      message: API_KEY_MESSAGES.revokedNow,
      apiKey: await apiKeys.revoke(subjectOf(request), request.params.id),
    }),
  );

  app.get(
    fastifyPath(ADMIN_API_KEYS_API.usage.path),
    {
      schema: { params: apiKeyIdParamsSchema, response: { 200: apiKeyUsageResponseSchema } },
      preValidation: [idChecked],
    },
    async (request) => ({ success: true as const, data: await apiKeys.usage(request.params.id) }),
  );
};

export default adminApiKeyRoutes;
