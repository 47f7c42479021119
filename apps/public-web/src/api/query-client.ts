import { QueryClient } from '@tanstack/react-query';

/**
 * Every call is made once: no retries, data never goes stale, and nothing refetches on an interval,
 * on focus or on reconnect. A failed read shows its fallback; a failed form call shows its toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
