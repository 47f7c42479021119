import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (scripts/bootstrap.sh installs it); `npx playwright install` cannot work here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of the toolchain notes (design TOOLCHAIN.md). WebGL still renders through SwiftShader with --disable-gpu. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ThemeChoice = 'light' | 'dark' | 'system';

export interface PageOptions {
  /** Viewport width in CSS pixels; 1280 (laptop) unless told. */
  width?: number;
  height?: number;
  /** Written to localStorage 'vite-ui-theme' before the first script of every document runs. */
  theme?: ThemeChoice;
  /** Console errors this page is expected to print (e.g. the 404 of its own document). */
  allowConsole?: RegExp[];
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far, each prefixed with the page's URL. */
  problems: string[];
}

/**
 * One browser per test file. Playwright's `launch` starts it on a fresh, throw-away profile
 * directory (it refuses a --user-data-dir of ours there); every page gets its own context, so no
 * storage or cookie leaks from one test to the next.
 *
 * Each page records its console errors and page errors; `checkPages()` (call it in afterEach)
 * closes the pages and throws if any was seen, which fails the test that opened them.
 */
export class E2EBrowser {
  private readonly open: TrackedPage[] = [];

  private constructor(readonly browser: Browser) {}

  static async launch(): Promise<E2EBrowser> {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 30_000,
    });
    return new E2EBrowser(browser);
  }

  async newPage(opts: PageOptions = {}): Promise<TrackedPage> {
    const width = opts.width ?? 1280;
    const context = await this.browser.newContext({
      viewport: { width, height: opts.height ?? (width < 600 ? 844 : 800) },
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: width < 600,
      // Headless chromium reports `prefers-color-scheme: light`; pinning it keeps 'system' stable.
      colorScheme: 'light',
      reducedMotion: 'no-preference',
    });
    if (opts.theme) {
      // Only when nothing is stored yet: a choice the page makes must survive a reload.
      await context.addInitScript(
        ([key, value]) => {
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        },
        ['vite-ui-theme', opts.theme] as const,
      );
    }
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.setDefaultNavigationTimeout(30_000);
    const problems: string[] = [];
    const allowed = opts.allowConsole ?? [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      if (allowed.some((re) => re.test(text))) return;
      const where = msg.location().url || page.url();
      problems.push(`console.error at ${where}: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`page error at ${page.url()}: ${err.stack ?? err.message}`));
    page.on('crash', () => problems.push(`page crashed at ${page.url()}`));
    const tracked = { page, context, problems };
    this.open.push(tracked);
    return tracked;
  }

  /** Closes every page opened since the last call and answers what they logged. */
  async closePages(): Promise<string[]> {
    const pages = this.open.splice(0);
    await Promise.all(pages.map((p) => p.context.close().catch(() => undefined)));
    return pages.flatMap((p) => p.problems);
  }

  /** Closes every page opened since the last call; throws when any logged an error. */
  async checkPages(): Promise<void> {
    const problems = await this.closePages();
    if (problems.length > 0) {
      throw new Error(`The browser logged ${problems.length} error(s):\n${problems.join('\n')}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.open.splice(0).map((p) => p.context.close().catch(() => undefined)));
    await this.browser.close();
  }
}

/**
 * Waits until the page has settled: network idle (lazy chunks, fonts, /api/stats) and no route
 * still showing its Suspense fallback ('Loading page').
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-label="Loading page"]').waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The stored theme and the scheme Mantine applied to <html>. */
export async function themeOf(page: Page): Promise<{ stored: string | null; applied: string | null }> {
  return page.evaluate(() => ({
    stored: window.localStorage.getItem('vite-ui-theme'),
    applied: document.documentElement.getAttribute('data-mantine-color-scheme'),
  }));
}
