import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * The page's own origin for the API samples. The prerendered HTML cannot know it (one build serves
 * every host), so the build and the hydrating render both use '' and React swaps the origin in
 * right after hydration, without a mismatch.
 */
export function useClientOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
