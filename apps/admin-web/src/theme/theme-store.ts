import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * The admin panel's own theme choice: dark by default, stored locally. It has its own key so the
 * public site's choice (`vite-ui-theme`, light by default) and this one never mix.
 */
export const ADMIN_THEME_STORAGE_KEY = 'tunnelscope-admin-theme';
export type AdminTheme = 'light' | 'dark';
export const DEFAULT_ADMIN_THEME: AdminTheme = 'dark';

export function readAdminTheme(storage: Storage = window.localStorage): AdminTheme {
  try {
    const stored = storage.getItem(ADMIN_THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : DEFAULT_ADMIN_THEME;
  } catch {
    return DEFAULT_ADMIN_THEME; // storage blocked (privacy mode): the default still works
  }
}

export function writeAdminTheme(choice: AdminTheme, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(ADMIN_THEME_STORAGE_KEY, choice);
  } catch {
    // not persisted; the choice still applies to this page
  }
}

/** 'auto' is never offered here; if Mantine ever asks for it, the panel stays dark. */
const toChoice = (scheme: MantineColorScheme): AdminTheme => (scheme === 'light' ? 'light' : 'dark');

/** Mantine's colour-scheme manager over our key; other tabs follow a change through the storage event. */
export function adminThemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => readAdminTheme(),
    set: (value) => writeAdminTheme(toChoice(value)),
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.key === ADMIN_THEME_STORAGE_KEY) onUpdate(readAdminTheme());
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(ADMIN_THEME_STORAGE_KEY);
      } catch {
        // nothing stored to clear
      }
    },
  };
}
