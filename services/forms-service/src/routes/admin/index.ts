/**
 * The operators' review calls, below the admin prefix the gateway removed. The gateway has
 * already resolved the session; every route needs its signed identity (401 without one), checked
 * before anything the call sent. Writes are for the admin role: a view_only operator gets a 403,
 * audited, whatever the id or body. Answers use the spec's keys: data.entries, data.requests,
 * data.contacts, data.logs, data.stats.
 */
import {
  ADMIN_API,
  REVIEW_MESSAGES,
  VERSION_CONFLICT_CODE,
  type VersionConflict,
  RECORD_IDS_BODY_LIMIT_BYTES,
  bulkActionResponseSchema,
  logBulkRequestSchema,
  logIdParamsSchema,
  logMatchingIdsResponseSchema,
  logRowsRequestSchema,
  logListQuerySchema,
  okResponseSchema,
  overviewResponseSchema,
  reviewIdParamsSchema,
  reviewUpdateRequestSchema,
  reviewUpdateResponseSchema,
  versionConflictSchema,
} from '@tunnelscope/contracts';
import {
  ForbiddenError,
  auditContextOf,
  idOrNotFound,
  requireAdminRole,
  requireAdminSession,
  type FastifyPluginAsyncZod,
} from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import recordRoutes from '../../review/records/record-routes.js';
import {
  FORM_LISTS,
  VersionConflictError,
  type FormListName,
  type Operator,
} from '../../review/review-service.js';
import type { RouteDeps } from '../route-deps.js';

function operatorOf(request: FastifyRequest): Operator {
  return { ...requireAdminSession(request), ...auditContextOf(request) };
}

/** The id a refused write named, as sent (bounded), for its audit row. */
function claimedId(params: unknown): string | undefined {
  const id = (params as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id.slice(0, 64) : undefined;
}

const LIST_PATHS: Record<FormListName, string> = {
  waitlist: ADMIN_API.waitlist.path,
  'vpn-requests': ADMIN_API.vpnRequests.path,
  contacts: ADMIN_API.contacts.path,
};

const adminReviewRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config, live }) => {
  const { review } = services;

  app.addHook('preValidation', async (request) => {
    requireAdminSession(request);
  });

  /** The admin role only: view_only gets a 403 and a `permission_denied` audit row. */
  const adminRoleFor = (operation: string, resource: string) => async (request: FastifyRequest) => {
    try {
      requireAdminRole(request);
    } catch (err) {
      if (err instanceof ForbiddenError) {
        await review.auditRefusedWrite(operatorOf(request), {
          operation,
          resource,
          resourceId: claimedId(request.params),
        });
      }
      throw err;
    }
  };

  app.get(ADMIN_API.overview.path, { schema: { response: { 200: overviewResponseSchema } } }, async () => ({
    success: true as const,
    data: { stats: await review.overview() },
  }));

  for (const [name, path] of Object.entries(LIST_PATHS) as [FormListName, string][]) {
    const { query, resource } = FORM_LISTS[name];
    // Bulk actions, selections and the record's detail (issue 16): registered before `:id`.
    await app.register(recordRoutes, { services, config, live, name, path, operatorOf, adminRoleFor });
    app.get(path, { schema: { querystring: query } }, async (request) => ({
      success: true,
      data: await review.list(operatorOf(request), name, request.query),
    }));
    app.patch(
      `${path}/:id`,
      {
        schema: {
          params: reviewIdParamsSchema,
          body: reviewUpdateRequestSchema,
          response: { 200: reviewUpdateResponseSchema, 409: versionConflictSchema },
        },
        preValidation: [
          adminRoleFor('update', resource),
          idOrNotFound(reviewIdParamsSchema, REVIEW_MESSAGES.entryNotFound),
        ],
      },
      async (request, reply) => {
        try {
          const data = await review.update(operatorOf(request), name, request.params.id, request.body);
          live.publish('row.changed', { list: name, id: request.params.id.toLowerCase() });
          return { success: true as const, message: REVIEW_MESSAGES.updated, data };
        } catch (err) {
          // A stale edit: the 409 names who changed the row and when, with its current values.
          if (!(err instanceof VersionConflictError)) throw err;
          const conflict: VersionConflict = {
            success: false,
            error: 'CONFLICT',
            message: err.message,
            code: VERSION_CONFLICT_CODE,
            current: err.current,
            requestId: request.id,
          };
          return reply.code(409).send(conflict);
        }
      },
    );
    app.delete(
      `${path}/:id`,
      {
        schema: { params: reviewIdParamsSchema, response: { 200: okResponseSchema } },
        preValidation: [
          adminRoleFor('delete', resource),
          idOrNotFound(reviewIdParamsSchema, REVIEW_MESSAGES.entryNotFound),
        ],
      },
      async (request) => {
        await review.remove(operatorOf(request), name, request.params.id);
        live.publish('row.deleted', { list: name, id: request.params.id.toLowerCase() });
        live.publish('overview.changed', {});
        return { success: true as const, message: REVIEW_MESSAGES.deleted };
      },
    );
  }

  app.get(ADMIN_API.logs.path, { schema: { querystring: logListQuerySchema } }, async (request) => ({
    success: true,
    data: await review.logs(operatorOf(request), request.query),
  }));
  // Bulk work on visitor rows (issue 16); admin rows are audit rows and never part of a selection.
  const { logSelection } = services;
  app.post(
    `${ADMIN_API.logs.path}/bulk`,
    {
      bodyLimit: RECORD_IDS_BODY_LIMIT_BYTES,
      schema: { body: logBulkRequestSchema, response: { 200: bulkActionResponseSchema } },
      preValidation: [adminRoleFor('bulk', 'logs')],
    },
    async (request) => {
      const { deletedIds: _ids, ...counts } = await logSelection.deleteMany(
        operatorOf(request),
        request.body.ids,
      );
      return { success: true as const, data: counts };
    },
  );
  app.get(
    `${ADMIN_API.logs.path}/ids`,
    { schema: { querystring: logListQuerySchema, response: { 200: logMatchingIdsResponseSchema } } },
    async (request) => ({ success: true as const, data: await logSelection.matchingIds(request.query) }),
  );
  app.post(
    `${ADMIN_API.logs.path}/rows`,
    { bodyLimit: RECORD_IDS_BODY_LIMIT_BYTES, schema: { body: logRowsRequestSchema } },
    async (request) => ({
      success: true as const,
      data: { rows: await logSelection.rows(operatorOf(request), request.body.ids) },
    }),
  );
  app.delete(
    `${ADMIN_API.logs.path}/:id`,
    {
      schema: { params: logIdParamsSchema, response: { 200: okResponseSchema } },
      preValidation: [
        adminRoleFor('delete', 'logs'),
        idOrNotFound(logIdParamsSchema, REVIEW_MESSAGES.logNotFound),
      ],
    },
    async (request) => {
      await review.removeLog(operatorOf(request), request.params.id);
      return { success: true as const, message: REVIEW_MESSAGES.deleted };
    },
  );
};

export default adminReviewRoutes;
