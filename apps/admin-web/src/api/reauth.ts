/**
 * Re-authentication (issue 13): changing one's own password or e-mail and turning 2FA off send
 * the current password. A wrong one answers 403 `invalid_current_password` — not 401, which means
 * "session over" — so the form shows the server's message at the field and the operator stays.
 */
import { INVALID_CURRENT_PASSWORD_ERROR } from '@tunnelscope/contracts';
import { AdminApiError } from './client.js';

/** The server's message when `error` is a refused current password, else undefined. */
export function wrongCurrentPasswordMessage(error: unknown): string | undefined {
  if (!(error instanceof AdminApiError) || error.status !== 403) return undefined;
  if (error.code !== INVALID_CURRENT_PASSWORD_ERROR) return undefined;
  return error.serverMessage ?? 'Current password is incorrect';
}
