import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from '../components/layout/ThemeToggle.js';
import { renderWithProviders } from '../test/render.js';
import { readThemeChoice, THEME_STORAGE_KEY, themeStoreManager, writeThemeChoice } from './theme-store.js';

describe('theme store', () => {
  beforeEach(() => window.localStorage.clear());

  it('defaults to light and ignores values it does not know', () => {
    expect(readThemeChoice()).toBe('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemeChoice()).toBe('light');
  });

  it("stores 'system' under vite-ui-theme where Mantine says 'auto'", () => {
    const manager = themeStoreManager();
    manager.set('auto');
    expect(window.localStorage.getItem('vite-ui-theme')).toBe('system');
    expect(manager.get('light')).toBe('auto');
    writeThemeChoice('dark');
    expect(manager.get('light')).toBe('dark');
  });

  it('switches the page to dark from the moon button and remembers it', async () => {
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Light theme' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Dark theme' })));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  });
});
