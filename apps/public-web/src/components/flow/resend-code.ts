import { toast } from '../toast/toast.js';
import { failureToast } from './failure-toast.js';
import { FORM_TEXT } from './messages.js';
import { retryAfterSecondsOf } from './resend.js';
import type { ResendOutcome } from './ResendCode.js';

/**
 * A "Resend code" of the three forms: sends the same submission again. The server recognises an
 * unverified submission with the same content and issues a new code on the same row (the same
 * requestId; the old code stops working), counted against the per-address code limits
 * (DECISIONS: "Submitting the same form again … replaces the code (a resend)").
 *
 *   onResend={() => resendCode({ send: () => join.mutateAsync(lastValues), email,
 *     failureTitle: FORM_TEXT.errorTitle, failureFallback: FORM_TEXT.waitlist.joinFailed,
 *     onCodeSent: flow.startVerification })}
 */
export async function resendCode(opts: {
  send(): Promise<{ requestId: string }>;
  email: string;
  /** The form's own submit-failure title and fallback text (see failureToast). */
  failureTitle: string;
  failureFallback?: string;
  /** With the submission's requestId (the same one, unless the server started a new row). */
  onCodeSent(requestId: string): void;
}): Promise<ResendOutcome> {
  try {
    const answer = await opts.send();
    opts.onCodeSent(answer.requestId);
    toast(FORM_TEXT.codeResentTitle, `Check ${opts.email} for your new 6-digit code.`, 'success');
    return { ok: true };
  } catch (error) {
    failureToast(opts.failureTitle, error, opts.failureFallback);
    return { ok: false, retryAfterSeconds: retryAfterSecondsOf(error) };
  }
}
