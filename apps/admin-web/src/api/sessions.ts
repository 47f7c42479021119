/**
 * Active admin sessions: the list, polled every 30 seconds, and disconnect.
 *
 * The poll is a background call: it neither moves the operator's lastActivity nor writes an
 * `active_sessions_view` log row. The first load, the tab's Refresh and the header's
 * Refresh (an invalidation) are views the operator asked for and go out as ordinary calls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  ADMIN_TIMINGS,
  activeSessionsResponseSchema,
  okResponseSchema,
  type ListedSession,
  type OkResponse,
} from '@tunnelscope/contracts';
import { useEffect } from 'react';
import { adminCall } from './client.js';

export const sessionKeys = {
  all: ['sessions'] as const,
  active: () => [...sessionKeys.all, 'active'] as const,
};

export async function fetchActiveSessions(
  options: { background?: boolean; signal?: AbortSignal } = {},
): Promise<ListedSession[]> {
  const answer = await adminCall(ADMIN_API.activeSessions.path, activeSessionsResponseSchema, options);
  return answer.data.sessions;
}

/**
 * The sessions list. Mounting, refetch() and invalidation use the ordinary call; the 30-second
 * poll writes the cache through a background call of its own, and skips hidden browser tabs.
 */
export function useActiveSessions(pollMs: number = ADMIN_TIMINGS.sessionsRefreshMs) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKeys.active(),
    queryFn: ({ signal }) => fetchActiveSessions({ signal }),
  });

  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      void queryClient
        .fetchQuery({
          queryKey: sessionKeys.active(),
          queryFn: ({ signal }) => fetchActiveSessions({ background: true, signal }),
          staleTime: 0,
        })
        .catch(() => {
          // A failed poll keeps the last list on screen; the next poll or Refresh tries again.
        });
    }, pollMs);
    return () => clearInterval(id);
  }, [queryClient, pollMs]);

  return query;
}

export function useDisconnectSession() {
  const queryClient = useQueryClient();
  return useMutation<OkResponse, Error, string>({
    mutationFn: (sessionId) =>
      adminCall(ADMIN_API.disconnectSession.path, okResponseSchema, {
        method: 'POST',
        body: { sessionId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
