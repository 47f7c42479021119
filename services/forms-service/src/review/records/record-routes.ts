/**
 * The routes of a reviewer's work on one list's records (issue 16), registered by the admin
 * review plugin for each of Waitlist, VPN Requests and Contacts below `path`:
 * - `POST {path}/bulk` (admin role) — a bulk status change or deletion;
 * - `GET {path}/ids?<the list's query>` — "select all N matching";
 * - `POST {path}/rows` `{ids}` — the selected rows (for an export);
 * - `GET {path}/:id` — the record's detail and history.
 * The plugin's hook has already required the signed identity.
 */
import {
  RECORD_IDS_BODY_LIMIT_BYTES,
  REVIEW_MESSAGES,
  bulkActionRequestSchema,
  bulkActionResponseSchema,
  matchingIdsResponseSchema,
  recordRowsRequestSchema,
  reviewIdParamsSchema,
} from '@tunnelscope/contracts';
import { idOrNotFound, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { RouteDeps } from '../../routes/route-deps.js';
import { FORM_LISTS, type FormListName, type Operator } from '../review-service.js';

export interface RecordRouteOptions extends RouteDeps {
  name: FormListName;
  path: string;
  operatorOf: (request: FastifyRequest) => Operator;
  /** The admin role only: view_only gets a 403 and a `permission_denied` audit row. */
  adminRoleFor: (operation: string, resource: string) => preValidationAsyncHookHandler;
}

const recordRoutes: FastifyPluginAsyncZod<RecordRouteOptions> = async (
  app,
  { services, live, name, path, operatorOf, adminRoleFor },
) => {
  const { records } = services;
  const { query, resource } = FORM_LISTS[name];

  app.post(
    `${path}/bulk`,
    {
      bodyLimit: RECORD_IDS_BODY_LIMIT_BYTES,
      schema: { body: bulkActionRequestSchema, response: { 200: bulkActionResponseSchema } },
      preValidation: [adminRoleFor('bulk', resource)],
    },
    async (request) => {
      const result = await records.bulk(operatorOf(request), name, request.body);
      // After commit: one event per changed row, as a single change announces it.
      const event = request.body.action === 'delete' ? 'row.deleted' : 'row.changed';
      for (const id of result.changedIds) live.publish(event, { list: name, id });
      if (request.body.action === 'delete' && result.changed > 0) live.publish('overview.changed', {});
      const { changedIds: _ids, ...counts } = result;
      return { success: true as const, data: counts };
    },
  );

  app.get(
    `${path}/ids`,
    { schema: { querystring: query, response: { 200: matchingIdsResponseSchema } } },
    async (request) => ({ success: true as const, data: await records.matchingIds(name, request.query) }),
  );

  app.post(
    `${path}/rows`,
    { bodyLimit: RECORD_IDS_BODY_LIMIT_BYTES, schema: { body: recordRowsRequestSchema } },
    async (request) => ({
      success: true as const,
      data: { rows: await records.rows(operatorOf(request), name, request.body.ids) },
    }),
  );

  app.get(
    `${path}/:id`,
    {
      schema: { params: reviewIdParamsSchema },
      preValidation: [idOrNotFound(reviewIdParamsSchema, REVIEW_MESSAGES.entryNotFound)],
    },
    async (request) => ({ success: true as const, data: await records.detail(name, request.params.id) }),
  );
};

export default recordRoutes;
