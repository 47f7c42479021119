import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page renders at build time and while it hydrates over that HTML, true from the
 * render right after (and always in a page rendered on the client alone). What depends on the
 * visitor's stored choices (the theme) shows only once it is true, so hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
