import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds: `start(seconds)` sets it going, `remaining` falls by one each
 * second to 0. It starts at `initialSeconds` (a code was just sent when the code step shows).
 * The timer lives in an effect, so rendering on the server touches no browser API.
 */
export function useCooldown(initialSeconds: number): { remaining: number; start(seconds: number): void } {
  const [remaining, setRemaining] = useState(initialSeconds);
  const counting = remaining > 0;
  useEffect(() => {
    if (!counting) return;
    // One interval for the whole countdown (not a timeout per second), so it ticks steadily
    // whatever re-renders the page does meanwhile.
    const timer = window.setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);
  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))), []);
  return { remaining, start };
}
