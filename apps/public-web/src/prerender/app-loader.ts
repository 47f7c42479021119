/**
 * How a prerendered page starts its app (issue 15, mobile performance). The page's HTML is
 * complete, so nothing but that HTML should stand between a visitor and the first paint: the
 * page's CSS is inlined (first-paint.ts) and the app's JavaScript is not asked for until the page
 * has painted. The entry module and the chunks it imports are listed in one inert
 * `<meta name="ts-app">` (entry first); this loader, serialized into the page's one inline script
 * (allowed by its CSP hash), adds their `modulepreload` links and the entry `<script type=module>`
 * once the document is parsed and a frame has been painted. The scripts are the same files as
 * before, fetched in parallel; hydration starts a frame later than it would have.
 *
 * Self-contained on purpose: `loadAppAfterFirstPaint.toString()` is what the page runs.
 */
export function loadAppAfterFirstPaint(doc: Document, win: Window): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const listed = doc.querySelector('meta[name="ts-app"]')?.getAttribute('content') ?? '';
    const [entry, ...chunks] = listed.split(' ').filter(Boolean);
    if (!entry) return;
    for (const href of chunks) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.appendChild(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.head.appendChild(script);
  };
  const afterFirstPaint = () => {
    // A frame callback runs just before a paint; a task queued from it runs after that paint.
    win.requestAnimationFrame(() => win.setTimeout(start, 0));
    // A tab opened in the background paints no frame until shown: start anyway.
    win.setTimeout(start, 500);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
  else afterFirstPaint();
}

/** The statement the page's inline script runs (after the theme). */
export const APP_LOADER_SOURCE = `(${loadAppAfterFirstPaint.toString()})(document, window);`;
