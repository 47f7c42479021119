import type { ApiKeyView } from '@tunnelscope/contracts';
import { formatDateTime } from '../../components/data-table/index.js';

export type ApiKeyStatus =
  | { kind: 'revoked'; label: string }
  | { kind: 'rotating'; label: string }
  | { kind: 'active'; label: string };

/**
 * What an operator needs to know about a key at a glance: revoked (it answers 401), rotating (a
 * rotated-away secret still works until the grace period ends) or simply active.
 */
export function apiKeyStatus(key: ApiKeyView, now: Date = new Date()): ApiKeyStatus {
  if (key.revokedAt) return { kind: 'revoked', label: 'Revoked' };
  if (key.graceUntil && new Date(key.graceUntil).getTime() > now.getTime()) {
    return { kind: 'rotating', label: `Rotating until ${formatDateTime(key.graceUntil)}` };
  }
  return { kind: 'active', label: 'Active' };
}
