import { messageOf } from '../../api/forms.js';
import { toast } from '../toast/toast.js';

/**
 * A failure toast whose title is the specified text and whose description is the server's own
 * message when it sent one that says more (e.g. a rate limit or an expired code).
 */
export function failureToast(title: string, error: unknown): void {
  const detail = messageOf(error, '');
  toast(title, detail && detail !== title ? detail : undefined, 'error');
}
