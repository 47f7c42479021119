/**
 * The idle warning's clock (issue 16): when the server will end an idle session, in this
 * browser's time. The server says when (`idleExpiresAt`) and what time it is there
 * (`serverTime`), so a skewed client clock does not move the deadline; the browser adds only the
 * remaining time to the moment it received the answer.
 */
import type { SessionView } from '@tunnelscope/contracts';

/** The warning shows this long before the idle timeout. */
export const IDLE_WARNING_MS = 2 * 60_000;

/** The client time the session goes idle at, or null when it has no idle timeout (Remember me). */
export function idleDeadline(view: SessionView, receivedAt: number): number | null {
  if (!view.idleExpiresAt) return null;
  const remaining = Date.parse(view.idleExpiresAt) - Date.parse(view.serverTime);
  return Number.isNaN(remaining) ? null : receivedAt + remaining;
}

/** `m:ss` of what is left (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
