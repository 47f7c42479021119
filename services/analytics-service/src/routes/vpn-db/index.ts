import {
  ADMIN_API,
  INGEST_STATUS_API,
  ingestStatusResponseSchema,
  refreshAnalyticsOfflineSchema,
  refreshAnalyticsRequestSchema,
  refreshAnalyticsResponseSchema,
  searchIpRequestSchema,
  searchIpResponseSchema,
} from '@tunnelscope/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditContextOf,
  ForbiddenError,
  requireAdminRole,
  requireAdminSession,
  type AdminAuditSubject,
  type FastifyPluginAsyncZod,
} from '@tunnelscope/service-kit';
import type { RouteDeps } from '../route-deps.js';

/**
 * The admin panel's database analytics, its data sources and IP search, reached through the gateway
 * (`/admin-<hex>/vpn-db/*` → `/vpn-db/*`) with a signed identity; both roles may use them. A
 * refresh of the views on request is the admin role's only (README "Refresh on request").
 *
 * An unreachable IP database answers **200** with `{ success: false, networkError: true }`: it
 * is a state the panel shows (the orange offline panel), not a failed call — a 5xx would make the
 * admin client retry three times first and show 'HTTP 503' instead (README "Offline answers").
 */
const vpnDbRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  // Before any schema validation: a caller without a session gets its 401 whatever the body.
  app.addHook('onRequest', async (request) => {
    requireAdminSession(request);
  });

  /** The operator acting, as an audit row records them (the session hook vouched for one). */
  const subjectOf = (request: FastifyRequest): AdminAuditSubject => {
    const admin = requireAdminSession(request);
    return {
      adminId: admin.adminId,
      sessionId: admin.sessionId,
      username: admin.username,
      ...auditContextOf(request),
    };
  };

  // No response schema: the answer is kept serialized (a few hundred KB at the large scale) and
  // sent as is; analyticsResponseSchema describes it.
  // Each view is audited (one row per page load: the panel does not poll it).
  app.get(ADMIN_API.advancedAnalytics.path, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    const answer = await services.analytics.get();
    await services.viewAudit.analyticsViewed(subjectOf(request));
    return answer;
  });

  // The Data sources section: each feed's last run, each collector's last report (issue 17).
  app.get(
    INGEST_STATUS_API.path,
    { schema: { response: { 200: z.union([ingestStatusResponseSchema, refreshAnalyticsOfflineSchema]) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.sources.get();
    },
  );

  app.post(
    ADMIN_API.searchIp.path,
    // No body, or one that is not an object, reads as {}: the address is required.
    { schema: { body: searchIpRequestSchema, response: { 200: searchIpResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await services.search.search(request.body.ipAddress);
      // One audit row per submitted search (the panel never searches as the operator types).
      await services.viewAudit.ipSearched(subjectOf(request), request.body.ipAddress, answer);
      return answer;
    },
  );

  app.post(
    ADMIN_API.refreshAnalytics.path,
    {
      // `"now"` or `[]` is refused as the wrong shape, not read as `{}`.
      config: { refuseNonObjectBody: true },
      // The role before the body: view_only gets its audited 403 whatever it sent.
      preValidation: async (request) => {
        try {
          requireAdminRole(request);
        } catch (err) {
          if (err instanceof ForbiddenError) await services.manualRefresh.auditRefused(subjectOf(request));
          throw err;
        }
      },
      schema: {
        body: refreshAnalyticsRequestSchema,
        response: {
          200: z.union([refreshAnalyticsResponseSchema, refreshAnalyticsOfflineSchema]),
          202: refreshAnalyticsResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await services.manualRefresh.request(subjectOf(request));
      return reply.code(answer.status).send(answer.body);
    },
  );
};

export default vpnDbRoutes;
