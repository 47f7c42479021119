/**
 * The Overview's counts follow the push: on `overview.changed` (or `resync`) they are read again
 * as a background call, so a panel left open shows today's numbers without keeping its session
 * alive.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, overviewResponseSchema } from '@tunnelscope/contracts';
import { adminCall } from '../api/client.js';
import { overviewKeys } from '../api/review.js';
import { useLiveEvents } from './useLiveEvents.js';

export function useLiveOverview(): void {
  const queryClient = useQueryClient();
  useLiveEvents(['overview.changed', 'resync'], () => {
    void queryClient
      .fetchQuery({
        queryKey: overviewKeys.all,
        queryFn: async ({ signal }) =>
          (await adminCall(ADMIN_API.overview.path, overviewResponseSchema, { signal, background: true }))
            .data.stats,
        staleTime: 0,
      })
      .catch(() => {
        // The counts on screen stay; the next push or Refresh reads them again.
      });
  });
}
