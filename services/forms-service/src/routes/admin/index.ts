/**
 * The operators' review calls (admin §7 "Data lists", "Sessions and dashboard"), below the admin
 * prefix the gateway removed. The gateway has already resolved the session; every route needs its
 * signed identity (401 without one). Answers use the spec's keys: data.entries, data.requests,
 * data.contacts, data.logs, data.stats.
 */
import { ADMIN_API, REVIEW_MESSAGES } from '@tunnelscope/contracts';
import { auditContextOf, requireAdmin } from '@tunnelscope/service-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FormListName, Operator, ReviewService } from '../../review/review-service.js';

function operatorOf(request: FastifyRequest): Operator {
  return { ...requireAdmin(request), ...auditContextOf(request) };
}

const LIST_PATHS: Record<FormListName, string> = {
  waitlist: ADMIN_API.waitlist.path,
  'vpn-requests': ADMIN_API.vpnRequests.path,
  contacts: ADMIN_API.contacts.path,
};

const adminReviewRoutes: FastifyPluginAsync<{ review: ReviewService }> = async (app, { review }) => {
  app.get(ADMIN_API.overview.path, async (request) => {
    requireAdmin(request);
    return { success: true, data: { stats: await review.overview() } };
  });

  for (const [name, path] of Object.entries(LIST_PATHS) as [FormListName, string][]) {
    app.get(path, async (request) => ({
      success: true,
      data: await review.list(operatorOf(request), name, request.query),
    }));
    app.patch(`${path}/:id`, async (request) => ({
      success: true,
      message: REVIEW_MESSAGES.updated,
      data: await review.update(operatorOf(request), name, request.params, request.body),
    }));
    app.delete(`${path}/:id`, async (request) => {
      await review.remove(operatorOf(request), name, request.params);
      return { success: true, message: REVIEW_MESSAGES.deleted };
    });
  }

  app.get(ADMIN_API.logs.path, async (request) => ({
    success: true,
    data: await review.logs(operatorOf(request), request.query),
  }));
  app.delete(`${ADMIN_API.logs.path}/:id`, async (request) => {
    await review.removeLog(operatorOf(request), request.params);
    return { success: true, message: REVIEW_MESSAGES.deleted };
  });
};

export default adminReviewRoutes;
