/**
 * The keyboard map of a data table, as a pure function of a key event: j/k move the row focus,
 * Enter opens the focused row, 1/2/3 set Waiting/Pending/Complete, n opens it at the notes,
 * / focuses the search box and ? shows the shortcuts. Nothing fires while the operator types in
 * a field, with Ctrl, Alt or Meta held (the browser's and the system's shortcuts), or while a
 * dialog, drawer or popover is open.
 */
import { RECORD_STATUSES, type RecordStatus } from '@tunnelscope/contracts';

export type ReviewKeyAction =
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'open' }
  | { kind: 'notes' }
  | { kind: 'status'; status: RecordStatus }
  | { kind: 'search' }
  | { kind: 'help' };

/** The keys and what they do, in the order the help dialog lists them. */
export const REVIEW_SHORTCUTS: readonly { keys: string[]; description: string }[] = [
  { keys: ['j'], description: 'Next row' },
  { keys: ['k'], description: 'Previous row' },
  { keys: ['Enter'], description: 'Open the row' },
  { keys: ['1'], description: `Set status ${RECORD_STATUSES[0]}` },
  { keys: ['2'], description: `Set status ${RECORD_STATUSES[1]}` },
  { keys: ['3'], description: `Set status ${RECORD_STATUSES[2]}` },
  { keys: ['n'], description: 'Edit the notes of the row' },
  { keys: ['/'], description: 'Search' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

/** An element the operator types into: the keys are theirs there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]'))
    return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // A checkbox or a button-like input takes no text.
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color'].includes(type);
}

/** A modal dialog, a drawer or a popover is open: the keys belong to it. */
export function overlayOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"]') !== null;
}

/** What `event` asks of the table, or null when it is not a shortcut here and now. */
export function reviewKeyAction(
  event: Pick<
    KeyboardEvent,
    'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey' | 'target' | 'isComposing'
  >,
  doc: Document = document,
): ReviewKeyAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  if (isTypingTarget(event.target) || overlayOpen(doc)) return null;
  // '?' needs Shift on most layouts; every other shortcut is a plain key.
  if (event.key === '?') return { kind: 'help' };
  if (event.shiftKey) return null;
  switch (event.key) {
    case 'j':
      return { kind: 'next' };
    case 'k':
      return { kind: 'previous' };
    case 'Enter':
      return { kind: 'open' };
    case 'n':
      return { kind: 'notes' };
    case '/':
      return { kind: 'search' };
    case '1':
    case '2':
    case '3':
      return { kind: 'status', status: RECORD_STATUSES[Number(event.key) - 1]! };
    default:
      return null;
  }
}
