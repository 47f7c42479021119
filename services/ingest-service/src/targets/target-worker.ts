/**
 * The ingest side of "from request to coverage" (issue 17): a BullMQ Worker on the
 * `collection-targets` queue, where forms-service puts a job for each VPN request an operator
 * marks Complete (recorded in its outbox first, so it is never lost). Each job puts the VPN on
 * `collection_targets` through `addTarget`, which is idempotent: a job delivered twice (a retry,
 * two sweeps) changes nothing the second time. A job that does not parse is failed, not retried.
 */
import {
  COLLECTION_TARGET_QUEUE_NAME,
  collectionTargetJobSchema,
  type CollectionTargetJob,
} from '@tunnelscope/contracts';
import { createRedis } from '@tunnelscope/service-kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestDb } from '../db/schema.js';
import { addTarget } from './targets.js';

/** Handles one job; answers whether the VPN was new to the list (kept as the job's result). */
export async function processTargetJob(db: IngestDb, data: unknown): Promise<{ added: boolean }> {
  const parsed = collectionTargetJobSchema.safeParse(data);
  if (!parsed.success) throw new UnrecoverableError(`invalid collection-target job: ${parsed.error.message}`);
  const added = await addTarget(db, {
    vpnName: parsed.data.vpnName,
    reason: 'vpn_request',
    requestNumber: parsed.data.requestNumber,
  });
  return { added };
}

export interface TargetWorker {
  close(): Promise<void>;
}

export function startTargetWorker(deps: {
  config: { REDIS_URL: string; REDIS_PREFIX: string };
  db: IngestDb;
  log: FastifyBaseLogger;
}): TargetWorker {
  const connection = createRedis(deps.config.REDIS_URL, { forWorker: true });
  const worker = new Worker<CollectionTargetJob, { added: boolean }>(
    COLLECTION_TARGET_QUEUE_NAME,
    async (job: Job<CollectionTargetJob>) => {
      const result = await processTargetJob(deps.db, job.data);
      deps.log.info(
        { requestId: job.data.requestId, vpn: job.data.vpnName, added: result.added },
        'collection target from a completed VPN request',
      );
      return result;
    },
    { connection, prefix: deps.config.REDIS_PREFIX, concurrency: 4 },
  );
  worker.on('error', (err) => deps.log.warn({ err: err.message }, 'collection-target worker error'));
  worker.on('failed', (job, err) =>
    deps.log.warn({ requestId: job?.data.requestId, err: err.message }, 'collection-target job failed'),
  );
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
