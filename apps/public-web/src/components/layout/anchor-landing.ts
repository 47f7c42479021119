/** How long after an anchor scroll its section is held at the top while the page above settles. */
export const ANCHOR_HOLD_MS = 5000;

/** Inputs by which the visitor scrolls by themselves; any of them ends the hold at once. */
const VISITOR_SCROLL_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls smoothly to `target`, then makes sure it ends up there. Sections above it can change
 * height during the smooth scroll and after it (a lazy chunk's styles, a web font, the globe's
 * picture giving way to its canvas), which would leave the section short of the top, and on a
 * busy machine the scroll can end after the page has already grown. So until the visitor scrolls
 * by themselves or ANCHOR_HOLD_MS pass, the section is landed on exactly (an instant scroll, none
 * when it already sits where it landed) when the smooth scroll ends and whenever the page's size
 * changes after that; when the hold ends untouched it lands once more, in case the smooth scroll
 * never reported its end. Browsers without `ResizeObserver` still get both landings.
 */
export function scrollToAndHold(target: HTMLElement): void {
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });

  let smoothScrollEnded = false;
  /** Where the section sits once landed (below the header, by its scroll margin). */
  let restingTop: number | null = null;
  const land = () => {
    // Already there: no scroll. An instant scroll fires `scrollend` even when nothing moved, so
    // scrolling again here would land forever, a frame at a time.
    if (restingTop !== null && Math.abs(target.getBoundingClientRect().top - restingTop) < 1) return;
    target.scrollIntoView({ behavior: 'instant', block: 'start' });
    restingTop = target.getBoundingClientRect().top;
  };
  const onScrollEnd = () => {
    smoothScrollEnded = true;
    land();
  };
  const pageSizes =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          if (smoothScrollEnded) land();
        });
  const release = () => {
    window.clearTimeout(timer);
    window.removeEventListener('scrollend', onScrollEnd);
    pageSizes?.disconnect();
    for (const type of VISITOR_SCROLL_INPUTS) window.removeEventListener(type, release);
  };
  const timer = window.setTimeout(() => {
    release();
    land();
  }, ANCHOR_HOLD_MS);

  window.addEventListener('scrollend', onScrollEnd);
  pageSizes?.observe(document.body);
  for (const type of VISITOR_SCROLL_INPUTS) window.addEventListener(type, release, { passive: true });
}
