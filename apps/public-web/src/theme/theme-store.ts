import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** Where the chosen theme is remembered (the key the site has always used) and its three values. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export type ThemeChoice = 'light' | 'dark' | 'system';
export const DEFAULT_THEME: ThemeChoice = 'light';

const toMantine = (choice: ThemeChoice): MantineColorScheme => (choice === 'system' ? 'auto' : choice);
const fromMantine = (scheme: MantineColorScheme): ThemeChoice => (scheme === 'auto' ? 'system' : scheme);

export function readThemeChoice(storage?: Storage): ThemeChoice {
  // No window at build time (the prerender): every page is rendered with the default.
  if (!storage && typeof window === 'undefined') return DEFAULT_THEME;
  try {
    storage ??= window.localStorage;
    const stored = storage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME; // storage blocked (privacy mode): the default still works
  }
}

export function writeThemeChoice(choice: ThemeChoice, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // not persisted; the choice still applies to this page
  }
}

/**
 * Mantine's colour-scheme manager over our key: it stores 'system' where Mantine says 'auto', so
 * the stored value is the spec's, and other tabs follow a change through the storage event.
 */
export function themeStoreManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => toMantine(readThemeChoice()),
    set: (value) => writeThemeChoice(fromMantine(value)),
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.key === THEME_STORAGE_KEY) onUpdate(toMantine(readThemeChoice()));
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => window.localStorage.removeItem(THEME_STORAGE_KEY),
  };
}
