import type { FastifyInstance } from 'fastify';
import { ADMIN_API, IP_SEARCH_MESSAGES, searchIpRequestSchema } from '@tunnelscope/contracts';
import { requireAdmin, ValidationError } from '@tunnelscope/service-kit';
import type { AnalyticsService } from '../analytics/analytics-service.js';
import type { SearchService } from '../search/search-service.js';

/**
 * The admin calls of admin §7 "Database analytics and IP search", reached through the gateway
 * (`/admin-<hex>/vpn-db/*` → `/vpn-db/*`) with a signed identity; both roles may use them.
 *
 * An unreachable IP database answers **200** with `{ success: false, networkError: true }`: it
 * is a state the panel shows (the orange offline panel), not a failed call — a 5xx would make the
 * admin client retry three times first and show 'HTTP 503' instead (README "Offline answers").
 */
export function registerVpnDbRoutes(
  app: FastifyInstance,
  opts: { analytics: AnalyticsService; search: SearchService },
): void {
  app.get(ADMIN_API.advancedAnalytics.path, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    return opts.analytics.get();
  });

  app.post(ADMIN_API.searchIp.path, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    // No body at all is the same as an empty address (admin §5: required).
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw new ValidationError(IP_SEARCH_MESSAGES.required);
    const parsed = searchIpRequestSchema.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    return opts.search.search(parsed.data.ipAddress);
  });
}
