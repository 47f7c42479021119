/**
 * Who is calling: the collector token in `Authorization: Bearer`. A token of the wrong shape or
 * checksum is refused without a look-up; a known token is cached for a few seconds, so a batch
 * stream costs no database round trip per call, and a revocation takes effect within that time.
 */
import type { Clock } from '@tunnelscope/service-kit';
import type { IngestDb } from '../db/schema.js';
import { findCollectorByHash, touchCollector, type CollectorRow } from './collector-repository.js';
import { collectorTokens } from './collector-token.js';
import { IngestProblem } from '../problems.js';

/** How long a looked-up token is trusted without asking again (bounds how late a revocation bites). */
export const COLLECTOR_CACHE_MS = 10_000;
/** `last_used_at` is written at most this often per collector. */
const TOUCH_EVERY_MS = 60_000;
const MAX_CACHED = 10_000;

export interface CollectorAuth {
  /** The calling collector, or an IngestProblem (401). */
  authenticate(authorization: string | undefined): Promise<CollectorRow>;
}

function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  return match ? match[1]! : '';
}

export function createCollectorAuth(deps: { db: IngestDb; clock: Clock }): CollectorAuth {
  const cache = new Map<string, { collector: CollectorRow | null; until: number }>();
  const touched = new Map<string, number>();

  async function lookUp(token: string, now: number): Promise<CollectorRow | null> {
    const cached = cache.get(token);
    if (cached && cached.until > now) return cached.collector;
    const collector = await findCollectorByHash(deps.db, collectorTokens.hash(token));
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(token, { collector, until: now + COLLECTOR_CACHE_MS });
    return collector;
  }

  return {
    async authenticate(authorization) {
      const token = bearerToken(authorization);
      if (token === null)
        throw new IngestProblem(
          'missing_token',
          'Send the collector token in an Authorization: Bearer header.',
        );
      if (!collectorTokens.isWellFormed(token))
        throw new IngestProblem('invalid_token', 'The collector token is not a valid ts_col_ token.');
      const now = deps.clock.now().getTime();
      const collector = await lookUp(token, now);
      if (!collector) throw new IngestProblem('invalid_token', 'The collector token is not known.');
      if (collector.revokedAt)
        throw new IngestProblem('revoked_token', 'The collector token has been revoked.');
      if ((touched.get(collector.id) ?? 0) + TOUCH_EVERY_MS <= now) {
        touched.set(collector.id, now);
        // Bookkeeping only: a failure here must not refuse the call.
        touchCollector(deps.db, collector.id, new Date(now)).catch(() => undefined);
      }
      return collector;
    },
  };
}
