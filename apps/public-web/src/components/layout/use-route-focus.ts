import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for a lazily loaded page's heading before giving up on moving focus. */
const HEADING_WAIT_MS = 5000;

function focusHeading(heading: HTMLElement): void {
  // A heading is not focusable by itself: tabIndex -1 lets a script focus it without adding a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * What a page load does that a client-side route change does not by itself: after each change of
 * path (not on the first load), scroll to the top, unless the address has an anchor (the anchor
 * scroll of use-anchor-scroll takes over), and move focus to the new page's <h1>, so a screen
 * reader announces the new page and Tab continues from its top. A page that loads on demand has
 * no heading yet: the hook watches `main` until one appears.
 */
export function useRouteFocus(mainRef: { current: HTMLElement | null }): void {
  const { pathname, hash } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = mainRef.current;
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!main) return;

    const found = main.querySelector<HTMLElement>('h1');
    if (found) {
      focusHeading(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return;
      observer.disconnect();
      window.clearTimeout(timer);
      focusHeading(heading);
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    // Only a new path is a new page (a new anchor on the same page is a scroll).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
