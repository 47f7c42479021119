import {
  DB_IP_ATTRIBUTION,
  DETECTION_API,
  DETECTION_API_DOCS_PATH,
  DETECTION_ERRORS,
  detectionAnswerSchema,
  EVIDENCE_CODES,
  problemType,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';
import { settle } from '../src/browser.js';
import { useE2E } from '../src/harness.js';
import { screenshotRoutes } from '../src/screenshots.js';

/**
 * The detection API's public reference (issue 12) through the gateway in Chromium: served as a
 * public route with 200, every field, evidence code and error code of the contracts on the page,
 * each error at the anchor problem `type` URIs point to, and DB-IP's attribution.
 */
const e2e = useE2E('docs_api');

describe('/docs/api', () => {
  it('is served with 200 from the landing page’s link and renders the whole reference', async () => {
    const { page } = await e2e.browser.newPage();
    await page.goto(`${e2e.baseUrl}/`);
    await settle(page);
    await page.locator('section#api').getByRole('link', { name: 'Read the API reference' }).click();
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(DETECTION_API_DOCS_PATH);
    expect(await page.title()).toBe('API reference | TunnelScope');

    const fields = await page.getByTestId('answer-field').locator('td:first-child').allInnerTexts();
    expect(fields.filter((name) => !name.includes('.'))).toEqual(Object.keys(detectionAnswerSchema.shape));

    const evidence = await page.getByTestId('evidence-code').locator('td:first-child').allInnerTexts();
    expect(evidence).toEqual(Object.keys(EVIDENCE_CODES));

    for (const [code, { status }] of Object.entries(DETECTION_ERRORS)) {
      const anchor = problemType(code as DetectionErrorCode).split('#')[1]!;
      const cells = await page.locator(`[id="${anchor}"] td`).allInnerTexts();
      expect(cells.slice(0, 2)).toEqual([code, String(status)]);
    }

    const attribution = page.getByRole('link', { name: DB_IP_ATTRIBUTION.text });
    expect(await attribution.getAttribute('href')).toBe(DB_IP_ATTRIBUTION.href);
    expect(await page.getByRole('link', { name: DETECTION_API.openapi.path }).getAttribute('href')).toBe(
      DETECTION_API.openapi.path,
    );
  });

  it('fits a phone and a laptop, light and dark, without sideways scrolling (screenshots docs-api-*.png)', async () => {
    const { shots, problems } = await screenshotRoutes(e2e.browser, e2e.baseUrl, [
      { name: 'docs-api', path: DETECTION_API_DOCS_PATH },
    ]);
    expect(problems).toEqual([]);
    expect(shots.map((shot) => [shot.width, shot.theme, shot.status, shot.overflowX])).toEqual([
      [1280, 'light', 200, 0],
      [1280, 'dark', 200, 0],
      [390, 'light', 200, 0],
      [390, 'dark', 200, 0],
    ]);
  });

  it('opens at the error a problem’s type points to, below the fixed header', async () => {
    const response = await fetch(`${e2e.baseUrl}${DETECTION_API_DOCS_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);

    const { page } = await e2e.browser.newPage();
    await page.goto(`${e2e.baseUrl}${problemType('rate_limited')}`);
    const row = page.locator('[id="error-rate_limited"]');
    await row.waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('error-rate_limited')?.getBoundingClientRect();
      return box !== undefined && box.top >= 64 && box.bottom <= window.innerHeight;
    });
    expect(await row.innerText()).toContain('429');
  });
});
