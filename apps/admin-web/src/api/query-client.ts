import { QueryClient } from '@tanstack/react-query';

/**
 * The panel's react-query client. It never retries on its own: the API client already retries
 * network failures and 5xx answers (api/client.ts), and a second layer would multiply attempts.
 * Nothing refetches on focus or reconnect; the sessions tab polls on its own schedule.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
