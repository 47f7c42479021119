/**
 * Active admin sessions: the list, reloaded when a session starts or ends (the live-updates push,
 * `sessions.changed`; issue 16 replaced the 30-second poll), and disconnect.
 *
 * A session that ends by idle timeout or expiry publishes nothing, so the tab also reloads once
 * when the first listed session's end passes.
 *
 * The pushed reload is a background call: it neither moves the operator's lastActivity nor writes
 * an `active_sessions_view` log row. The first load, the tab's Refresh and the header's
 * Refresh (an invalidation) are views the operator asked for and go out as ordinary calls.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import {
  ADMIN_API,
  SESSION_IDLE_MINUTES,
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

/** A reload waits this long past a session's end, so the server has surely stopped counting it. */
const SILENT_END_MARGIN_MS = 1_000;
/** setTimeout fires at once for delays past 2^31 - 1 ms (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How long until the first listed session ends without anyone telling the panel: its idle timeout
 * (last activity + 30 minutes) or its expiry. Nothing publishes those ends (nobody acts), so the
 * pushed list would keep showing a dead session; the tab reloads once at that moment instead.
 * Only future instants count: a Remember-me session has no idle timeout, so its passed idle instant
 * is skipped rather than reloading again and again. Null when no end lies ahead.
 */
export function msUntilSilentEnd(sessions: readonly ListedSession[], now: number): number | null {
  const idleMs = SESSION_IDLE_MINUTES * 60_000;
  let first = Infinity;
  for (const s of sessions) {
    for (const end of [Date.parse(s.lastActivity) + idleMs, Date.parse(s.expiresAt)]) {
      if (end > now && end < first) first = end;
    }
  }
  return first === Infinity ? null : Math.min(first - now + SILENT_END_MARGIN_MS, MAX_TIMER_MS);
}

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

  const reloadInBackground = useCallback(() => {
    void queryClient
      .fetchQuery({
        queryKey: sessionKeys.active(),
        queryFn: ({ signal }) => fetchActiveSessions({ background: true, signal }),
        staleTime: 0,
      })
      .catch(() => {
        // A failed reload keeps the last list on screen; the next push or Refresh tries again.
      });
  }, [queryClient]);
  useLiveEvents(['sessions.changed', 'resync'], reloadInBackground);

  // Sessions that end by idle timeout or expiry publish nothing: reload when the first one ends.
  const sessions = query.data;
  useEffect(() => {
    if (!sessions) return undefined;
    const delay = msUntilSilentEnd(sessions, Date.now());
    if (delay === null) return undefined;
    const timer = setTimeout(reloadInBackground, delay);
    return () => clearTimeout(timer);
  }, [sessions, reloadInBackground]);

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
