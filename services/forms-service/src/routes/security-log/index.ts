import { PUBLIC_API, securityLogRequestSchema } from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import type { RouteDeps } from '../route-deps.js';

/** Room for the bounded fields of the event and their JSON escaping, and no more. */
export const SECURITY_LOG_BODY_LIMIT = 12 * 1024;

const securityLogRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config }) => {
  app.post(
    PUBLIC_API.securityLog.path,
    {
      schema: { body: securityLogRequestSchema },
      bodyLimit: SECURITY_LOG_BODY_LIMIT,
      config: { rateLimit: perMinute(config.RATE_LIMIT_SECURITY_LOG_PER_MIN) },
    },
    async (request, reply) => {
      await services.securityLog.record(visitorOf(request), request.body);
      return reply.code(204).send();
    },
  );
};

export default securityLogRoutes;
