import { settle } from '../src/browser.js';
import { axeViolations, describeViolations } from '../src/axe.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_THEMES, SCREENSHOT_WIDTHS } from '../src/screenshots.js';

/**
 * axe-core on every public route at 1280 and 390 px, in the light and the dark theme: zero
 * violations. Each page is scanned once it has settled (lazy chunk, fonts, /api/stats).
 */
const e2e = useE2E('a11y');

const ROUTES = [
  { path: '/', status: 200 },
  { path: '/waitlist', status: 200 },
  { path: '/vpn-request', status: 200 },
  { path: '/contact', status: 200 },
  { path: '/terms', status: 200 },
  { path: '/privacy', status: 200 },
  { path: '/eula', status: 200 },
  { path: '/security-demo', status: 200 },
  { path: '/docs/api', status: 200 },
  { path: '/no-such-page', status: 404 },
] as const;

const CASES = ROUTES.flatMap((route) =>
  SCREENSHOT_WIDTHS.flatMap((width) =>
    SCREENSHOT_THEMES.map((theme) => [route.path, width, theme, route.status] as const),
  ),
);

describe('accessibility (axe-core)', () => {
  it.each(CASES)('%s at %i px, %s: no violations', async (route, width, theme, status) => {
    const { page } = await e2e.browser.newPage({
      width,
      theme,
      allowConsole: status === 404 ? [/404/] : [],
    });
    const response = await page.goto(`${e2e.baseUrl}${route}`);
    expect(response?.status()).toBe(status);
    await settle(page);
    const violations = await axeViolations(page);
    expect(describeViolations(violations)).toBe('');
  });
});
