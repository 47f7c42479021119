/**
 * The build's last step (issue 15): renders every public route and the 404 page with React's
 * static rendering of the real components (src/App.tsx, at a StaticRouter address), and writes
 * each into a copy of the built index.html, with the route's head tags (src/seo) and the
 * stylesheets and modulepreloads of the route's lazy chunk, then takes every request off the
 * first paint's path (first-paint.ts: CSS inlined, the app started after the first paint by the
 * page's one inline script, which the gateway's CSP allows by hash). The runtime settings are their
 * placeholders here; the gateway fills them at start-up (DECISIONS: none is built in).
 *
 *   vite build && vite build --ssr src/prerender/prerender.tsx --outDir dist/.ssr && node dist/.ssr/prerender.js
 *
 * Output: dist/.pages/<route>.html and dist/.pages/routes.json (route → file, with the 404 page
 * under "404"). A dot folder: the gateway never serves it as files, only as filled pages.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { PUBLIC_ROUTES } from '@tunnelscope/contracts';
import { App } from '../App.js';
import { headTagsFor } from '../seo/head.js';
import { inlineFirstPaint } from './first-paint.js';
import { PAGE_SOURCES, type PrerenderedRoutes } from './routes-manifest.js';

const dist = path.resolve(process.argv[2] ?? 'dist');
/** An address no route has: what the 404 page is rendered at. */
const NOT_FOUND_ADDRESS = '/404';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

async function streamToString(stream: AsyncIterable<unknown>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}

async function renderRoute(address: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={address}>{children}</StaticRouter>
  );
  // Waits for every lazy page: the HTML holds the page itself, never the loading fallback.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={Router} />
    </StrictMode>,
    {
      // React outlines a large Suspense boundary and moves it in place with an inline <script>;
      // the CSP refuses inline scripts, so every boundary goes out whole, in order.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        throw error;
      },
    },
  );
  return streamToString(prelude);
}

/** The files a lazy chunk needs that the entry does not already load: its JS and its CSS. */
function chunkFiles(manifest: Manifest, source: string | undefined) {
  if (!source) return { js: [], css: [] };
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) collect(dep, into);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) collect(entryKey, loaded);
  if (!manifest[source]) throw new Error(`prerender: ${source} is not in the build's manifest`);
  const needed = new Set<string>();
  collect(source, needed);
  const keys = [...needed].filter((k) => !loaded.has(k));
  return {
    js: keys.map((k) => `/${manifest[k]!.file}`),
    css: keys.flatMap((k) => (manifest[k]!.css ?? []).map((f) => `/${f}`)),
  };
}

function pageHtml(template: string, address: string, body: string, files: { js: string[]; css: string[] }) {
  const head = headTagsFor(address === NOT_FOUND_ADDRESS ? '/__not-found__' : address);
  const links = [
    ...files.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...files.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
  const withHead = template.replace(/<!-- ts:head -->[\s\S]*?<!-- \/ts:head -->/, head);
  if (withHead === template) throw new Error('prerender: index.html has no <!-- ts:head --> block');
  const withLinks = withHead.replace('</head>', `${links ? `  ${links}\n  ` : ''}</head>`);
  const root = '<div id="root"></div>';
  if (!withLinks.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  return inlineFirstPaint(withLinks.replace(root, `<div id="root">${body}</div>`), {
    read: (urlPath) => readFileSync(path.join(dist, urlPath), 'utf8'),
  });
}

async function main() {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const out = path.join(dist, '.pages');
  rmSync(out, { recursive: true, force: true });
  const written: PrerenderedRoutes = { routes: {}, notFound: '404.html' };
  const addresses = [...PUBLIC_ROUTES, NOT_FOUND_ADDRESS];
  // A first pass loads every lazy page, so the second renders without suspending: an out-of-order
  // boundary would need an inline <script>, which the CSP refuses (the browser would then render
  // that page again instead of hydrating it).
  for (const address of addresses) await renderRoute(address);
  for (const address of addresses) {
    const body = await renderRoute(address);
    if (/<script\b/i.test(body))
      throw new Error(`prerender: ${address} has an inline script (a page still suspends)`);
    const source = address === NOT_FOUND_ADDRESS ? PAGE_SOURCES['*'] : PAGE_SOURCES[address];
    const html = pageHtml(template, address, body, chunkFiles(manifest, source));
    const file =
      address === NOT_FOUND_ADDRESS
        ? '404.html'
        : address === '/'
          ? 'index.html'
          : `${address.slice(1)}.html`;
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), html);
    if (address !== NOT_FOUND_ADDRESS) written.routes[address] = file;
    process.stdout.write(
      `prerendered ${address.padEnd(15)} → .pages/${file} (${(html.length / 1024).toFixed(1)} KiB)\n`,
    );
  }
  writeFileSync(path.join(out, 'routes.json'), `${JSON.stringify(written, null, 2)}\n`);
}

await main();
