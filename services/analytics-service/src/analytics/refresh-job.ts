import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';

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
}

export interface RefreshJob {
  /** One attempt now (the scheduled tick; tests call it directly). */
  runOnce(opts?: { force?: boolean }): Promise<RefreshOutcome>;
  start(): void;
  stop(): Promise<void>;
}

// Deletes the lock only if this replica still holds it.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * The scheduled refresh of the analytics views (ipdb_refresh_analytics, concurrently, so readers
 * are never blocked). Replicas are stateless, so each one ticks, and a Redis lock (SET NX PX with
 * a token) lets one of them run it; a run younger than the interval (analytics_refresh_runs, in
 * the database itself) makes the others skip. Failures are logged and retried at the next tick.
 */
export function createRefreshJob(opts: {
  url: string;
  redis: Redis;
  lockKey: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  log: FastifyBaseLogger;
  onRefreshed?: () => Promise<void>;
  /** Delay of the first tick after start (a fresh replica refreshes soon if the views are stale). */
  firstTickMs?: number;
}): RefreshJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

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

  async function runOnce({ force = false } = {}): Promise<RefreshOutcome> {
    const token = randomBytes(12).toString('hex');
    const acquired = await opts.redis.set(opts.lockKey, token, 'PX', opts.timeoutSeconds * 1000, 'NX');
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
          `select step, ms from ipdb_refresh_analytics(true, 'scheduled')`,
        );
        const durationMs = Math.round(performance.now() - started);
        opts.log.info({ durationMs, steps: rows }, 'analytics views refreshed');
        await opts.onRefreshed?.();
        return { ran: true, durationMs, steps: rows };
      });
    } finally {
      await opts.redis.eval(RELEASE, 1, opts.lockKey, token).catch(() => undefined);
    }
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: Error) =>
          opts.log.warn({ err: err.message }, 'analytics refresh failed; retrying at the next tick'),
        )
        .finally(() => {
          running = null;
          schedule(opts.intervalSeconds * 1000);
        });
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      // Spread the replicas' ticks a little so they rarely race for the lock.
      schedule((opts.firstTickMs ?? 5000) + Math.floor(Math.random() * 1000));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A refresh can take minutes on a large database: shutdown does not wait for it. It runs
      // in its own transaction, so it either commits whole or not at all.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((r) => (wait = setTimeout(r, 2000)))]);
      clearTimeout(wait);
    },
  };
}
