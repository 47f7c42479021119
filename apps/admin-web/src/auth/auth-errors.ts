/**
 * Which auth errors an operator sees, and in which words. Pure, so every rule has a unit test.
 */
import { ADMIN_MESSAGES } from '@tunnelscope/contracts';
import { AdminApiError, RetriesExhaustedError } from '../api/client.js';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_UNEXPECTED = 'An unexpected error occurred during login.';

/** What the browser's fetch says when no answer came at all (Chromium, Firefox, Safari). */
const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed/i;

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof RetriesExhaustedError) return error.status === 0;
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}

/** The text an error would show: the server's message when it sent one, else the error's own. */
export function errorText(error: unknown): string {
  if (error instanceof AdminApiError) return error.serverMessage ?? error.message;
  if (error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError) {
    return error.lastError.serverMessage ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The auth check on load says nothing for "not signed in" (401 / Unauthorized), for a network
 * failure and for a server that is restarting (503 / SERVER_RESTART): the login screen is answer
 * enough. Anything else is shown. Answers the message to show, or null.
 */
export function authCheckErrorMessage(error: unknown): string | null {
  if (isNetworkFailure(error)) return null;
  const statuses: number[] = [];
  const texts: string[] = [errorText(error)];
  if (error instanceof AdminApiError) {
    statuses.push(error.status);
    texts.push(error.message, error.code ?? '');
  }
  if (error instanceof RetriesExhaustedError) {
    statuses.push(error.status);
    if (error.lastError instanceof AdminApiError)
      texts.push(error.lastError.message, error.lastError.code ?? '');
  }
  if (statuses.some((s) => s === 401 || s === 503)) return null;
  if (texts.some((t) => /401|unauthorized|503|SERVER_RESTART/i.test(t))) return null;
  return texts[0] || null;
}

/** A login error that mentions 401 or Unauthorized is kept in state but not shown. */
export function visibleLoginError(error: string | null): string | null {
  if (!error) return null;
  return /401|unauthorized/i.test(error) ? null : error;
}

/** The server refused the bot-check token (its machine-readable code). */
export const CAPTCHA_FAILED_CODE = 'CAPTCHA_FAILED';

/**
 * The message for a refused login answer (success false, no requires2FA): the server's text, or
 * 'Login failed'. A bot-check refusal gets the spec's own sentence, unless the server said the
 * token was missing.
 */
export function refusedLoginMessage(body: { error?: string; message?: string }): {
  message: string;
  captchaFailed: boolean;
} {
  if (body.error === CAPTCHA_FAILED_CODE)
    return { message: captchaMessage(body.message), captchaFailed: true };
  return { message: body.message || body.error || LOGIN_FAILED, captchaFailed: false };
}

function captchaMessage(serverMessage: string | undefined): string {
  return serverMessage === ADMIN_MESSAGES.captchaMissing
    ? ADMIN_MESSAGES.captchaMissing
    : ADMIN_MESSAGES.captchaFailed;
}

/**
 * The message for a login call that threw: a non-OK answer (4xx, or 5xx after retries) shows the
 * server's text or 'HTTP {status}: {statusText}' / 'API call failed after retries'; anything else
 * (a broken answer, a bug) is 'An unexpected error occurred during login.'
 */
export function thrownLoginMessage(error: unknown): { message: string; captchaFailed: boolean } {
  const apiError =
    error instanceof AdminApiError
      ? error
      : error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError
        ? error.lastError
        : undefined;
  if (apiError?.code === CAPTCHA_FAILED_CODE) {
    return { message: captchaMessage(apiError.serverMessage), captchaFailed: true };
  }
  if (error instanceof AdminApiError || error instanceof RetriesExhaustedError) {
    return { message: errorText(error), captchaFailed: false };
  }
  return { message: LOGIN_UNEXPECTED, captchaFailed: false };
}
