import {
  PUBLIC_API,
  submitResponseSchema,
  verifyOtpRequestSchema,
  verifyVpnResponseSchema,
  vpnRequestSchema,
} from '@tunnelscope/contracts';
import { perMinute, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import { announceSubmitted, announceVerified } from '../../live/announce.js';
import { visitorOf } from '../../registration-logs/registration-log-service.js';
import { logRefusedInput } from '../refused-input.js';
import type { RouteDeps } from '../route-deps.js';

const vpnRequestRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config, live }) => {
  const { vpnRequests } = services;
  app.post(
    PUBLIC_API.vpnRequest.path,
    {
      schema: { body: vpnRequestSchema, response: { 200: submitResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_FORM_PER_MIN) },
      onError: logRefusedInput(vpnRequests.submitRefused),
    },
    async (request) => {
      const answer = await vpnRequests.submit(visitorOf(request), request.body);
      announceSubmitted(live, 'vpn-requests', answer.requestId);
      return answer;
    },
  );
  app.post(
    PUBLIC_API.verifyVpnOtp.path,
    {
      schema: { body: verifyOtpRequestSchema, response: { 200: verifyVpnResponseSchema } },
      config: { rateLimit: perMinute(config.RATE_LIMIT_OTP_PER_MIN) },
      onError: logRefusedInput(vpnRequests.verifyRefused),
    },
    async (request) => {
      const answer = await vpnRequests.verify(visitorOf(request), request.body);
      announceVerified(live, 'vpn-requests', request.body.requestId);
      return answer;
    },
  );
};

export default vpnRequestRoutes;
