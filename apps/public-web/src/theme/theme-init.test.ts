import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_STORAGE_KEY } from './theme-store.js';

/** public/theme-init.js: the theme before the first paint, from the same stored choice as theme-store. */
const source = readFileSync(path.resolve(process.cwd(), 'public/theme-init.js'), 'utf8');
// The file as the browser runs it.
const run = () => new Function(source)();

function prefersDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
  })) as typeof window.matchMedia;
}

describe('theme-init.js', () => {
  afterEach(() => {
    window.localStorage.clear();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('reads the theme store key', () => {
    expect(source).toContain(`'${THEME_STORAGE_KEY}'`);
  });

  it.each([
    [null, false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
    ['bogus', true, 'light'],
  ])('stored %s (system dark: %s) sets %s', (stored, dark, scheme) => {
    if (stored) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    prefersDark(dark);
    run();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(scheme);
  });
});
