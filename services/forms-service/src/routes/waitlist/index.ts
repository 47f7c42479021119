import {
  PUBLIC_API,
  checkWaitlistEmailRequestSchema,
  checkWaitlistEmailResponseSchema,
  submitResponseSchema,
  verifyOtpRequestSchema,
  verifyResponseSchema,
  waitlistRequestSchema,
} from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { announceSubmitted, announceVerified } from '../../live/announce.js';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { logRefusedInput } from '../refused-input.js';
import type { RouteDeps } from '../route-deps.js';

const waitlistRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config, live }) => {
  const { waitlist } = services;
  app.post(
    PUBLIC_API.checkWaitlistEmail.path,
    {
      schema: { body: checkWaitlistEmailRequestSchema, response: { 200: checkWaitlistEmailResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_EMAIL_CHECK_PER_MIN) },
    },
    async (request) => waitlist.checkEmail(request.body),
  );
  app.post(
    PUBLIC_API.waitlist.path,
    {
      schema: { body: waitlistRequestSchema, response: { 200: submitResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) },
      onError: logRefusedInput(waitlist.joinRefused),
    },
    async (request) => {
      const answer = await waitlist.join(visitorOf(request), request.body);
      announceSubmitted(live, 'waitlist', answer.requestId);
      return answer;
    },
  );
  app.post(
    PUBLIC_API.verifyWaitlistOtp.path,
    {
      schema: { body: verifyOtpRequestSchema, response: { 200: verifyResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) },
      onError: logRefusedInput(waitlist.verifyRefused),
    },
    async (request) => {
      const answer = await waitlist.verify(visitorOf(request), request.body);
      announceVerified(live, 'waitlist', request.body.requestId);
      return answer;
    },
  );
};

export default waitlistRoutes;
