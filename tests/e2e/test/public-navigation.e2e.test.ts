import path from 'node:path';
import type { Page } from 'playwright-core';
import { settle } from '../src/browser.js';
import { useE2E } from '../src/harness.js';
import { SCREENSHOT_DIR } from '../src/screenshots.js';

/** Navigation as people expect it (issue 15): top of the page and focus on its heading, new tabs, anchors. */
const e2e = useE2E('navigation');

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const productLinks = (page: Page) => page.getByRole('navigation', { name: 'Product' });

async function open(route: string, width = 1280): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width });
  const response = await page.goto(`${e2e.baseUrl}${route}`);
  expect(response?.status()).toBe(200);
  await settle(page);
  return page;
}

const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? null,
    text: document.activeElement?.textContent ?? null,
    tabIndex: (document.activeElement as HTMLElement | null)?.tabIndex ?? null,
  }));

/** Header "Contact", then at once the footer's "API" anchor: the home page, scrolled to #api. */
async function contactThenFooterApi(page: Page): Promise<void> {
  await header(page).getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL(`${e2e.baseUrl}/contact`);
  await productLinks(page).getByRole('link', { name: 'API', exact: true }).click();
  await page.waitForURL(`${e2e.baseUrl}/#api`);
  await page.waitForFunction(() => {
    const top = document.getElementById('api')?.getBoundingClientRect().top ?? 9999;
    return Math.abs(top) < 120;
  });
}

describe('public navigation', () => {
  it('a route change starts at the top of the new page with focus on its heading', async () => {
    const page = await open('/');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.waitForFunction(() => window.scrollY > 0);
    await header(page).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(`${e2e.baseUrl}/contact`);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focused(page)).toMatchObject({ tag: 'H1', tabIndex: -1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // And back to another page from the footer.
    await productLinks(page).getByRole('link', { name: 'Waitlist' }).click();
    await page.waitForURL(`${e2e.baseUrl}/waitlist`);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Join the Waitlist');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('Ctrl-click and middle-click on header and footer links open a new tab and leave this one', async () => {
    const page = await open('/');
    for (const [link, button, modifiers] of [
      [header(page).getByRole('link', { name: 'Contact' }), 'left', ['Control']],
      [header(page).getByRole('link', { name: 'Features' }), 'middle', []],
      [productLinks(page).getByRole('link', { name: 'API', exact: true }), 'left', ['Control']],
      [productLinks(page).getByRole('link', { name: 'Waitlist' }), 'left', ['Control']],
    ] as const) {
      const opened = page.context().waitForEvent('page');
      await link.click({ button, modifiers: [...modifiers] });
      const tab = await opened;
      await tab.waitForLoadState('domcontentloaded');
      expect(tab.url()).toBe(`${e2e.baseUrl}${await link.getAttribute('href')}`);
      await tab.close();
      expect(page.url()).toBe(`${e2e.baseUrl}/`);
    }
  });

  it('footer anchors scroll smoothly on the home page and navigate from elsewhere', async () => {
    const page = await open('/');
    await productLinks(page).getByRole('link', { name: 'Features' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('features')?.getBoundingClientRect().top ?? 9999;
      return window.scrollY > 0 && Math.abs(top) < 120;
    });
    expect(page.url()).toBe(`${e2e.baseUrl}/#features`);

    await contactThenFooterApi(page);
  });

  it('an anchor link clicked while the next page is still loading goes to that anchor', async () => {
    const page = await open('/');
    // The contact page's chunk arrives late: the address changes at the click, the home page stays.
    await page.route('**/assets/ContactPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await contactThenFooterApi(page);
    await page.waitForTimeout(2500); // the late chunk has arrived by now: nothing may change
    expect(page.url()).toBe(`${e2e.baseUrl}/#api`);
    await expect(page.locator('#api').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' }).count()).resolves.toBe(0);
  });

  it('the landing page at 390 px (screenshot)', async () => {
    const page = await open('/', 390);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'issue15-landing-390.png'), fullPage: true });
    await expect(page.getByRole('heading', { name: 'Advanced capabilities' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText(/risk scor|webhook/i).count()).resolves.toBe(0);
  });
});
