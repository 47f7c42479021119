/**
 * `POST /internal/audit/refusals`: the gateway reports the admin calls it refused itself
 * (cross-origin, not JSON, no or expired session), and each becomes an `admin_logs` row like any
 * refusal a service makes (issue 13 item 8). Only the gateway may call it; to anyone else the
 * route does not exist. The gateway coalesces and rate-limits its reports (gateway
 * admin/refusal-audit.ts); what it only counted arrives as `suppressed` and is one summary row.
 */
import {
  gatewayRefusalReportSchema,
  INTERNAL_REFUSAL_AUDIT_PATH,
  type GatewayRefusal,
} from '@tunnelscope/contracts';
import { NotFoundError, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { RouteDeps } from '../route-deps.js';

/** Stored as `permission_denied` (a refusal), marked as the gateway's. */
const ACTION = 'permission_denied' as const;

const refusalAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.post(
    INTERNAL_REFUSAL_AUDIT_PATH,
    {
      schema: { body: gatewayRefusalReportSchema },
      onRequest: async (request) => {
        if (!request.viaGateway) {
          throw new NotFoundError(`Route ${request.method} ${INTERNAL_REFUSAL_AUDIT_PATH} not found`);
        }
      },
    },
    async (request, reply) => {
      const { refusals, suppressed } = request.body;
      const row = (r: GatewayRefusal) =>
        services.audit.record(
          {
            adminId: null,
            sessionId: null,
            username: null,
            ip: r.ip,
            userAgent: r.userAgent,
            requestId: r.requestId,
          },
          {
            action: ACTION,
            success: false,
            resource: 'gateway',
            details: {
              source: 'gateway',
              reason: r.reason,
              status: r.status,
              method: r.method,
              path: r.path,
              at: r.at,
            },
          },
        );
      // record() never throws: a row that cannot be written is logged, the others still are.
      await Promise.all(refusals.map(row));
      if (suppressed && Object.keys(suppressed).length > 0) {
        await services.audit.record(
          { adminId: null, sessionId: null, username: null, ip: '', userAgent: null, requestId: request.id },
          {
            action: ACTION,
            success: false,
            resource: 'gateway',
            details: { source: 'gateway', reason: 'rate_limited', suppressed },
          },
        );
      }
      return reply.code(204).send();
    },
  );
};

export default refusalAuditRoutes;
