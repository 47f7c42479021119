import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { E2EBrowser, ThemeChoice } from './browser.js';
import { settle } from './browser.js';

/** tests/e2e/screenshots/ — ignored by git (root .gitignore). */
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const SCREENSHOT_WIDTHS = [1280, 390] as const;
export const SCREENSHOT_THEMES = ['light', 'dark'] as const satisfies readonly ThemeChoice[];

export interface ScreenshotRoute {
  /** File-name stem: `<name>-<width>-<theme>.png`. */
  name: string;
  path: string;
  /** Expected HTTP status of the document (the 404 page answers 404). */
  status?: number;
}

export interface ScreenshotResult {
  file: string;
  route: string;
  width: number;
  theme: ThemeChoice;
  status: number | undefined;
  /** Page wider than the viewport: something overflows horizontally. */
  overflowX: number;
}

/**
 * The home page's globe loads its 3D chunk only when it nears the viewport, and shows a still
 * picture until the first frame: scroll to it, wait for the canvas (or the static fallback), and
 * go back to the top, so the full-page picture shows what a visitor sees there.
 */
async function showGlobe(page: Page): Promise<void> {
  const frame = page.locator('[role="img"][data-mode]');
  if ((await frame.count()) === 0) return;
  await frame.first().scrollIntoViewIfNeeded();
  await page
    .waitForFunction(
      () => {
        const el = document.querySelector('[role="img"][data-mode]');
        return (
          el?.getAttribute('data-mode') === 'static' ||
          (el?.querySelector('canvas') && !el.querySelector('svg'))
        );
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined); // the picture still shows the still globe; the site test asserts on it
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
}

/**
 * Saves a full-page screenshot of every route at every width in every theme. Each shot gets a new
 * context with the theme stored under 'vite-ui-theme' before the page's first script, waits for
 * the route to settle (lazy chunk, fonts, API calls) and, on the home page, for the globe. Also
 * measures horizontal overflow, which a narrow screen shows as a sideways scroll, and answers the
 * console errors the pages logged (the caller asserts on both).
 */
export async function screenshotRoutes(
  browser: E2EBrowser,
  baseUrl: string,
  routes: readonly ScreenshotRoute[],
): Promise<{ shots: ScreenshotResult[]; problems: string[] }> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const results: ScreenshotResult[] = [];
  const problems: string[] = [];
  for (const route of routes) {
    // The four pictures of a route are taken side by side: most of each is waiting (network idle,
    // fonts, the globe's chunk), which overlaps well even on two cores.
    const variants = SCREENSHOT_WIDTHS.flatMap((width) =>
      SCREENSHOT_THEMES.map((theme) => ({ width, theme })),
    );
    const shots = await Promise.all(
      variants.map(async ({ width, theme }) => {
        const { page } = await browser.newPage({
          width,
          theme,
          allowConsole: route.status === 404 ? [/status of 404/] : [],
        });
        const response = await page.goto(baseUrl + route.path, { waitUntil: 'load' });
        await settle(page);
        await showGlobe(page);
        const overflowX = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        const file = path.join(SCREENSHOT_DIR, `${route.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        return { file, route: route.path, width, theme, status: response?.status(), overflowX };
      }),
    );
    results.push(...shots);
    problems.push(...(await browser.closePages()));
  }
  return { shots: results, problems };
}
