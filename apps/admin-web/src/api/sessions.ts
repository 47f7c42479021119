/**
 * Active admin sessions: the list, reloaded when a session starts or ends (the live-updates push,
 * `sessions.changed`; issue 16 replaced the 30-second poll), and disconnect.
 *
 * The pushed reload is a background call: it neither moves the operator's lastActivity nor writes
 * an `active_sessions_view` log row. The first load, the tab's Refresh and the header's
 * Refresh (an invalidation) are views the operator asked for and go out as ordinary calls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  activeSessionsResponseSchema,
  okResponseSchema,
  type ListedSession,
  type OkResponse,
} from '@tunnelscope/contracts';
import { useLiveEvents } from '../live/useLiveEvents.js';
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
 * The sessions list. Mounting, refetch() and invalidation use the ordinary call; a pushed
 * `sessions.changed` (or `resync`) writes the cache through a background call of its own.
 */
export function useActiveSessions() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKeys.active(),
    queryFn: ({ signal }) => fetchActiveSessions({ signal }),
  });

  useLiveEvents(['sessions.changed', 'resync'], () => {
    void queryClient
      .fetchQuery({
        queryKey: sessionKeys.active(),
        queryFn: ({ signal }) => fetchActiveSessions({ background: true, signal }),
        staleTime: 0,
      })
      .catch(() => {
        // A failed reload keeps the last list on screen; the next push or Refresh tries again.
      });
  });

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
