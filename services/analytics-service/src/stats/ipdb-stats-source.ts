import type { Kysely } from 'kysely';
import type { IpdbDatabase } from '../ipdb/schema.js';
import type { StatsCounts, StatsSource } from './stats-source.js';

/**
 * A count as the home page shows it: a floor with a plus, so it never overstates
 * (2,148,000 → '2.1M+', 10,500 → '10K+', 100 → '100+').
 */
export function formatCount(n: number): string {
  if (n >= 1_000_000) {
    const tenths = Math.floor(n / 100_000) / 10;
    return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)}M+`;
  }
  if (n >= 1_000) return `${Math.floor(n / 1_000)}K+`;
  return `${n}+`;
}

/**
 * Counts from the IP database: the totals view the analytics refresh keeps (one row, so the
 * home page never waits on a count of millions). An empty database is no figure to advertise:
 * it throws, and the stats service answers the fallbacks.
 */
export function createIpdbStatsSource(db: Kysely<IpdbDatabase>): StatsSource {
  return {
    async counts(): Promise<StatsCounts> {
      const row = await db
        .selectFrom('mv_entity_totals')
        .select(['total_ips', 'total_vendors'])
        .executeTakeFirst();
      if (!row || row.total_ips === 0 || row.total_vendors === 0) throw new Error('the IP database is empty');
      return { ipsTracked: formatCount(row.total_ips), vendorsSupported: formatCount(row.total_vendors) };
    },
  };
}
