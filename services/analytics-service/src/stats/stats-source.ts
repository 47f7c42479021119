import { STATS_FALLBACK } from '@tunnelscope/contracts';

/** The two counted figures of the home page's stats row, formatted for display ("200K+"). */
export interface StatsCounts {
  ipsTracked: string;
  vendorsSupported: string;
}

/**
 * Where the counted figures come from: the IP database (`ipdb-stats-source.ts`) by default.
 * Implementations may throw or hang: the stats service bounds them and falls back, so /api/stats
 * never fails.
 */
export interface StatsSource {
  counts(): Promise<StatsCounts>;
}

export const FALLBACK_COUNTS: StatsCounts = Object.freeze({
  ipsTracked: STATS_FALLBACK.ipsTracked,
  vendorsSupported: STATS_FALLBACK.vendorsSupported,
});
