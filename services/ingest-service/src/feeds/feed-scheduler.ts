/**
 * Runs each configured feed every FEED_REFRESH_MINUTES on the `ingest-feeds` BullMQ queue. Every
 * replica upserts the same job schedulers, BullMQ produces one job per interval and one replica's
 * worker takes it; the feed's advisory lock (apply-feed.ts) keeps a manual run from interleaving.
 * A feed with no source is off and says so at start. A failed run is in its log row; the next
 * interval tries again.
 */
import { FEEDS, type FeedName } from '@tunnelscope/contracts';
import { createRedis, systemClock, type ServiceMetrics } from '@tunnelscope/service-kit';
import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { IngestDb } from '../db/schema.js';
import { countedFeedRun, createFeedRunCounter } from './feed-metrics.js';
import { feedSources, isFeedName, runFeed } from './feed-runner.js';

export const FEED_QUEUE = 'ingest-feeds';

export interface FeedScheduler {
  close(): Promise<void>;
}

export async function startFeedScheduler(deps: {
  config: Config;
  db: IngestDb;
  log: FastifyBaseLogger;
  /** The app's metrics: each run is counted in tunnelscope_feed_runs_total. */
  metrics: ServiceMetrics;
}): Promise<FeedScheduler> {
  const sources = feedSources(deps.config);
  for (const feed of FEEDS) {
    if (sources[feed]) deps.log.info({ feed, sources: sources[feed] }, `feed ${feed} is on`);
    else deps.log.info({ feed }, `feed ${feed} is off: no source URL is configured`);
  }
  const on = FEEDS.filter((feed) => sources[feed]);
  if (on.length === 0) return { close: async () => undefined };

  const queueConnection = createRedis(deps.config.REDIS_URL);
  const workerConnection = createRedis(deps.config.REDIS_URL, { forWorker: true });
  const prefix = deps.config.REDIS_PREFIX;
  const queue = new Queue<{ feed: FeedName }>(FEED_QUEUE, { connection: queueConnection, prefix });
  queue.on('error', (err) => deps.log.warn({ err: err.message }, 'feed queue error'));
  for (const feed of on) {
    await queue.upsertJobScheduler(
      `feed-${feed}`,
      { every: deps.config.FEED_REFRESH_MINUTES * 60_000 },
      { name: feed, data: { feed }, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
  const countRun = createFeedRunCounter(deps.metrics);
  const worker = new Worker<{ feed: FeedName }>(
    FEED_QUEUE,
    async (job) => {
      const feed = job.data.feed;
      if (!isFeedName(feed)) return;
      const run = await countedFeedRun(feed, countRun, () =>
        runFeed({ db: deps.db, config: deps.config, clock: systemClock }, feed),
      );
      deps.log[run.keptPrevious ? 'warn' : 'info']({ run }, `feed ${run.feed} run`);
    },
    { connection: workerConnection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => deps.log.warn({ err: err.message }, 'feed worker error'));
  return {
    async close() {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
