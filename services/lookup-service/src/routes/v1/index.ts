/**
 * The detection API, registered under `/api/v1`: single and batch checks, usage and the OpenAPI
 * document. Errors in this scope are RFC 9457 problems (problems/problem.ts), Fastify's own
 * included. Every answer names its snapshot in X-Data-Version once the index has loaded; every
 * metered answer carries the RateLimit-Policy and RateLimit headers.
 *
 * The check answers are not run through a response schema: the index builds them to the
 * contracts' schema (its tests hold it to that), and serialising 1000 answers through zod would
 * double the cost of a batch on the hot path.
 */
import {
  BATCH_MAX_IPS,
  DATA_VERSION_HEADER,
  DETECTION_API,
  DETECTION_API_PREFIX,
  batchRequestSchema,
  buildDetectionOpenApi,
  checkQuerySchema,
  formatDataVersion,
  usageResponseSchema,
  type DetectionAnswer,
} from '@tunnelscope/contracts';
import type { FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextUtcMidnight } from '../../metering/meter.js';
import { meterOrRefuse } from '../../metering/meter-request.js';
import { rateLimitHeaders } from '../../metering/rate-limit-headers.js';
import { DetectionProblem, installProblemHandling } from '../../problems/problem.js';
import type { RouteDeps } from '../route-deps.js';
import { createApiKeyCheck } from './api-key-auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered without a key (the OpenAPI document). */
    publicRoute?: boolean;
  }
}

/** 1000 addresses of up to 100 characters fit; a bigger body is a batch too large. */
export const BATCH_BODY_LIMIT_BYTES = 512 * 1024;

const relative = (path: string) => path.slice(DETECTION_API_PREFIX.length);

const detectionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, clock, quotaRefusals }) => {
  const { index, meter, usage } = services;
  installProblemHandling(app);
  app.decorateRequest('apiKey', null);
  const checkApiKey = createApiKeyCheck(services, clock);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.publicRoute) return;
    request.apiKey = await checkApiKey(request);
    // Key checks come first: only a caller with a valid key learns that the index is loading.
    if (!index.ready) {
      throw new DetectionProblem('index_loading', 'The detection index is loading; retry in a few seconds.', {
        'retry-after': '5',
      });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    const version = index.dataVersion;
    if (version) reply.header(DATA_VERSION_HEADER, formatDataVersion(version));
  });

  /** Counts one request of `cost` lookups against the key's burst and quota. */
  const meterRequest = (request: FastifyRequest, reply: FastifyReply, cost: number) =>
    meterOrRefuse(meter, request.apiKey!, cost, reply, quotaRefusals);

  const lookupOne = (ip: string, maxAgeDays: number | undefined): DetectionAnswer | { invalid: string } =>
    index.lookup(ip, maxAgeDays === undefined ? undefined : { maxAgeDays });

  app.get(
    relative(DETECTION_API.check.path),
    {
      schema: { querystring: checkQuerySchema },
      preHandler: async (request, reply) => meterRequest(request, reply, 1),
    },
    async (request) => {
      // No ip: the caller's own address, as the gateway saw it.
      const ip = request.query.ip ?? request.clientIp;
      const answer = lookupOne(ip, request.query.max_age_days);
      if ('invalid' in answer) {
        throw new DetectionProblem(
          'invalid_ip',
          `"${ip.slice(0, 100)}" is not one IP address: ${answer.invalid}`.slice(0, 300),
        );
      }
      return answer;
    },
  );

  app.post(
    relative(DETECTION_API.batch.path),
    {
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      schema: { body: batchRequestSchema, querystring: checkQuerySchema.pick({ max_age_days: true }) },
      preHandler: async (request, reply) => {
        const count = request.body.ips.length;
        if (count > BATCH_MAX_IPS) {
          throw new DetectionProblem(
            'batch_too_large',
            `A batch holds at most ${BATCH_MAX_IPS} addresses; this one has ${count}.`,
          );
        }
        await meterRequest(request, reply, count);
      },
    },
    async (request) => {
      const maxAge = request.query.max_age_days;
      return {
        results: request.body.ips.map((ip) => {
          const answer = lookupOne(ip, maxAge);
          if ('invalid' in answer) {
            return {
              ip,
              error: {
                code: 'invalid_ip' as const,
                detail: `Not one IP address: ${answer.invalid}`.slice(0, 300),
              },
            };
          }
          return answer;
        }),
      };
    },
  );

  app.get(
    relative(DETECTION_API.usage.path),
    { schema: { response: { 200: usageResponseSchema } } },
    async (request, reply) => {
      const key = request.apiKey!;
      const [state, counts] = await Promise.all([meter.peek(key), usage.summary(key.id)]);
      reply.headers(rateLimitHeaders(state));
      const now = clock.now();
      return {
        dataVersion: index.dataVersion!,
        today: {
          used: counts.today,
          limit: key.dailyQuota,
          resetsAt: nextUtcMidnight(now).toISOString(),
        },
        month: { used: counts.month },
        burstPerSecond: key.burstPerSecond,
      };
    },
  );

  let openApi: unknown;
  app.get(relative(DETECTION_API.openapi.path), { config: { publicRoute: true } }, async () => {
    openApi ??= buildDetectionOpenApi();
    return openApi;
  });
};

export default detectionRoutes;
