import {
  PUBLIC_API,
  contactRequestSchema,
  submitResponseSchema,
  verifyOtpRequestSchema,
  verifyResponseSchema,
} from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { announceSubmitted, announceVerified } from '../../live/announce.js';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { logRefusedInput } from '../refused-input.js';
import type { RouteDeps } from '../route-deps.js';

const contactRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config, live }) => {
  const { contacts } = services;
  app.post(
    PUBLIC_API.contact.path,
    {
      schema: { body: contactRequestSchema, response: { 200: submitResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) },
      onError: logRefusedInput(contacts.submitRefused),
    },
    async (request) => {
      const answer = await contacts.submit(visitorOf(request), request.body);
      announceSubmitted(live, 'contacts', answer.requestId);
      return answer;
    },
  );
  app.post(
    PUBLIC_API.verifyContactOtp.path,
    {
      schema: { body: verifyOtpRequestSchema, response: { 200: verifyResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) },
      onError: logRefusedInput(contacts.verifyRefused),
    },
    async (request) => {
      const answer = await contacts.verify(visitorOf(request), request.body);
      announceVerified(live, 'contacts', request.body.requestId);
      return answer;
    },
  );
};

export default contactRoutes;
