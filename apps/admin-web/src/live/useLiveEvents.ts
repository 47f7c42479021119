/**
 * `useLiveEvents(names, onEvent)`: calls `onEvent` for each live event named in `names` while the
 * component is mounted, over the panel's one shared EventSource (live-connection.ts).
 */
import type { LiveEventName } from '@tunnelscope/contracts';
import { useEffect, useRef } from 'react';
import { subscribeLive, type LiveMessage } from './live-connection.js';

export function useLiveEvents(
  names: readonly LiveEventName[],
  onEvent: (message: LiveMessage) => void,
): void {
  // The latest handler without resubscribing on every render.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = names.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return subscribeLive((message) => {
      if (wanted.has(message.event)) handler.current(message);
    });
  }, [key]);
}
