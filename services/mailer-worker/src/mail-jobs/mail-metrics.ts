/**
 * The mail queue and the mails as Prometheus metrics: the queue's job counts sampled from Redis
 * at each scrape (every replica reports the same shared queue; dashboards take max, not sum),
 * and the mails this worker sent or gave up on.
 */
import { MAIL_QUEUE_NAME } from '@tunnelscope/contracts';
import { withTimeout, type ServiceMetrics } from '@tunnelscope/service-kit';
import type { Queue } from 'bullmq';

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A Redis that does not answer within this leaves the gauge empty rather than hold the scrape. */
const COUNT_TIMEOUT_MS = 2000;

export type JobCounter = Pick<Queue, 'getJobCounts'>;

/**
 * `tunnelscope_queue_jobs{queue, state}`. When Redis does not answer, the series are dropped for
 * that scrape (absent, not a stale number) and the scrape itself still succeeds, so the
 * service's other metrics and its `up` stay true.
 */
export function registerQueueGauge(
  metrics: ServiceMetrics,
  queue: JobCounter,
  log: { warn(obj: object, msg?: string): void },
): void {
  metrics.gauge({
    name: 'tunnelscope_queue_jobs',
    help: 'Jobs in the queue by state (waiting, active, delayed, failed), read from Redis at scrape time',
    labelNames: ['queue', 'state'],
    async collect() {
      try {
        const c = await withTimeout(
          queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'),
          COUNT_TIMEOUT_MS,
        );
        const counts = {
          waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        };
        for (const state of QUEUE_STATES) this.set({ queue: MAIL_QUEUE_NAME, state }, counts[state]);
      } catch (err) {
        this.reset();
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'queue counts unavailable');
      }
    },
  });
}

export interface MailResults {
  sent(): void;
  /** A mail given up on: its last attempt failed, or the job could never be sent. */
  failed(): void;
}

export const NO_MAIL_RESULTS: MailResults = { sent: () => undefined, failed: () => undefined };

/** `tunnelscope_mails_total{result}`. */
export function createMailResults(metrics: ServiceMetrics): MailResults {
  const mails = metrics.counter({
    name: 'tunnelscope_mails_total',
    help: 'Mails sent, and mails given up on after their last attempt (failed)',
    labelNames: ['result'],
  });
  // Both series exist from the start, so a rate over them is defined before the first failure.
  mails.inc({ result: 'sent' }, 0);
  mails.inc({ result: 'failed' }, 0);
  return { sent: () => mails.inc({ result: 'sent' }), failed: () => mails.inc({ result: 'failed' }) };
}
