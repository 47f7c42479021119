import type { ApiKeyView } from '@tunnelscope/contracts';
import { formatDateTime } from '../../components/data-table/index.js';

export interface ApiKeyStatus {
  kind: 'active' | 'rotating' | 'revoked';
  /** The whole status in words, as the CSV export writes it. */
  label: string;
  /** Rotating: until when the old secret still works (local date and time). */
  until?: string;
}

/**
 * What an operator needs to know about a key at a glance: revoked (it answers 401), rotating (a
 * rotated-away secret still works until the grace period ends) or simply active.
 */
export function apiKeyStatus(key: ApiKeyView, now: Date = new Date()): ApiKeyStatus {
  if (key.revokedAt) return { kind: 'revoked', label: 'Revoked' };
  if (key.graceUntil && new Date(key.graceUntil).getTime() > now.getTime()) {
    const until = formatDateTime(key.graceUntil);
    return { kind: 'rotating', label: `Rotating until ${until}`, until };
  }
  return { kind: 'active', label: 'Active' };
}
