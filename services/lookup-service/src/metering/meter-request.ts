/**
 * Counts one request of `cost` lookups against its key (every metered route: checks, batches,
 * exports), puts the rate-limit headers on the answer, and refuses with the 429 problem when the
 * key is over its burst or its daily quota (counted by `refused`, for the quota metrics).
 */
import type { FastifyReply } from 'fastify';
import { DetectionProblem } from '../problems/problem.js';
import type { Meter, MeteredKey } from './meter.js';
import { NO_QUOTA_REFUSALS, type QuotaRefusals } from './quota-refusals.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

export async function meterOrRefuse(
  meter: Meter,
  key: MeteredKey,
  cost: number,
  reply: FastifyReply,
  refused: QuotaRefusals = NO_QUOTA_REFUSALS,
): Promise<void> {
  const decision = await meter.consume(key, cost);
  reply.headers(rateLimitHeaders(decision));
  if (decision.allowed) return;
  const retry = { 'retry-after': String(decision.retryAfterSeconds) };
  refused(decision.reason === 'rate_limited' ? 'burst' : 'quota', key);
  if (decision.reason === 'rate_limited') {
    throw new DetectionProblem(
      'rate_limited',
      `More than ${decision.burst.limit} requests in one second for this key; slow down.`,
      retry,
    );
  }
  throw new DetectionProblem(
    'quota_exceeded',
    cost > 1
      ? `This batch needs ${cost} lookups but ${decision.daily.remaining} of today's ${decision.daily.limit} remain; the quota resets at 00:00 UTC.`
      : `The daily quota of ${decision.daily.limit} lookups is used up; it resets at 00:00 UTC.`,
    retry,
  );
}
