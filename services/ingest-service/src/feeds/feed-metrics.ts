/**
 * `tunnelscope_feed_runs_total{feed, result}`: each scheduled feed run, applied, kept the previous
 * data (a download or parse that failed, a list that shrank by half), or failed outright (the run
 * could not even be logged: the IP database down).
 */
import type { FeedName, FeedRun } from '@tunnelscope/contracts';
import type { ServiceMetrics } from '@tunnelscope/service-kit';

export type FeedRunResult = 'applied' | 'kept_previous' | 'failed';
export type FeedRunCounter = (feed: FeedName, result: FeedRunResult) => void;

export function feedRunResult(run: Pick<FeedRun, 'keptPrevious'>): FeedRunResult {
  return run.keptPrevious ? 'kept_previous' : 'applied';
}

export function createFeedRunCounter(metrics: ServiceMetrics): FeedRunCounter {
  const runs = metrics.counter({
    name: 'tunnelscope_feed_runs_total',
    help: 'Scheduled feed runs by feed and result (applied, kept_previous, failed)',
    labelNames: ['feed', 'result'],
  });
  return (feed, result) => runs.inc({ feed, result });
}

/** Runs `run` and counts its result; a run that throws is counted as failed and thrown on. */
export async function countedFeedRun<R extends Pick<FeedRun, 'keptPrevious'>>(
  feed: FeedName,
  count: FeedRunCounter,
  run: () => Promise<R>,
): Promise<R> {
  let result: R;
  try {
    result = await run();
  } catch (err) {
    count(feed, 'failed');
    throw err;
  }
  count(feed, feedRunResult(result));
  return result;
}
