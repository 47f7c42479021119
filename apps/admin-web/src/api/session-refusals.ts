/**
 * Where the API client reports a 401 answer ("no session"): every call goes through
 * `adminFetch`, so one listener (the auth context) sees a session that ended however the call was
 * made — through react-query, or directly (CSV export, table deletes), and whatever error the
 * caller turns the answer into ('HTTP 401: Failed to fetch analytics', a search message).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every 401 answer the client did not expect; answers the unsubscribe. */
export function onSessionRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The API client's report of a 401 answer. */
export function reportSessionRefused(): void {
  for (const listener of [...listeners]) listener();
}
