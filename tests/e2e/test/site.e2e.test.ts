import type { Locator, Page } from 'playwright-core';
import { settle, themeOf } from '../src/browser.js';
import { useE2E } from '../src/harness.js';

/**
 * The public site's layout and home page in Chromium: the ten home sections in order,
 * the globe, anchor navigation, the mobile drawer, the theme, the skip link and the 404 page.
 */
const e2e = useE2E('site');

/**
 * The home page's ten sections in their required order, found by what the spec names: the
 * heading text where it gives one, the navigation anchor where it gives one (#features,
 * #technology, #api, #use-cases), and the figures of the stats row.
 */
const HOME_SECTIONS: { section: string; find: (page: Page) => Locator; mustContain?: (string | RegExp)[] }[] =
  [
    { section: 'Hero', find: (p) => heading(p, /^The Trusted Source For VPN Detection$/) },
    // The stats row: its four figures are the fallbacks the site shows when the stats call has no data (the test stack's IP database is
    // empty, so analytics answers them).
    {
      section: 'Stats',
      find: (p) => main(p).getByText('99.7%', { exact: true }),
      mustContain: ['200K+', '70+', '12H'],
    },
    { section: 'Features', find: (p) => main(p).locator('section#features') },
    { section: 'Global network intelligence', find: (p) => heading(p, /global network intelligence/i) },
    { section: 'Advanced capabilities', find: (p) => heading(p, /advanced capabilities/i) },
    {
      section: 'Technology',
      find: (p) => main(p).locator('section#technology'),
      mustContain: [/precision detection/i, /geolocation/i, /ISP attribution/i, /historical IP analysis/i],
    },
    {
      section: 'API',
      find: (p) => main(p).locator('section#api'),
      mustContain: ['/api/v1/vpn/check', '"is_vpn"'],
    },
    {
      section: 'Use cases',
      find: (p) =>
        main(p)
          .locator('section#use-cases')
          .filter({ has: p.getByRole('heading', { name: /^Use Cases Across Industries$/ }) }),
    },
    { section: 'Enterprise', find: (p) => heading(p, /^Enterprise-grade service for every size$/) },
    { section: 'Call to action', find: (p) => heading(p, /^Get started with TunnelScope$/) },
  ];

const USE_CASES = [
  'Financial Services',
  'Content & Media',
  'E-commerce & Retail',
  'Advertising & Marketing',
  'Gaming & Entertainment',
  'InfoSec & Cybersecurity',
  'Corporate & Enterprise',
  'Law Enforcement & Government',
];
const ENTERPRISE_TILES = [
  'Bank grade security',
  'Fast & easy to use',
  'Reliable & scalable',
  'Here for the long run',
  'Up-to-date data',
  'Backed by experts',
];

const main = (page: Page) => page.locator('main');
const heading = (page: Page, name: RegExp) => main(page).getByRole('heading', { name });

async function openHome(width = 1280, hash = ''): Promise<Page> {
  const { page } = await e2e.browser.newPage({ width });
  const response = await page.goto(`${e2e.baseUrl}/${hash}`);
  expect(response?.status()).toBe(200);
  await settle(page);
  return page;
}

/** Waits until `#id` has scrolled to just below the fixed header (smooth scrolling takes a moment). */
async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const el = document.getElementById(target);
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      return top >= -2 && top < 140;
    },
    id,
    { timeout: 5_000 },
  );
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
}

