/**
 * The scheduled refresh of the analytics views (ipdb_refresh_analytics, concurrently, so readers
 * are never blocked), on the `analytics-refresh` BullMQ queue. Every replica upserts the same job
 * scheduler, but BullMQ produces one job per interval and one replica's worker takes it. A run
 * younger than 90 % of the interval (analytics_refresh_runs, in the database itself) makes a job
 * skip, and a Redis lock keeps two refreshes from overlapping across replicas (an operator's
 * request, POST /vpn-db/refresh, or a job handed to another worker after a stall). A failure is
 * logged and the next interval tries again.
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';

export const REFRESH_QUEUE = 'analytics-refresh';
export const REFRESH_JOB = 'analytics-views-refresh';

export interface RefreshStep {
  step: string;
  ms: number;
}

export interface RefreshOutcome {
  ran: boolean;
  /** Why it did not run: another replica holds the lock, or a recent run makes it unnecessary. */
  skipped?: 'locked' | 'fresh';
  durationMs?: number;
  steps?: RefreshStep[];
  /** When the run finished, as recorded in analytics_refresh_runs (ISO): the data's new age. */
  refreshedAt?: string;
}

/** Who asked: the schedule, or an operator (POST /vpn-db/refresh); recorded with the run. */
export type RefreshTrigger = 'scheduled' | 'manual';

/** The lock could not be taken because Redis did not answer: nothing ran. */
export class RefreshLockUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the refresh lock cannot be taken: Redis is unavailable', { cause });
    this.name = 'RefreshLockUnavailableError';
  }
}

export interface RefreshJob {
  /**
   * One attempt now (what each scheduled job runs; an operator's request runs it forced, with the
   * trigger 'manual'). Answers `skipped: 'locked'` at once while any replica is refreshing.
   */
  runOnce(opts?: { force?: boolean; trigger?: RefreshTrigger }): Promise<RefreshOutcome>;
  /** Upserts the job scheduler and starts this replica's worker. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RefreshJobOptions {
  url: string;
  /** Lock and queue commands. */
  redis: Redis;
  /** The worker's blocking connection (maxRetriesPerRequest null, as BullMQ requires). */
  workerRedis: Redis;
  /** BullMQ key prefix of the queue (the service's Redis prefix). */
  queuePrefix: string;
  lockKey: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  log: FastifyBaseLogger;
  onRefreshed?: () => Promise<void>;
}

// Deletes the lock only if this replica still holds it.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** How long shutdown waits for a refresh in progress before leaving it to its transaction. */
const STOP_WAIT_MS = 2000;

/** While Redis is down BullMQ reports every reconnection attempt: one warning a minute is enough. */
const CONNECTION_WARNING_EVERY_MS = 60_000;

export function createRefreshJob(opts: RefreshJobOptions): RefreshJob {
  let queue: Queue | undefined;
  let worker: Worker | undefined;
  let running: Promise<unknown> | null = null;
  let lastConnectionWarning = 0;

  function warnConnection(err: Error, source: string): void {
    const now = Date.now();
    if (now - lastConnectionWarning < CONNECTION_WARNING_EVERY_MS) return;
    lastConnectionWarning = now;
    opts.log.warn({ err: err.message }, `analytics refresh ${source} error`);
  }

  async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({
      connectionString: opts.url,
      connectionTimeoutMillis: 5000,
      statement_timeout: opts.timeoutSeconds * 1000,
      application_name: 'analytics-service-refresh',
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async function runOnce({
    force = false,
    trigger = 'scheduled',
  }: { force?: boolean; trigger?: RefreshTrigger } = {}): Promise<RefreshOutcome> {
    const token = randomBytes(12).toString('hex');
    let acquired: string | null;
    try {
      acquired = await opts.redis.set(opts.lockKey, token, 'PX', opts.timeoutSeconds * 1000, 'NX');
    } catch (err) {
      throw new RefreshLockUnavailableError(err);
    }
    if (acquired !== 'OK') return { ran: false, skipped: 'locked' };
    try {
      return await withClient(async (client) => {
        if (!force) {
          const { rows } = await client.query<{ age: number | null }>(
            `select extract(epoch from now() - max(finished_at))::float8 as age from analytics_refresh_runs`,
          );
          const age = rows[0]?.age;
          if (age !== null && age !== undefined && age < opts.intervalSeconds * 0.9)
            return { ran: false, skipped: 'fresh' };
        }
        const started = performance.now();
        const { rows } = await client.query<RefreshStep>(
          `select step, ms from ipdb_refresh_analytics(true, $1)`,
          [trigger],
        );
        const durationMs = Math.round(performance.now() - started);
        // The function recorded the run as it committed; its end is the data's age.
        const { rows: last } = await client.query<{ at: Date }>(
          `select max(finished_at) as at from analytics_refresh_runs`,
        );
        opts.log.info({ durationMs, trigger, steps: rows }, 'analytics views refreshed');
        await opts.onRefreshed?.();
        return { ran: true, durationMs, steps: rows, refreshedAt: last[0]!.at.toISOString() };
      });
    } finally {
      await opts.redis.eval(RELEASE, 1, opts.lockKey, token).catch(() => undefined);
    }
  }

  return {
    runOnce,
    async start() {
      if (worker) return;
      queue = new Queue(REFRESH_QUEUE, {
        connection: opts.redis,
        prefix: opts.queuePrefix,
        defaultJobOptions: { removeOnComplete: 20, removeOnFail: 50 },
      });
      queue.on('error', (err) => warnConnection(err, 'queue'));
      // A new scheduler produces its first job at once (a fresh deployment refreshes stale views
      // soon); the "fresh" check makes that job skip when the views are recent.
      try {
        await queue.upsertJobScheduler(
          REFRESH_JOB,
          { every: opts.intervalSeconds * 1000 },
          { name: REFRESH_JOB },
        );
      } catch (err) {
        // Redis is down: nothing was scheduled; the caller may try again later.
        await queue.close().catch(() => undefined);
        queue = undefined;
        throw err;
      }
      worker = new Worker(
        REFRESH_QUEUE,
        async () => {
          const run = runOnce();
          running = run;
          try {
            return await run;
          } finally {
            running = null;
          }
        },
        {
          connection: opts.workerRedis,
          prefix: opts.queuePrefix,
          concurrency: 1,
          // A refresh holds the job for minutes on a large database; the worker renews its lock.
          lockDuration: 60_000,
        },
      );
      worker.on('error', (err) => warnConnection(err, 'worker'));
      worker.on('failed', (_job, err) =>
        opts.log.warn({ err: err.message }, 'analytics refresh failed; retrying at the next interval'),
      );
    },
    async stop() {
      // A refresh can take minutes on a large database: shutdown does not wait for it. It runs in
      // its own transaction, so it either commits whole or not at all.
      const inProgress = running;
      await worker?.close(true);
      worker = undefined;
      if (inProgress) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([
          inProgress.catch(() => undefined),
          new Promise((r) => (wait = setTimeout(r, STOP_WAIT_MS))),
        ]);
        clearTimeout(wait);
      }
      await queue?.close();
      queue = undefined;
    },
  };
}
