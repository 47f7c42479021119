import {
  ADMIN_THEME_STORAGE_KEY,
  adminThemeManager,
  readAdminTheme,
  writeAdminTheme,
} from './theme-store.js';

describe('admin theme store', () => {
  beforeEach(() => window.localStorage.clear());

  it('is dark until the operator chooses otherwise', () => {
    expect(readAdminTheme()).toBe('dark');
    window.localStorage.setItem(ADMIN_THEME_STORAGE_KEY, 'purple');
    expect(readAdminTheme()).toBe('dark');
  });

  it('keeps the choice under its own key, apart from the public site', () => {
    window.localStorage.setItem('vite-ui-theme', 'light');
    expect(readAdminTheme()).toBe('dark');
    writeAdminTheme('light');
    expect(window.localStorage.getItem(ADMIN_THEME_STORAGE_KEY)).toBe('light');
    expect(adminThemeManager().get('dark')).toBe('light');
  });

  it('stores what Mantine sets and never stores auto', () => {
    const manager = adminThemeManager();
    manager.set('light');
    expect(window.localStorage.getItem(ADMIN_THEME_STORAGE_KEY)).toBe('light');
    manager.set('auto');
    expect(window.localStorage.getItem(ADMIN_THEME_STORAGE_KEY)).toBe('dark');
  });
});
