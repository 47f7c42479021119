import { notifications } from '@mantine/notifications';
import { UI_TIMINGS } from '@tunnelscope/contracts';
import type {
  FocusEvent as ReactFocusEvent,
  KeyboardEvent as ReactKeyboardEvent,
  PointerEvent as ReactPointerEvent,
} from 'react';

/**
 * The site's toasts, on top of Mantine's notifications (rendered by <Notifications> in App.tsx):
 * - toast(title, message?, kind?) shows one toast; a new one replaces whatever is showing
 *   (only one at a time). It closes itself after UI_TIMINGS.toastDurationMs (5000 ms).
 * - F8 moves keyboard focus to the current toast (the "toast region"); while it holds focus it
 *   does not close on its own; Escape dismisses it and focus returns where it was before F8.
 * - Swiping (pointer: mouse, pen or touch) right by UI_TIMINGS.toastSwipeThresholdPx (50 px)
 *   dismisses it.
 * Mantine's own drag and scroll dismissal is switched off in App.tsx, so only that swipe dismisses.
 * A dismissed toast leaves the page at once. The spec's "removed after 1,000,000 ms" describes
 * how long a dismissed toast may linger, unseen, in a toast library's memory; nothing here keeps
 * one, so there is no delay to configure.
 */
export type ToastKind = 'success' | 'error' | 'info';
const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'blue' };

export const TOAST_HOTKEY = 'F8';
const TOAST_ATTRIBUTE = 'data-toast';

let sequence = 0;
let currentId: string | null = null;
/** Where focus was when F8 moved it to the toast, to give it back when the toast goes. */
let returnFocusTo: HTMLElement | null = null;
let hotkeyInstalled = false;

function currentElement(): HTMLElement | null {
  if (!currentId || typeof document === 'undefined') return null;
  return document.querySelector<HTMLElement>(`[${TOAST_ATTRIBUTE}="${currentId}"]`);
}

function restoreFocus(element: HTMLElement | null): void {
  const active = document.activeElement;
  const focusWasInToast = !active || active === document.body || (element?.contains(active) ?? false);
  const target = returnFocusTo;
  returnFocusTo = null;
  if (focusWasInToast && target?.isConnected) target.focus();
}

/** Moves focus to the toast showing now (F8). Answers false when there is none. */
export function focusToastRegion(): boolean {
  const element = currentElement();
  if (!element) return false;
  if (!element.contains(document.activeElement)) {
    returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  element.focus();
  return true;
}

function installHotkey(): void {
  if (hotkeyInstalled || typeof document === 'undefined') return;
  hotkeyInstalled = true;
  document.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey) return;
    if (focusToastRegion()) event.preventDefault();
  });
}

function swipeHandlers(id: string) {
  let start: { pointerId: number; x: number } | null = null;
  return {
    onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start = { pointerId: event.pointerId, x: event.clientX };
    },
    onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => {
      if (!start || start.pointerId !== event.pointerId) return;
      const distance = event.clientX - start.x;
      start = null;
      if (distance >= UI_TIMINGS.toastSwipeThresholdPx) notifications.hide(id);
    },
    onPointerCancel: () => {
      start = null;
    },
  };
}

/** One toast at a time: a new one replaces whatever is showing. */
export function toast(title: string, message?: string, kind: ToastKind = 'info'): void {
  installHotkey();
  // The toast being replaced may hold focus (F8): hand it back before it disappears.
  const previous = currentElement();
  if (previous?.contains(document.activeElement)) restoreFocus(previous);
  notifications.clean();
  sequence += 1;
  const id = `toast-${sequence}`;
  currentId = id;
  notifications.show({
    id,
    title,
    message: message ?? '',
    color: COLORS[kind],
    autoClose: UI_TIMINGS.toastDurationMs,
    withBorder: true,
    tabIndex: -1,
    [TOAST_ATTRIBUTE]: id,
    'data-kind': kind,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    ...swipeHandlers(id),
    onKeyDown: (event: ReactKeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        notifications.hide(id);
      }
    },
    // Someone reading it with the keyboard keeps it until they leave it (WCAG 2.2.1).
    onFocus: () => notifications.update({ id, message: message ?? '', autoClose: false }),
    onBlur: (event: ReactFocusEvent<HTMLDivElement>) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      notifications.update({ id, message: message ?? '', autoClose: UI_TIMINGS.toastDurationMs });
    },
    onClose: () => {
      const element = currentElement();
      if (currentId === id) currentId = null;
      if (element) restoreFocus(element);
    },
  });
}
