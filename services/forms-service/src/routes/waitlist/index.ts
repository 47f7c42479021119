import { PUBLIC_API } from '@tunnelscope/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { perMinute } from '../rate-limit.js';
import type { RouteDeps } from '../index.js';

const waitlistRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services, config }) => {
  app.post(
    PUBLIC_API.checkWaitlistEmail.path,
    { config: { rateLimit: perMinute(config.RATE_LIMIT_EMAIL_CHECK_PER_MIN) } },
    async (request) => services.waitlist.checkEmail(request.body),
  );
  app.post(
    PUBLIC_API.waitlist.path,
    { config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) } },
    async (request) => services.waitlist.join(visitorOf(request), request.body),
  );
  app.post(
    PUBLIC_API.verifyWaitlistOtp.path,
    { config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) } },
    async (request) => services.waitlist.verify(visitorOf(request), request.body),
  );
};

export default waitlistRoutes;
