/**
 * Scheduled work of forms-service on the `forms-maintenance` BullMQ queue: refreshing the
 * disposable-domain blocklist every BLOCKLIST_REFRESH_MINUTES and sweeping deferred follow-up
 * mails every minute, and the retention purge every RETENTION_EVERY_MINUTES (retention/). Job schedulers are upserted by every replica but BullMQ produces one job
 * per tick, and whichever replica's worker takes it runs it.
 */
import type { Clock, MailEnqueuer } from '@tunnelscope/service-kit';
import { Queue, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { isBlocklistEmpty, refreshBlocklist, type BlocklistFetcher } from '../blocklist/blocklist-service.js';
import type { Config } from '../config.js';
import type { FormsDb } from '../db/schema.js';
import { runFormsRetention } from '../retention/retention-purge.js';
import { sweepPendingFollowups } from './followup-sweep.js';

export const MAINTENANCE_QUEUE = 'forms-maintenance';
export const BLOCKLIST_REFRESH_JOB = 'blocklist-refresh';
export const FOLLOWUP_SWEEP_JOB = 'followup-mail-sweep';
const FOLLOWUP_SWEEP_EVERY_MS = 60_000;
export const RETENTION_JOB = 'retention-purge';

export interface MaintenanceDeps {
  config: Config;
  db: FormsDb;
  mail: MailEnqueuer;
  clock: Clock;
  log: FastifyBaseLogger;
  fetcher?: BlocklistFetcher;
}

/** Runs one maintenance job by name; returns what it did (kept as the job's result). */
export function createMaintenanceProcessor(deps: MaintenanceDeps) {
  return async (job: Pick<Job, 'name'>): Promise<unknown> => {
    switch (job.name) {
      case BLOCKLIST_REFRESH_JOB: {
        const runs = await refreshBlocklist(deps.db, deps.config.BLOCKLIST_SOURCES, deps.fetcher);
        for (const run of runs) {
          if (run.success) deps.log.info({ run }, 'blocklist refreshed');
          else deps.log.warn({ run }, 'blocklist refresh failed');
        }
        return runs;
      }
      case FOLLOWUP_SWEEP_JOB:
        return sweepPendingFollowups({
          db: deps.db,
          mail: deps.mail,
          config: deps.config,
          now: deps.clock.now(),
        });
      case RETENTION_JOB:
        return runFormsRetention({
          db: deps.db,
          clock: deps.clock,
          log: deps.log,
          policy: {
            logRetentionDays: deps.config.LOG_RETENTION_DAYS,
            codeRetentionDays: deps.config.CODE_RETENTION_DAYS,
            batchSize: deps.config.RETENTION_BATCH_SIZE,
          },
        });
      default:
        throw new Error(`unknown maintenance job "${job.name}"`);
    }
  };
}

export interface Maintenance {
  /** Schedules the jobs, starts the worker, and fills an empty blocklist at once. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createMaintenance(
  deps: MaintenanceDeps & { queueConnection: Redis; workerConnection: Redis },
): Maintenance {
  const prefix = deps.config.REDIS_PREFIX;
  const queue = new Queue(MAINTENANCE_QUEUE, {
    connection: deps.queueConnection,
    prefix,
    defaultJobOptions: { removeOnComplete: 50, removeOnFail: 200 },
  });
  queue.on('error', (err) => deps.log.warn({ err }, 'maintenance queue error'));
  let worker: Worker | undefined;
  let initialRefresh: Promise<unknown> | undefined;
  const process = createMaintenanceProcessor(deps);

  return {
    async start() {
      initialRefresh = isBlocklistEmpty(deps.db)
        .then((empty) => (empty ? process({ name: BLOCKLIST_REFRESH_JOB }) : undefined))
        .catch((err) => deps.log.error({ err }, 'initial blocklist refresh failed'));
      await queue.upsertJobScheduler(
        BLOCKLIST_REFRESH_JOB,
        { every: deps.config.BLOCKLIST_REFRESH_MINUTES * 60_000 },
        { name: BLOCKLIST_REFRESH_JOB },
      );
      await queue.upsertJobScheduler(
        FOLLOWUP_SWEEP_JOB,
        { every: FOLLOWUP_SWEEP_EVERY_MS },
        { name: FOLLOWUP_SWEEP_JOB },
      );
      await queue.upsertJobScheduler(
        RETENTION_JOB,
        { every: deps.config.RETENTION_EVERY_MINUTES * 60_000 },
        { name: RETENTION_JOB },
      );
      worker = new Worker(MAINTENANCE_QUEUE, process, {
        connection: deps.workerConnection,
        prefix,
        concurrency: 1,
      });
      worker.on('error', (err) => deps.log.warn({ err }, 'maintenance worker error'));
      worker.on('failed', (job, err) => deps.log.warn({ err, job: job?.name }, 'maintenance job failed'));
    },
    async close() {
      await worker?.close();
      await queue.close();
      await initialRefresh;
    },
  };
}
