import { inlineFirstPaint } from './first-paint.js';

const FILES: Record<string, string> = {
  '/assets/index.css': 'body{margin:0}',
  '/assets/Page.css': '.page{color:red}',
  '/theme-init.js': "document.documentElement.setAttribute('data-mantine-color-scheme', 'light');\n",
};
const files = { read: (urlPath: string) => FILES[urlPath] ?? `missing ${urlPath}` };

/** What vite writes (entry script, its preloads and CSS) plus what the prerender adds for a route. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>t</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="stylesheet" crossorigin href="/assets/Page.css">
    <link rel="modulepreload" crossorigin href="/assets/Page.js">
  </head>
  <body><div id="root"><main>page</main></div></body>
</html>`;

describe('inlineFirstPaint', () => {
  const page = inlineFirstPaint(BUILT, files);

  it('leaves no request on the first paint: no stylesheet link, no script file, no preload', () => {
    expect(page).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
    expect(page).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it('inlines each stylesheet in its place and order', () => {
    expect(page).toContain('<style data-href="/assets/index.css">body{margin:0}</style>');
    expect(page.indexOf('body{margin:0}')).toBeLessThan(page.indexOf('.page{color:red}'));
  });

  it('lists the entry first, then every chunk once, for the loader', () => {
    expect(page).toContain(
      '<meta name="ts-app" content="/assets/index.js /assets/react.js /assets/Page.js">',
    );
  });

  it('runs the theme first, then the loader, in one bare inline script (what the CSP hash covers)', () => {
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe('');
    const source = scripts[0]![2]!;
    expect(source.indexOf('data-mantine-color-scheme')).toBeLessThan(
      source.indexOf('loadAppAfterFirstPaint'),
    );
    expect(page).toContain('<main>page</main>');
  });

  it('refuses a page it cannot make right', () => {
    expect(() =>
      inlineFirstPaint(BUILT.replace('<script src="/theme-init.js"></script>', ''), files),
    ).toThrow(/theme-init/);
    expect(() =>
      inlineFirstPaint(
        BUILT.replace('<script type="module" crossorigin src="/assets/index.js"></script>', ''),
        files,
      ),
    ).toThrow(/one entry module/);
    expect(() =>
      inlineFirstPaint(BUILT, {
        read: (p) => (p.endsWith('.css') ? 'a{}</style><script>x()</script>' : files.read(p)),
      }),
    ).toThrow(/cannot be inlined/);
  });
});
