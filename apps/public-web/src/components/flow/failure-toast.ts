import { messageOf } from '../../api/forms.js';
import { toast } from '../toast/toast.js';
import { retryAfterSecondsOf } from './resend.js';

/** "45 seconds", "5 minutes", "3 hours". */
function waitPhrase(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The one wording of a "too many requests" refusal on the three forms, whichever limit refused
 * (the gateway's per-minute limit or the per-address code quota, which word it differently).
 * Null when the error is not such a refusal.
 */
export function tooManyRequestsText(error: unknown): string | null {
  const seconds = retryAfterSecondsOf(error);
  return seconds === undefined ? null : `Too many requests. Please try again in ${waitPhrase(seconds)}.`;
}

/**
 * The failure toast of the three code-protected forms, one style for all: an error toast whose
 * title is the form's specified text, and whose description is
 * - the one "too many requests" wording when the server refused for that,
 * - else the server's own message when it sent one that says more (an expired code, a disposable
 *   address), else `fallback` (the spec's text, for forms whose spec text is the description).
 */
export function failureToast(title: string, error: unknown, fallback = ''): void {
  const detail = tooManyRequestsText(error) ?? messageOf(error, fallback);
  toast(title, detail && detail !== title ? detail : undefined, 'error');
}
