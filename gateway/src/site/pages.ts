/**
 * The site's pages, read once at start-up with the runtime settings filled in. The public site's
 * build prerenders every route (`dist/.pages/routes.json`, the route → file table, and the 404
 * page): each route gets its own HTML with its placeholders replaced by the settings
 * (`fillPlaceholders`), the runtime-config block and the organisation's JSON-LD. A public build
 * without prerendered pages serves its `index.html` for every route, filled the same way. When a
 * dist folder has no `index.html` at all, small built-in pages stand in, so the gateway runs and
 * answers with the right statuses either way. `robots.txt` and `sitemap.xml` are built here too.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  escapeHtml,
  fillPlaceholders,
  injectIntoHead,
  runtimeConfigTag,
  type RuntimeConfig,
} from './runtime-config.js';
import { organizationJsonLd, robotsTxt, sitemapXml } from './seo-files.js';

export interface Page {
  body: Buffer;
  /** Strong validator of the bytes, for `If-None-Match` on pages served `no-cache`. */
  etag: string;
}

export interface SitePages {
  /** The public SPA's `/` (200). */
  publicIndex: Page;
  /** Each public route's own page (200), when the build prerendered them; else every route gets `publicIndex`. */
  publicRoutes: ReadonlyMap<string, Page>;
  robotsTxt: Page;
  sitemapXml: Page;
  /** What unknown paths get, with status 404: the SPA itself (it renders its 404 page), or a built-in page. */
  publicNotFound: Page;
  adminIndex: Page;
  /** True where a built-in page stands in for a missing build. */
  builtIn: { public: boolean; admin: boolean };
  /** True when the public pages are the build's prerendered ones. */
  prerendered: boolean;
  /**
   * CSP sources (`'sha256-…'`) of the inline scripts the public pages run, for `script-src`: the
   * prerendered pages set the theme and start the app from one inline script (no request on the
   * first paint's path); the CSP trusts exactly those bytes and no other inline script.
   */
  inlineScriptHashes: readonly string[];
}

/** `dist/.pages/routes.json`, written by the public site's prerender (apps/public-web/src/prerender). */
interface PrerenderedRoutes {
  routes: Record<string, string>;
  notFound: string;
}

/** An inline script the browser runs: a bare `<script>` (JSON data blocks carry a type). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP hash source of every inline script in `pages`, each once. */
export function inlineScriptHashes(pages: Iterable<Page>): string[] {
  const hashes = new Set<string>();
  for (const { body } of pages) {
    for (const [, source] of body.toString('utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(source!, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

function page(html: string): Page {
  const body = Buffer.from(html, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return null;
    throw err;
  }
}

const readIndex = (dist: string) => readOptional(path.join(dist, 'index.html'));

/** The prerendered pages, or null for a build without them. A broken table stops the start. */
async function readPrerendered(
  dist: string,
): Promise<{ routes: Map<string, string>; notFound: string } | null> {
  const dir = path.join(dist, '.pages');
  const table = await readOptional(path.join(dir, 'routes.json'));
  if (table === null) return null;
  const parsed = JSON.parse(table) as PrerenderedRoutes;
  const read = async (file: string) => {
    const resolved = path.resolve(dir, file);
    if (!resolved.startsWith(dir + path.sep)) throw new Error(`prerendered page outside ${dir}: ${file}`);
    return readFile(resolved, 'utf8');
  };
  const routes = new Map<string, string>();
  for (const [route, file] of Object.entries(parsed.routes)) routes.set(route, await read(file));
  return { routes, notFound: await read(parsed.notFound) };
}

const BUILT_IN_STYLE =
  '<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;' +
  'background:#f8f9fa;color:#212529}main{max-width:36rem;padding:2rem;text-align:center}' +
  'code{background:#e9ecef;padding:.1rem .3rem;border-radius:4px}</style>';

function builtInDocument(
  title: string,
  body: string,
  headExtra: string,
  theme: 'light' | 'dark' = 'light',
): string {
  const dark = theme === 'dark' ? '<style>body{background:#1a1b1e;color:#c1c2c5}</style>' : '';
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title>${BUILT_IN_STYLE}${dark}${headExtra}</head>` +
    `<body><main>${body}</main></body></html>\n`
  );
}

export async function loadSitePages(opts: {
  publicDist: string;
  adminDist: string;
  /** `/admin-<hex>`: only ever written into the admin page. */
  adminPrefix: string;
  runtime: RuntimeConfig;
  /** `PUBLIC_ORIGIN`: canonical links, Open Graph URLs, the sitemap. */
  publicOrigin: string;
}): Promise<SitePages> {
  const configTag = runtimeConfigTag(opts.runtime);
  const brand = escapeHtml(opts.runtime.brandName);
  const [publicHtml, adminHtml, prerendered] = await Promise.all([
    readIndex(opts.publicDist),
    readIndex(opts.adminDist),
    readPrerendered(opts.publicDist),
  ]);
  const publicHead = configTag + organizationJsonLd(opts.runtime, opts.publicOrigin);
  const publicPage = (html: string) =>
    page(injectIntoHead(fillPlaceholders(html, opts.runtime, opts.publicOrigin), { atHeadEnd: publicHead }));

  let publicIndex: Page;
  let publicNotFound: Page;
  const publicRoutes = new Map<string, Page>();
  if (prerendered !== null) {
    for (const [route, html] of prerendered.routes) publicRoutes.set(route, publicPage(html));
    publicIndex = publicRoutes.get('/') ?? publicPage(publicHtml ?? prerendered.notFound);
    publicNotFound = publicPage(prerendered.notFound);
  } else if (publicHtml !== null) {
    publicIndex = publicPage(publicHtml);
    publicNotFound = publicIndex;
  } else {
    publicIndex = page(
      builtInDocument(
        opts.runtime.brandName,
        `<h1>${brand}</h1><p>The trusted source for VPN detection.</p>` +
          `<p>The site is being updated. Please check back in a few minutes.</p>`,
        configTag,
      ),
    );
    publicNotFound = page(
      builtInDocument(
        `404 Page Not Found | ${opts.runtime.brandName}`,
        `<h1>404 Page Not Found</h1><p>Did you forget to add the page to the router?</p>` +
          `<p><a href="/">Back to home</a></p>`,
        configTag,
      ),
    );
  }

  // The admin bundle is built with relative asset URLs; <base> makes them resolve under the
  // prefix from any depth (`/admin-<hex>`, `/admin-<hex>/`, deep links alike).
  const baseTag = `<base href="${escapeHtml(opts.adminPrefix)}/">`;
  const adminIndex =
    adminHtml !== null
      ? page(injectIntoHead(adminHtml, { atHeadStart: baseTag, atHeadEnd: configTag }))
      : page(
          builtInDocument(
            `${opts.runtime.brandName} Admin`,
            `<p>Loading admin panel...</p>`,
            baseTag + configTag,
            'dark',
          ),
        );

  return {
    publicIndex,
    publicRoutes,
    publicNotFound,
    adminIndex,
    robotsTxt: page(robotsTxt(opts.publicOrigin)),
    sitemapXml: page(sitemapXml(opts.publicOrigin)),
    builtIn: { public: publicHtml === null && prerendered === null, admin: adminHtml === null },
    prerendered: prerendered !== null,
    inlineScriptHashes: inlineScriptHashes([publicIndex, publicNotFound, ...publicRoutes.values()]),
  };
}
