import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsResponse } from '@tunnelscope/contracts';
import type { Clock } from '@tunnelscope/service-kit';
import type { AnswerCache } from '../ipdb/answer-cache.js';
import { ipdbUnavailableReason, unavailableMessage } from '../ipdb/ipdb.js';
import type { IpdbDatabase } from '../ipdb/schema.js';
import { lastRefreshedAt, readAnalytics } from './analytics-repository.js';

export const ANALYTICS_CACHE_KEY = 'advanced-analytics';

export interface AnalyticsService {
  /**
   * The answer as JSON text (`analyticsResponseSchema`). A cached answer is kept serialized, so
   * serving it (a few hundred KB at the large scale) parses and builds nothing.
   */
  get(): Promise<string>;
  /** Forgets the shared answer (after a refresh of the views). */
  invalidate(): Promise<void>;
}

/**
 * GET /vpn-db/advanced-analytics: the payload shared by every replica through Redis for
 * `cacheSeconds`. A cached answer is served even while the IP database is down (slightly old
 * figures are more useful to an operator than an offline panel);
 * without one, an unreachable database gives `networkError: true`, anything else is thrown.
 */
export function createAnalyticsService(opts: {
  db: Kysely<IpdbDatabase>;
  cache: AnswerCache;
  cacheSeconds: number;
  /** Stamps `generatedAt`. */
  clock: Clock;
  log: FastifyBaseLogger;
}): AnalyticsService {
  // One computation at a time per process: a burst on an empty cache reads the database once.
  let inflight: Promise<string> | null = null;

  async function load(): Promise<string> {
    const cached = await opts.cache.getText(ANALYTICS_CACHE_KEY);
    if (cached) return cached;
    let answer: AnalyticsResponse;
    try {
      // The age is cached with the figures: a refresh drops both together (onRefreshed).
      const [data, refreshedAt] = await Promise.all([readAnalytics(opts.db), lastRefreshedAt(opts.db)]);
      answer = { success: true, data, generatedAt: opts.clock.now().toISOString(), refreshedAt };
    } catch (err) {
      const reason = ipdbUnavailableReason(err);
      if (!reason) throw err;
      opts.log.warn({ err: (err as Error).message }, 'IP database unavailable for analytics');
      answer = {
        success: false,
        networkError: true,
        error: 'SERVICE_UNAVAILABLE',
        message: unavailableMessage(reason),
      };
      return JSON.stringify(answer);
    }
    const text = JSON.stringify(answer);
    opts.cache.setText(ANALYTICS_CACHE_KEY, text, opts.cacheSeconds);
    return text;
  }

  return {
    get() {
      inflight ??= load().finally(() => {
        inflight = null;
      });
      return inflight;
    },
    invalidate: () => opts.cache.delete(ANALYTICS_CACHE_KEY),
  };
}
