import { STATS_FALLBACK } from '@tunnelscope/contracts';

/** The two counted figures of the home page's stats row, formatted for display ("200K+"). */
export interface StatsCounts {
  ipsTracked: string;
  vendorsSupported: string;
}

/**
 * Where the counted figures come from. The IP database (a later issue) brings an implementation
 * that counts its rows; until then the service answers the spec's fallbacks. Implementations may
 * throw or hang: the stats service bounds them and falls back, so /api/stats never fails.
 */
export interface StatsSource {
  counts(): Promise<StatsCounts>;
}

export const FALLBACK_COUNTS: StatsCounts = Object.freeze({
  ipsTracked: STATS_FALLBACK.ipsTracked,
  vendorsSupported: STATS_FALLBACK.vendorsSupported,
});

/** No IP database yet: the public §2 fallbacks. */
export const fallbackStatsSource: StatsSource = {
  counts: async () => FALLBACK_COUNTS,
};
