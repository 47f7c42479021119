import { PUBLIC_ROUTES } from '@tunnelscope/contracts';
import { settle, themeOf } from '../src/browser.js';
import { useE2E } from '../src/harness.js';

/**
 * What a search engine and a first paint see (issue 15): each route's HTML as the gateway sends
 * it, before any script runs (title, description, canonical link, Open Graph and Twitter cards,
 * the organisation's JSON-LD, the page itself); robots.txt and sitemap.xml; the 404 page's status
 * and noindex; hydration over that HTML without a single console error; and the stored dark theme
 * applied before the body is parsed (so before the first paint), even with the app's JS blocked.
 */
const e2e = useE2E('seo');

const BRAND = 'TunnelScope'; // the stack's BRAND_NAME (the gateway's default)

const attr = (html: string, pattern: RegExp): string | undefined => pattern.exec(html)?.[1];
const meta = (html: string, key: string) =>
  attr(html, new RegExp(`<meta (?:name|property)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)"`));

async function fetchText(path: string) {
  const res = await fetch(e2e.baseUrl + path);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The one absolute origin every canonical link, og:url and sitemap entry uses (PUBLIC_ORIGIN). */
let publicOrigin = '';

describe('served HTML, before any script runs', () => {
  it.each([...PUBLIC_ROUTES])(
    '%s has its own title, description, canonical link, cards and content',
    async (route) => {
      const { status, text } = await fetchText(route);
      expect(status).toBe(200);
      const title = attr(text, /<title>([^<]*)<\/title>/);
      expect(title).toContain(BRAND);
      const description = meta(text, 'description');
      expect(description && description.length).toBeGreaterThan(40);
      const canonical = attr(text, /<link rel="canonical" href="([^"]+)"/);
      expect(canonical).toMatch(/^https?:\/\/[^/]+\//);
      expect(new URL(canonical!).pathname).toBe(route);
      publicOrigin ||= new URL(canonical!).origin;
      expect(new URL(canonical!).origin).toBe(publicOrigin);
      expect(meta(text, 'og:title')).toBe(title);
      expect(meta(text, 'og:description')).toBe(description);
      expect(meta(text, 'og:url')).toBe(canonical);
      expect(meta(text, 'og:image')).toBe(`${publicOrigin}/og-image.png`);
      expect(meta(text, 'twitter:card')).toBe('summary_large_image');
      expect(text).not.toContain('noindex');
      const jsonLd = JSON.parse(
        attr(text, /<script type="application\/ld\+json">(.*?)<\/script>/s)!,
      ) as object;
      expect(jsonLd).toMatchObject({ '@type': 'Organization', name: BRAND, url: `${publicOrigin}/` });
      // The page itself is in the HTML (prerendered), with no placeholder left unfilled.
      expect(text).toMatch(/<div id="root"><[^>]+>/);
      expect(text).toMatch(/<h1[ >]/);
      expect(text).not.toMatch(/__TS_|_TS_RUNTIME/);
    },
  );

  it('gives every route a different title', async () => {
    const titles = await Promise.all(
      PUBLIC_ROUTES.map(async (route) => attr((await fetchText(route)).text, /<title>([^<]*)<\/title>/)),
    );
    expect(new Set(titles).size).toBe(PUBLIC_ROUTES.length);
  });

  it('serves the OG image the cards name', async () => {
    const res = await fetch(`${e2e.baseUrl}/og-image.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('answers an unknown path with status 404 and a noindex page without a canonical link', async () => {
    const { status, text } = await fetchText('/no-such-page');
    expect(status).toBe(404);
    expect(text).toContain('<meta name="robots" content="noindex" />');
    expect(text).not.toContain('rel="canonical"');
    expect(text).toContain(`404 Page Not Found | ${BRAND}`);
  });

  it('serves robots.txt with the sitemap and without the admin prefix', async () => {
    const { status, type, text } = await fetchText('/robots.txt');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(text).not.toMatch(/admin/i);
  });

  it('serves sitemap.xml with every public route, /docs/api included', async () => {
    const { status, type, text } = await fetchText('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
    expect(locs.map((u) => u.pathname)).toEqual([...PUBLIC_ROUTES]);
    expect(locs.map((u) => u.pathname)).toContain('/docs/api');
    expect(new Set(locs.map((u) => u.origin)).size).toBe(1);
    expect(text).not.toMatch(/admin/i);
  });
});

/**
 * Installed before the document: records whether React ever removed the prerendered children of
 * #root (what it does when hydration fails and it renders on the client instead).
 */
function watchRoot() {
  const w = window as unknown as { rootReplaced: boolean };
  w.rootReplaced = false;
  new MutationObserver((records, observer) => {
    const root = document.getElementById('root');
    if (!root) return;
    observer.disconnect();
    new MutationObserver((changes) => {
      if (changes.some((c) => c.removedNodes.length > 0)) w.rootReplaced = true;
    }).observe(root, { childList: true });
  }).observe(document, { childList: true, subtree: true });
}

describe('hydration', () => {
  it.each([...PUBLIC_ROUTES, '/no-such-page'])(
    '%s hydrates over its prerendered HTML without an error, light and dark',
    async (route) => {
      for (const theme of ['light', 'dark'] as const) {
        const { page } = await e2e.browser.newPage({
          width: 1280,
          theme,
          allowConsole: route === '/no-such-page' ? [/status of 404/] : [],
        });
        await page.addInitScript(watchRoot);
        await page.goto(e2e.baseUrl + route);
        await settle(page);
        // Hydrated: the theme buttons react (their pressed state shows only once hydrated).
        await page
          .getByRole('button', { name: theme === 'dark' ? 'Dark theme' : 'Light theme' })
          .first()
          .and(page.locator('[aria-pressed="true"]'))
          .waitFor({ state: 'attached' });
        expect(await page.evaluate(() => (window as unknown as { rootReplaced: boolean }).rootReplaced)).toBe(
          false,
        );
        expect((await themeOf(page)).applied).toBe(theme);
      }
    },
  );

  it('keeps the title and canonical link true after navigating in the page', async () => {
    const { page } = await e2e.browser.newPage({ width: 1280 });
    await page.goto(`${e2e.baseUrl}/security-demo`);
    await settle(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL('**/contact');
    // The address changes at the click; the page (a lazy chunk) shows once loaded, in a transition
    // that leaves the network idle meanwhile. Focus moving to its heading says it has shown.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await settle(page);
    expect(await page.title()).toBe(`Contact Us | ${BRAND}`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe('/contact');
  });
});

describe('theme before the first paint', () => {
  it('applies a stored dark theme before the body is parsed, and paints dark with the app JS blocked', async () => {
    const { page } = await e2e.browser.newPage({
      width: 390,
      theme: 'dark',
      allowConsole: [/Failed to load resource/],
    });
    await page.addInitScript(() => {
      const w = window as unknown as { schemeAtBody: string | null | undefined };
      new MutationObserver((records, observer) => {
        if (!document.body) return;
        observer.disconnect();
        w.schemeAtBody = document.documentElement.getAttribute('data-mantine-color-scheme');
      }).observe(document, { childList: true, subtree: true });
    });
    // Only the app's modules are blocked: the theme script and the CSS are in the page itself.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${e2e.baseUrl}/`);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { schemeAtBody: unknown }).schemeAtBody)).toBe(
      'dark',
    );
    // The prerendered page is there and dark without any of the app's JavaScript.
    await expect(page.getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 80);
  });
});
