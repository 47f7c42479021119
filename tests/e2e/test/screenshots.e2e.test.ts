import path from 'node:path';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR, screenshotRoutes, type ScreenshotRoute } from '../src/screenshots.js';

/**
 * Every page at 1280 and 390 px, light and dark, full page, into tests/e2e/screenshots/ (ignored
 * by git) — for a person to look at. The test itself only asserts what a machine can see: each
 * document answers its status, nothing logs an error and nothing overflows sideways.
 */
const e2e = useE2E('shots');

const ROUTES: ScreenshotRoute[] = [
  { name: 'home', path: '/' },
  { name: 'waitlist', path: '/waitlist' },
  { name: 'vpn-request', path: '/vpn-request' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/terms' },
  { name: 'eula', path: '/eula' },
  { name: 'security-demo', path: '/security-demo' },
  { name: 'not-found', path: '/this-page-does-not-exist', status: 404 },
];

it('saves every page at 1280 and 390 px in the light and dark themes', async () => {
  const { shots, problems } = await screenshotRoutes(e2e.browser, e2e.baseUrl, ROUTES);
  console.log(
    `screenshots in ${SCREENSHOT_DIR}:\n` +
      shots
        .map(
          (s) =>
            `  ${path.basename(s.file)} (HTTP ${s.status}${s.overflowX > 0 ? `, ${s.overflowX} px too wide` : ''})`,
        )
        .join('\n'),
  );
  expect(shots).toHaveLength(ROUTES.length * 4);
  expect(problems).toEqual([]);
  for (const shot of shots) {
    const route = ROUTES.find((r) => r.path === shot.route)!;
    expect({ file: path.basename(shot.file), status: shot.status, overflowX: shot.overflowX }).toEqual({
      file: path.basename(shot.file),
      status: route.status ?? 200,
      overflowX: 0,
    });
  }
}, 300_000);
