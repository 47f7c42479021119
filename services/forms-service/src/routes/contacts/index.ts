import { PUBLIC_API } from '@tunnelscope/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { perMinute } from '../rate-limit.js';
import type { RouteDeps } from '../index.js';

const contactRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services, config }) => {
  app.post(
    PUBLIC_API.contact.path,
    { config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) } },
    async (request) => services.contacts.submit(visitorOf(request), request.body),
  );
  app.post(
    PUBLIC_API.verifyContactOtp.path,
    { config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) } },
    async (request) => services.contacts.verify(visitorOf(request), request.body),
  );
};

export default contactRoutes;