describe('home page', () => {
  it('shows all ten sections in order, with the eight use cases and six enterprise tiles', async () => {
    const page = await openHome();
    const tops: number[] = [];
    const mainText = await main(page).innerText();
    for (const { section, find, mustContain = [] } of HOME_SECTIONS) {
      const target = find(page).first();
      expect({ section, found: await target.count() }).toEqual({ section, found: 1 });
      await target.scrollIntoViewIfNeeded();
      expect({ section, visible: await target.isVisible() }).toEqual({ section, visible: true });
      tops.push(await target.evaluate((el) => el.getBoundingClientRect().top + window.scrollY));
      const text = await target.innerText();
      for (const part of mustContain) {
        const inSection =
          typeof part === 'string' ? text.includes(part) || mainText.includes(part) : part.test(text);
        expect({ section, part: String(part), inSection }).toEqual({
          section,
          part: String(part),
          inSection: true,
        });
      }
    }
    // In the spec's order, top to bottom.
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    // Hero buttons, stats with their fallbacks, the sample call and the card sets.
    const hero = main(page).locator('section', {
      has: page.getByRole('heading', { name: /^The Trusted Source For VPN Detection$/ }),
    });
    await expect(hero.getByRole('link', { name: 'Join Waitlist' }).count()).resolves.toBeGreaterThan(0);
    await expect(hero.getByRole('link', { name: 'Request VPN' }).count()).resolves.toBeGreaterThan(0);
    for (const figure of ['200K+', '70+', '99.7%', '12H']) {
      await expect(main(page).getByText(figure, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    for (const name of [...USE_CASES, ...ENTERPRISE_TILES]) {
      await expect(
        main(page)
          .getByRole('heading', { name, exact: true })
          .or(main(page).getByText(name, { exact: true }))
          .count(),
      ).resolves.toBeGreaterThan(0);
    }
    const cta = main(page).locator('section', {
      has: page.getByRole('heading', { name: /^Get started with TunnelScope$/ }),
    });
    await expect(cta.getByRole('link', { name: 'Join Waitlist' }).getAttribute('href')).resolves.toBe(
      '/waitlist',
    );
    await expect(cta.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).resolves.toBe(
      '/contact',
    );
  });

  it('renders the globe as a WebGL canvas that auto-rotates (or its static picture without WebGL)', async () => {
    const page = await openHome();
    const title = page.getByRole('heading', { name: /global network intelligence/i });
    await main(page).locator('section').filter({ has: title }).scrollIntoViewIfNeeded();
    const section = main(page).locator('section').filter({ has: title });
    // The globe's frame is a labelled picture; inside it a canvas (WebGL) or a still SVG.
    const frame = section.getByRole('img', { name: /globe marking 21 cities/i });
    await frame.waitFor({ state: 'visible' });
    const canvas = frame.locator('canvas');
    // The 3D globe is a lazy chunk, loaded when it nears the viewport: wait for its first frame,
    // or for the frame to settle on the static picture.
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[role="img"][data-mode]');
        return (
          el?.getAttribute('data-mode') === 'static' ||
          (el?.querySelector('canvas') && !el.querySelector('svg'))
        );
      },
      undefined,
      { timeout: 20_000 },
    );
    if ((await canvas.count()) > 0) {
      const box = await canvas.first().boundingBox();
      expect(box!.width).toBeGreaterThan(150);
      expect(box!.height).toBeGreaterThan(150);
      const webgl = await canvas.first().evaluate((el) => {
        const c = el as HTMLCanvasElement;
        return Boolean(c.getContext('webgl2') ?? c.getContext('webgl'));
      });
      expect(webgl).toBe(true);
      // Auto-rotation: two pictures of the canvas a moment apart differ.
      await canvas.first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      const first = await canvas.first().screenshot();
      await page.waitForTimeout(800);
      const second = await canvas.first().screenshot();
      expect(first.equals(second)).toBe(false);
      console.log('globe: rendered as a WebGL <canvas> (SwiftShader), auto-rotating');
    } else {
      console.log('globe: rendered as its static fallback picture (no WebGL)');
    }
  });

  it('loads the globe (three.js) lazily, not with the first paint', async () => {
    const { page } = await e2e.browser.newPage({ width: 1280 });
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    // The page's own tags, and the list its loader starts after the first paint (a prerendered page).
    const initial = await page.evaluate(() => [
      ...[...document.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
        (el) => (el as HTMLScriptElement).src || (el as HTMLLinkElement).href,
      ),
      ...(document.querySelector('meta[name="ts-app"]')?.getAttribute('content') ?? '').split(' '),
    ]);
    expect(initial.some((src) => /index-.*\.js$/.test(src))).toBe(true);
    expect(initial.some((src) => /three/i.test(src))).toBe(false);
    await settle(page);
  });
});

describe('navigation', () => {
  it("'Features' in the bar scrolls smoothly to #features and puts the anchor in the address", async () => {
    const page = await openHome();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Features', exact: true })
      .click();
    await expectScrolledTo(page, 'features');
    expect(new URL(page.url()).hash).toBe('#features');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('an anchor link on another page goes to the home page and scrolls to the section', async () => {
    const { page } = await e2e.browser.newPage({ width: 1280 });
    await page.goto(`${e2e.baseUrl}/privacy`);
    await settle(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Technology', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#technology');
    await settle(page);
    await expectScrolledTo(page, 'technology');
  });

  it('an address with an anchor scrolls to it after load', async () => {
    const page = await openHome(1280, '#use-cases');
    await expectScrolledTo(page, 'use-cases');
  });

  it('at 390 px the bar collapses into a burger whose side drawer opens, navigates and closes', async () => {
    const page = await openHome(390);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'Features', exact: true }).isVisible()).resolves.toBe(false);
    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    await burger.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor({ state: 'visible' });
    for (const name of [
      'Home',
      'Features',
      'Technology',
      'API',
      'Use Cases',
      'Contact',
      'Join Waitlist',
      'Request VPN',
    ]) {
      await expect(drawer.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await drawer.getByRole('link', { name: 'Use Cases', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expectScrolledTo(page, 'use-cases');
  });

  it('hides the logo on the three form pages only', async () => {
    const { page } = await e2e.browser.newPage({ width: 1280 });
    const header = page.locator('header');
    for (const [path, shown] of [
      ['/waitlist', false],
      ['/vpn-request', false],
      ['/contact', false],
      ['/privacy', true],
      ['/', true],
    ] as const) {
      await page.goto(e2e.baseUrl + path);
      await settle(page);
      const logos = header.getByRole('link', { name: /TunnelScope/ });
      expect({ path, shown: (await logos.count()) > 0 && (await logos.first().isVisible()) }).toEqual({
        path,
        shown,
      });
    }
  });

  it('the footer carries its links, the sales address and the copyright line', async () => {
    const page = await openHome();
    const footer = page.locator('footer');
    for (const name of ['Features', 'API', 'Waitlist', 'Request VPN', 'Contact', 'Privacy', 'Terms']) {
      await expect(footer.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
    await expect(
      footer.getByRole('link', { name: 'sales@tunnelscope.example' }).getAttribute('href'),
    ).resolves.toBe('mailto:sales@tunnelscope.example');
    expect(await footer.innerText()).toMatch(/© 2024 TunnelScope\. All rights reserved\./);
  });
});

describe('theme', () => {
  it('is light by default, and a dark choice is stored under vite-ui-theme and survives a reload', async () => {
    const page = await openHome();
    expect((await themeOf(page)).applied).toBe('light');
    const background = () =>
      page.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      });
    expect(await background()).toBeGreaterThan(200);

    await page.getByRole('button', { name: 'Dark theme' }).first().click();
    expect(await themeOf(page)).toEqual({ stored: 'dark', applied: 'dark' });
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toEqual({ stored: 'dark', applied: 'dark' });
    await expect(
      page.getByRole('button', { name: 'Dark theme' }).first().getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(await background()).toBeLessThan(60);

    await page.getByRole('button', { name: 'System theme' }).first().click();
    expect(await themeOf(page)).toEqual({ stored: 'system', applied: 'light' });
  });
});

describe('keyboard', () => {
  it('Tab from the top reaches the skip link first; Enter on it moves focus to main', async () => {
    const page = await openHome();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent?.trim(),
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(focused).toEqual({ text: 'Skip to main content', href: '#main-content' });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // Visible while focused (it may hide off screen otherwise).
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.width > 1 && box.height > 1).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('main') !== null);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });

  it('every element Tab reaches in the header shows a visible focus ring', async () => {
    const page = await openHome();
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        return {
          name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
          ring,
          inHeader: !!el.closest('header'),
        };
      });
      if (!info || !info.inHeader) continue;
      seen.push(info.name);
      expect({ name: info.name, ring: info.ring }).toEqual({ name: info.name, ring: true });
    }
    expect(seen).toEqual(expect.arrayContaining(['Features', 'Join Waitlist', 'Dark theme']));
  });
});

describe('unknown paths', () => {
  it.each(['/no-such-page', '/pricing/enterprise', '/admin-deadbeefdeadbeef00'])(
    'GET %s answers HTTP 404 with the 404 page',
    async (path) => {
      const { page } = await e2e.browser.newPage({ width: 1280, allowConsole: [/status of 404/] });
      const response = await page.goto(e2e.baseUrl + path);
      expect(response?.status()).toBe(404);
      await settle(page);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).resolves.toBe(true);
      await page.getByRole('link', { name: /home/i }).last().click();
      await page.waitForURL((url) => url.pathname === '/');
    },
  );
});
