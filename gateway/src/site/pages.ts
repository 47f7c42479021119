/**
 * The two SPAs' `index.html`, read once at start-up with the runtime settings injected. When a
 * dist folder has no `index.html` yet (the SPAs arrive with their own issues), small built-in
 * pages stand in, so the gateway runs and answers with the right statuses either way.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml, injectIntoHead, runtimeConfigTag, type RuntimeConfig } from './runtime-config.js';

export interface Page {
  body: Buffer;
  /** Strong validator of the bytes, for `If-None-Match` on pages served `no-cache`. */
  etag: string;
}

export interface SitePages {
  /** The public SPA for its routes (200). */
  publicIndex: Page;
  /** What unknown paths get, with status 404: the SPA itself (it renders its 404 page), or a built-in page. */
  publicNotFound: Page;
  adminIndex: Page;
  /** True where a built-in page stands in for a missing build. */
  builtIn: { public: boolean; admin: boolean };
}

function page(html: string): Page {
  const body = Buffer.from(html, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

async function readIndex(dist: string): Promise<string | null> {
  try {
    return await readFile(path.join(dist, 'index.html'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return null;
    throw err;
  }
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
}): Promise<SitePages> {
  const configTag = runtimeConfigTag(opts.runtime);
  const brand = escapeHtml(opts.runtime.brandName);
  const [publicHtml, adminHtml] = await Promise.all([readIndex(opts.publicDist), readIndex(opts.adminDist)]);

  let publicIndex: Page;
  let publicNotFound: Page;
  if (publicHtml !== null) {
    publicIndex = page(injectIntoHead(publicHtml, { atHeadEnd: configTag }));
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
    publicNotFound,
    adminIndex,
    builtIn: { public: publicHtml === null, admin: adminHtml === null },
  };
}
