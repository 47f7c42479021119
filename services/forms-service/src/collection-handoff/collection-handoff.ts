/**
 * From request to coverage (issue 17): a VPN request an operator marks Complete puts its VPN on
 * the collection list collectors read. forms-service owns the application database and
 * ingest-service the IP database, so neither writes the other's: the status change records the
 * hand-off in `collection_target_handoffs` (an outbox) in its own transaction, and after commit
 * the job goes on the `collection-targets` BullMQ queue, where ingest-service's worker adds the
 * target. An enqueue that fails (Redis down, or slower than the timeout) leaves the row pending;
 * the sweep, every COLLECTION_HANDOFF_SWEEP_MS on every replica, enqueues pending rows until one
 * sticks. The job id is the request's, and the ingest side is idempotent, so a row enqueued
 * twice (two replicas' sweeps, or a crash between enqueue and the mark) changes nothing.
 */
import {
  COLLECTION_TARGET_JOB_ATTEMPTS,
  COLLECTION_TARGET_JOB_BACKOFF_MS,
  COLLECTION_TARGET_JOB_NAME,
  COLLECTION_TARGET_QUEUE_NAME,
  collectionTargetJobId,
  collectionTargetJobSchema,
  type CollectionTargetJob,
} from '@tunnelscope/contracts';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Executor, FormsDb } from '../db/schema.js';

/** How often the sweep looks for hand-offs whose enqueue failed. */
export const COLLECTION_HANDOFF_SWEEP_MS = 60_000;
/** An enqueue slower than this counts as failed (the sweep retries); the PATCH answers anyway. */
export const COLLECTION_HANDOFF_ENQUEUE_TIMEOUT_MS = 2000;
/** Pending rows one sweep takes, oldest first. */
const SWEEP_BATCH = 100;
/** Jobs stay this long after completing, so the job id keeps refusing a duplicate. */
const COMPLETED_JOB_RETENTION_SECONDS = 7 * 24 * 3600;

/** What the hand-off needs of a queue (a test passes one that fails like Redis down). */
export type CollectionTargetQueue = Pick<Queue<CollectionTargetJob>, 'add'>;

export function createCollectionTargetQueue(
  connection: ConnectionOptions,
  prefix: string,
): Queue<CollectionTargetJob> {
  return new Queue<CollectionTargetJob>(COLLECTION_TARGET_QUEUE_NAME, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: COLLECTION_TARGET_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: COLLECTION_TARGET_JOB_BACKOFF_MS },
      removeOnComplete: { age: COMPLETED_JOB_RETENTION_SECONDS },
      removeOnFail: { age: COMPLETED_JOB_RETENTION_SECONDS },
    },
  });
}

/**
 * Records the hand-off of a completed request, in the caller's transaction. Answers the job to
 * enqueue after commit, or undefined when the request was handed off before (a second Complete,
 * or Complete → Pending → Complete, does not hand it off again).
 */
export async function recordHandoff(
  trx: Executor,
  requestId: string,
  now: Date,
): Promise<CollectionTargetJob | undefined> {
  const result = await sql<{ request_id: string; vpn_name: string; request_number: string | null }>`
    insert into collection_target_handoffs (request_id, vpn_name, request_number, queued_at)
    select id, vpn_name, request_number, ${now} from vpn_requests where id = ${requestId}
    on conflict (request_id) do nothing
    returning request_id, vpn_name, request_number`.execute(trx);
  const row = result.rows[0];
  return row
    ? { requestId: row.request_id, vpnName: row.vpn_name, requestNumber: row.request_number }
    : undefined;
}

export interface SweepResult {
  pending: number;
  enqueued: number;
  failed: number;
}

export interface CollectionHandoff {
  /** Enqueues a recorded hand-off (after its transaction committed); never throws. */
  deliver(job: CollectionTargetJob): Promise<boolean>;
  /** Enqueues every pending hand-off, oldest first. */
  sweep(): Promise<SweepResult>;
  /** Runs the sweep every COLLECTION_HANDOFF_SWEEP_MS (once at start too). */
  startSweeping(): void;
  stop(): void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`enqueue took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function createCollectionHandoff(deps: {
  db: FormsDb;
  queue: CollectionTargetQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  timeoutMs?: number;
  sweepEveryMs?: number;
}): CollectionHandoff {
  const timeoutMs = deps.timeoutMs ?? COLLECTION_HANDOFF_ENQUEUE_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<SweepResult> | undefined;

  const deliver = async (raw: CollectionTargetJob): Promise<boolean> => {
    try {
      const job = collectionTargetJobSchema.parse(raw);
      await withTimeout(
        deps.queue.add(COLLECTION_TARGET_JOB_NAME, job, { jobId: collectionTargetJobId(job.requestId) }),
        timeoutMs,
      );
      await sql`
        update collection_target_handoffs
        set enqueued_at = ${deps.now()}, attempts = attempts + 1, last_error = null
        where request_id = ${job.requestId}`.execute(deps.db);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.warn(
        { err: message, requestId: raw.requestId },
        'collection hand-off not enqueued; the sweep retries',
      );
      await sql`
        update collection_target_handoffs
        set attempts = attempts + 1, last_error = ${message.slice(0, 500)}
        where request_id = ${raw.requestId}`
        .execute(deps.db)
        .catch(() => undefined);
      return false;
    }
  };

  const sweepOnce = async (): Promise<SweepResult> => {
    const pending = await sql<{ request_id: string; vpn_name: string; request_number: string | null }>`
      select request_id, vpn_name, request_number from collection_target_handoffs
      where enqueued_at is null order by queued_at, request_id limit ${SWEEP_BATCH}`.execute(deps.db);
    let enqueued = 0;
    let failed = 0;
    for (const row of pending.rows) {
      const ok = await deliver({
        requestId: row.request_id,
        vpnName: row.vpn_name,
        requestNumber: row.request_number,
      });
      if (ok) enqueued++;
      else {
        // Redis is most likely down: the rest would fail the same way; the next sweep tries again.
        failed++;
        break;
      }
    }
    return { pending: pending.rows.length, enqueued, failed };
  };

  const handoff: CollectionHandoff = {
    deliver,
    sweep() {
      // One sweep at a time per replica: a slow one is not overtaken by the next tick.
      sweeping ??= sweepOnce().finally(() => {
        sweeping = undefined;
      });
      return sweeping;
    },
    startSweeping() {
      if (timer) return;
      const tick = () => {
        handoff
          .sweep()
          .then((r) => {
            if (r.enqueued > 0 || r.failed > 0) deps.log.info({ sweep: r }, 'collection hand-off sweep');
          })
          .catch((err: unknown) => deps.log.warn({ err }, 'collection hand-off sweep failed'));
      };
      timer = setInterval(tick, deps.sweepEveryMs ?? COLLECTION_HANDOFF_SWEEP_MS);
      timer.unref();
      tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return handoff;
}
