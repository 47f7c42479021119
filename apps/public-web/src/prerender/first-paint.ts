/**
 * Takes every request off a prerendered page's first-paint path (issue 15: mobile performance
 * under Lighthouse's slow 4G, where each render-blocking request costs a round trip and the
 * app's JavaScript competes with the page for the link):
 *   - each `<link rel="stylesheet">` becomes a `<style>` with the file's CSS (the CSP allows
 *     inline styles; Mantine injects its own at run time anyway);
 *   - the theme script (`/theme-init.js`) and the app loader (app-loader.ts) become the page's one
 *     inline `<script>`, which the gateway allows by its hash (never 'unsafe-inline');
 *   - the entry `<script type="module">` and every `<link rel="modulepreload">` become one inert
 *     `<meta name="ts-app">` list that the loader starts after the first paint.
 * `vite` in development keeps index.html as it is (the external theme script, the module script).
 */
import { APP_LOADER_SOURCE } from './app-loader.js';

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;
// Removed with the line they stood on.
const MODULE_SCRIPT = /\n?[ \t]*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';

export interface FirstPaintFiles {
  /** The text of a built file by its URL path (`/assets/x.css`, `/theme-init.js`). */
  read(urlPath: string): string;
}

export function inlineFirstPaint(html: string, files: FirstPaintFiles): string {
  if (!html.includes(THEME_SCRIPT)) throw new Error(`prerender: the page has no ${THEME_SCRIPT}`);
  const modules: string[] = [];
  let page = html.replace(MODULE_SCRIPT, (_, src: string) => {
    modules.unshift(src); // the entry goes first
    return '';
  });
  if (modules.length !== 1)
    throw new Error(`prerender: expected one entry module script, found ${modules.length}`);
  page = page.replace(MODULE_PRELOAD, (_, href: string) => {
    if (!modules.includes(href)) modules.push(href);
    return '';
  });
  page = page.replace(STYLESHEET, (_, href: string) => {
    const css = files.read(href);
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} cannot be inlined (it holds </style>)`);
    return `<style data-href="${href}">${css}</style>`;
  });
  const boot = `${files.read('/theme-init.js').trim()}\n${APP_LOADER_SOURCE}`;
  if (/<\/script/i.test(boot)) throw new Error('prerender: the inline script cannot hold </script>');
  return page.replace(
    THEME_SCRIPT,
    `<meta name="ts-app" content="${modules.join(' ')}">\n    <script>${boot}</script>`,
  );
}
