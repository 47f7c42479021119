import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { statsResponseSchema, type StatsResponse } from '@tunnelscope/contracts';
import { withTimeout } from '@tunnelscope/service-kit';
import { FALLBACK_COUNTS, type StatsCounts, type StatsSource } from './stats-source.js';

export interface StatsServiceOptions {
  source: StatsSource;
  redis: Redis;
  /** Full Redis key of the shared answer. */
  cacheKey: string;
  cacheSeconds: number;
  /** Product claims from configuration, added to every answer (never cached, so a restart applies them). */
  claims: { accuracyRate: string; updateRate: string };
  log: FastifyBaseLogger;
  /** Longest wait for the source before answering the fallbacks. */
  sourceTimeoutMs?: number;
  /** Longest wait for Redis: a slow cache must not make the home page slow. */
  cacheTimeoutMs?: number;
}

export interface StatsService {
  get(): Promise<StatsResponse>;
}

const cachedCountsSchema = statsResponseSchema.pick({ ipsTracked: true, vendorsSupported: true });
/** Fallbacks stand in for a failing source for a short while only, so a recovered database shows soon. */
const FALLBACK_CACHE_SECONDS = 10;

/**
 * GET /api/stats: counts from the source, shared through Redis for `cacheSeconds`, with the
 * configured claims. Every failure (source, IP database, Redis) ends in an answer, never a 5xx.
 */
export function createStatsService(opts: StatsServiceOptions): StatsService {
  const sourceTimeoutMs = opts.sourceTimeoutMs ?? 2000;
  const cacheTimeoutMs = opts.cacheTimeoutMs ?? 250;
  // One load at a time per process: a burst of requests shares one cache read, and on an empty
  // cache one count of the database.
  let inflight: Promise<StatsCounts> | null = null;

  async function readCache(): Promise<StatsCounts | null> {
    try {
      const raw = await withTimeout(
        opts.redis.get(opts.cacheKey),
        cacheTimeoutMs,
        `stats cache read timed out after ${cacheTimeoutMs} ms`,
      );
      if (raw === null) return null;
      const parsed = cachedCountsSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, 'stats cache unavailable');
      return null;
    }
  }

  function writeCache(counts: StatsCounts, seconds: number): void {
    opts.redis.set(opts.cacheKey, JSON.stringify(counts), 'EX', seconds).catch((err: Error) => {
      opts.log.warn({ err: err.message }, 'stats cache write failed');
    });
  }

  async function count(): Promise<StatsCounts> {
    try {
      const counts = cachedCountsSchema.parse(
        await withTimeout(
          opts.source.counts(),
          sourceTimeoutMs,
          `stats source timed out after ${sourceTimeoutMs} ms`,
        ),
      );
      writeCache(counts, opts.cacheSeconds);
      return counts;
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, 'stats source failed; answering fallbacks');
      writeCache(FALLBACK_COUNTS, Math.min(FALLBACK_CACHE_SECONDS, opts.cacheSeconds));
      return FALLBACK_COUNTS;
    }
  }

  async function load(): Promise<StatsCounts> {
    return (await readCache()) ?? count();
  }

  return {
    async get() {
      inflight ??= load().finally(() => {
        inflight = null;
      });
      const counts = await inflight;
      return {
        ipsTracked: counts.ipsTracked,
        vendorsSupported: counts.vendorsSupported,
        accuracyRate: opts.claims.accuracyRate,
        updateRate: opts.claims.updateRate,
      };
    },
  };
}
