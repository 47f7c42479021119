import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  apiKeyVariable,
  PUBLIC_ORIGIN_PLACEHOLDER,
  PUBLIC_ROUTES,
  RUNTIME_PLACEHOLDERS,
} from '@tunnelscope/contracts';
import {
  ADMIN_HEX,
  deadUrl,
  makeDistFixtures,
  send,
  startGateway,
  type Fixtures,
  type RunningGateway,
} from './helpers.js';

/**
 * The public site's prerendered pages (issue 15): each route its own HTML, the placeholders the
 * build left filled with the runtime settings, the 404 page with status 404, and robots.txt and
 * sitemap.xml from PUBLIC_ORIGIN.
 */
const B = RUNTIME_PLACEHOLDERS.brandName;
/** The prerender's one inline script (it sets the theme and starts the app after the first paint). */
const BOOT_SCRIPT = "document.documentElement.setAttribute('data-boot', '1');";
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** What the prerender writes for a route: its title, canonical link and a body with the settings' tokens. */
function prerendered(route: string, known = true): string {
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" />` +
    `<title>${route} | ${B}</title>` +
    (known
      ? `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}${route}" />`
      : `<meta name="robots" content="noindex" />`) +
    `<meta property="og:image" content="${PUBLIC_ORIGIN_PLACEHOLDER}/og-image.png" />` +
    `<script>${BOOT_SCRIPT}</script></head>` +
    `<body><div id="root"><main data-route="${route}"><p>${B} · <a href="mailto:${RUNTIME_PLACEHOLDERS.salesEmail}">` +
    `${RUNTIME_PLACEHOLDERS.salesEmail}</a> · $${apiKeyVariable(B)}</p></main></div></body></html>\n`
  );
}

describe('gateway site with prerendered pages', () => {
  let fx: Fixtures;
  let gw: RunningGateway;

  beforeAll(async () => {
    fx = await makeDistFixtures();
    const pages = path.join(fx.publicDist, '.pages');
    await mkdir(path.join(pages, 'docs'), { recursive: true });
    const routes: Record<string, string> = {};
    for (const route of PUBLIC_ROUTES) {
      const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
      routes[route] = file;
      await writeFile(path.join(pages, file), prerendered(route));
    }
    await writeFile(path.join(pages, '404.html'), prerendered('not-found', false));
    await writeFile(path.join(pages, 'routes.json'), JSON.stringify({ routes, notFound: '404.html' }));
    const down = await deadUrl();
    gw = await startGateway({
      PUBLIC_WEB_DIST: fx.publicDist,
      ADMIN_WEB_DIST: fx.adminDist,
      FORMS_SERVICE_URL: down,
      AUTH_SERVICE_URL: down,
      ANALYTICS_SERVICE_URL: down,
      BRAND_NAME: 'Acme & Co',
      SALES_EMAIL: 'deals@acme.example',
      PUBLIC_ORIGIN: 'https://acme.example/',
    });
  });

  afterAll(async () => {
    await gw.close();
    await fx.cleanup();
  });

  it.each([...PUBLIC_ROUTES])('serves %s its own page with every placeholder filled', async (route) => {
    const res = await send(gw.url + route);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`<title>${route} | Acme &amp; Co</title>`);
    expect(res.text).toContain(`<link rel="canonical" href="https://acme.example${route}" />`);
    expect(res.text).toContain('content="https://acme.example/og-image.png"');
    expect(res.text).toContain('<a href="mailto:deals@acme.example">deals@acme.example</a>');
    // The API samples' key variable, derived from the brand.
    expect(res.text).toContain('$ACME_CO_API_KEY');
    expect(res.text).not.toMatch(/__TS_|_TS_RUNTIME/);
    expect(res.text).toContain('<script type="application/json" id="runtime-config">');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text);
    expect(JSON.parse(jsonLd![1]!)).toMatchObject({
      '@type': 'Organization',
      name: 'Acme & Co',
      url: 'https://acme.example/',
    });
  });

  it("allows the pages' inline script by its hash in the CSP, and no other inline script", async () => {
    for (const path of ['/', '/contact', '/nope', '/api/stats']) {
      const res = await send(gw.url + path);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' https://challenges.cloudflare.com ${BOOT_HASH}`);
    }
  });

  it('serves a route with a trailing slash the same page', async () => {
    const res = await send(`${gw.url}/waitlist/`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-route="/waitlist"');
  });

  it('serves unknown paths the prerendered 404 page, noindex, with status 404', async () => {
    for (const unknown of [
      '/nope',
      '/waitlist/extra',
      '/index.html',
      '/.pages/routes.json',
      '/.pages/404.html',
    ]) {
      const res = await send(gw.url + unknown);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).toContain('<title>not-found | Acme &amp; Co</title>');
      expect(res.text).not.toContain('rel="canonical"');
    }
  });

  it('answers robots.txt with the sitemap and without the admin prefix', async () => {
    const res = await send(`${gw.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('User-agent: *\nAllow: /\n\nSitemap: https://acme.example/sitemap.xml\n');
    expect(res.text).not.toContain(ADMIN_HEX);
    expect(res.text).not.toMatch(/admin/i);
  });

  it('answers sitemap.xml with every public route as an absolute URL, /docs/api included', async () => {
    const res = await send(`${gw.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_ROUTES.map((route) => `https://acme.example${route}`));
    expect(locs).toContain('https://acme.example/docs/api');
    expect(res.text).not.toMatch(/admin/i);
  });
});
