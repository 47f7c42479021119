import {
  PUBLIC_API,
  contactRequestSchema,
  submitResponseSchema,
  verifyOtpRequestSchema,
  verifyResponseSchema,
} from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { logRefusedInput } from '../refused-input.js';
import type { RouteDeps } from '../route-deps.js';

const contactRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config }) => {
  const { contacts } = services;
  app.post(
    PUBLIC_API.contact.path,
    {
      schema: { body: contactRequestSchema, response: { 200: submitResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) },
      onError: logRefusedInput(contacts.submitRefused),
    },
    async (request) => contacts.submit(visitorOf(request), request.body),
  );
  app.post(
    PUBLIC_API.verifyContactOtp.path,
    {
      schema: { body: verifyOtpRequestSchema, response: { 200: verifyResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) },
      onError: logRefusedInput(contacts.verifyRefused),
    },
    async (request) => contacts.verify(visitorOf(request), request.body),
  );
};

export default contactRoutes;
