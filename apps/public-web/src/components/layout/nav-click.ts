import type { MouseEvent } from 'react';

/**
 * True for a plain left click, the only click the site's links take over (to navigate inside the
 * app or scroll smoothly). Ctrl/Cmd/Shift/Alt-clicks and other buttons keep the browser's own
 * meaning of an <a href>: a new tab, a new window, a download. (A middle click fires auxclick,
 * not click, so it never arrives here.)
 */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
