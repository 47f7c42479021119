import { ApiError } from '../../api/http.js';

/**
 * How long the "Resend code" link waits after a code went out. The server allows at most 5 codes
 * per address an hour (DECISIONS), so a visitor who waits this long each time still has codes left
 * for a typo in the address; the server's limit stays the real bound.
 */
export const RESEND_COOLDOWN_SECONDS = 30;

/**
 * Seconds to wait before another try when the server refused for too many requests: read from its
 * message ('… try again in 12 seconds.' / '… in 5 minutes.'), or a minute when it does not say.
 */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const body = error.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : '';
  const wait = /try again in (\d+) (second|minute|hour)s?/i.exec(message);
  if (!wait) return 60;
  const unit = { second: 1, minute: 60, hour: 3600 }[wait[2]!.toLowerCase() as 'second' | 'minute' | 'hour'];
  return Number(wait[1]) * unit;
}
