import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { UI_TIMINGS } from '@tunnelscope/contracts';
import { scrollToAndHold } from './anchor-landing.js';

function scrollToAnchor(hash: string): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return;
  const target = document.getElementById(id);
  if (target) scrollToAndHold(target);
}

/** On load (and on navigation to `/#x`), scroll to the address's anchor after 100 ms. */
export function useScrollToHashOnLoad(): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => scrollToAnchor(hash), UI_TIMINGS.scrollToAnchorDelayMs);
    return () => window.clearTimeout(timer);
  }, [hash, pathname]);
}

/**
 * Follows a link like `/#features`: on the home page it scrolls smoothly to the section,
 * elsewhere it navigates to the home page with the anchor. A link to the page showing scrolls
 * smoothly to its top.
 */
export function useAnchorNavigation(): (to: string) => void {
  const navigate = useNavigate();
  const shown = useLocation().pathname;
  return (to) => {
    const [path, hash] = to.split('#');
    // On a page only when it is both shown and the address: a route change shows its page once
    // the page's chunk is loaded, while the address changes at once. A click meanwhile on an
    // anchor of the page still shown must navigate, not scroll the page about to be replaced
    // (that left /contact on screen at /#api).
    const pathname = shown === window.location.pathname ? shown : null;
    if (hash && (path === '' || path === '/') && pathname === '/') {
      window.history.replaceState(null, '', `/#${hash}`);
      scrollToAnchor(hash);
      return;
    }
    // The page the visitor is on (Home on the home page): back to its top, smoothly, as for an anchor.
    if (!hash && path === pathname) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    // navigate() answers a promise only under a data router; BrowserRouter navigates at once.
    void navigate(to);
  };
}
