import { useQuery } from '@tanstack/react-query';
import { STATS_FALLBACK } from '@tunnelscope/contracts';
import { getJson } from './http.js';

export const queryKeys = {
  stats: ['/api', 'stats'] as const,
};

/**
 * The home page's figures. Until they arrive, and whenever the call fails or answers something else,
 * the spec's fallbacks show. The answer's schema comes in a chunk of its own, fetched beside the
 * call: with zod it would not fit the home route's budget for its initial JavaScript.
 */
export function useStats() {
  const query = useQuery({
    queryKey: queryKeys.stats,
    queryFn: () =>
      getJson(
        queryKeys.stats,
        import('./stats-schema.js').then((module) => module.statsResponseSchema),
      ),
  });
  return { ...query, stats: query.data ?? STATS_FALLBACK };
}
