/**
 * The collector API, under `/ingest/v1`: every call needs a collector token (checked in
 * `onRequest`, before the body is read or validated), is rate-limited per token, and answers
 * errors as RFC 9457 problems (problems.ts), Fastify's own included.
 */
import {
  INGEST_API,
  INGEST_API_PREFIX,
  INGEST_BATCH_MAX_ITEMS,
  ingestBatchResponseSchema,
  ingestBatchSchema,
  runReportResponseSchema,
  runReportSchema,
  targetsResponseSchema,
} from '@tunnelscope/contracts';
import { RATE_LIMIT_WINDOW_MS, type FastifyPluginAsyncZod } from '@tunnelscope/service-kit';
import type { FastifyRequest } from 'fastify';
import type { CollectorRow } from '../../collectors/collector-repository.js';
import { applyBatch } from '../../observations/apply-batch.js';
import { validateObservations, validateResolutions } from '../../observations/validate-items.js';
import { IngestProblem, installProblemHandling } from '../../problems.js';
import { recordRun } from '../../runs/run-reports.js';
import { listTargets } from '../../targets/targets.js';
import type { RouteDeps } from '../route-deps.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling collector (set by the token check of the collector API). */
    collector: CollectorRow | null;
  }
}

/**
 * 5,000 items of a few hundred bytes each (measured 0.96–1.1 MB, 1.44 MB pretty-printed), with room
 * to spare; the gateway's row for the route is the same 2 MiB. More is a batch too large.
 */
export const BATCH_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const relative = (path: string) => path.slice(INGEST_API_PREFIX.length);

const collectorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, config, clock }) => {
  installProblemHandling(app);
  // Items of the collectors' batches: applied (valid, whether or not they changed a row) or refused.
  const ingestItems = app.metrics.counter({
    name: 'tunnelscope_ingest_items_total',
    help: 'Observations and resolutions of collector batches, applied or refused',
    labelNames: ['result'],
  });
  app.decorateRequest('collector', null);
  app.addHook('onRequest', async (request) => {
    request.collector = await services.collectorAuth.authenticate(request.headers.authorization);
  });

  // Per token, not per address: collectors share egress addresses (they sit behind VPNs).
  const perToken = {
    rateLimit: {
      max: config.INGEST_RATE_LIMIT_PER_MIN,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request: FastifyRequest) => `collector:${request.collector?.id ?? request.clientIp}`,
    },
  };

  app.post(
    relative(INGEST_API.observations.path),
    {
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      // Both lists are optional: a body that is not an object must not pass as an empty batch.
      config: { ...perToken, refuseNonObjectBody: true },
      schema: { body: ingestBatchSchema, response: { 200: ingestBatchResponseSchema } },
    },
    async (request) => {
      const observations = request.body.observations ?? [];
      const resolutions = request.body.resolutions ?? [];
      const items = observations.length + resolutions.length;
      if (items > INGEST_BATCH_MAX_ITEMS) {
        throw new IngestProblem(
          'batch_too_large',
          `The batch holds ${items} items; send at most ${INGEST_BATCH_MAX_ITEMS} observations and resolutions per request.`,
        );
      }
      const now = clock.now();
      const obs = validateObservations(observations, now);
      const res = validateResolutions(resolutions, now);
      const outcome = await applyBatch(services.db, obs.valid, res.valid);
      const refused = [...obs.refused, ...res.refused, ...outcome.refused].sort((a, b) =>
        a.list === b.list ? a.index - b.index : a.list === 'observations' ? -1 : 1,
      );
      ingestItems.inc({ result: 'applied' }, outcome.accepted.observations + outcome.accepted.resolutions);
      ingestItems.inc({ result: 'refused' }, refused.length);
      request.log.info(
        {
          collector: request.collector?.id,
          accepted: outcome.accepted,
          changed: outcome.changed,
          refused: refused.length,
          dataVersion: outcome.dataVersion,
        },
        'collector batch applied',
      );
      return { ...outcome, refused };
    },
  );

  app.post(
    relative(INGEST_API.runs.path),
    { config: perToken, schema: { body: runReportSchema, response: { 200: runReportResponseSchema } } },
    async (request) => recordRun(services.db, request.collector!.id, request.body),
  );

  app.get(
    relative(INGEST_API.targets.path),
    { config: perToken, schema: { response: { 200: targetsResponseSchema } } },
    async () => ({ targets: await listTargets(services.db) }),
  );
};

export default collectorRoutes;
