/**
 * A record's history as the drawer lists it: the operators' changes (admin audit rows of that
 * record) and the visitor's own events for its address (registration logs), in one list, newest
 * first, each with a one-line summary.
 */
import type { HistoryEntry } from '@tunnelscope/contracts';
import type { AdminHistoryRow, VisitorHistoryRow } from './record-repository.js';

function object(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** "Status Waiting → Complete; notes changed (bulk)" from an `…_updated` row's details. */
export function adminSummary(row: AdminHistoryRow): string {
  const details = object(row.details);
  const status = object(details.status);
  const parts: string[] = [];
  if (typeof status.from === 'string' && typeof status.to === 'string' && status.from !== status.to)
    parts.push(`Status ${status.from} → ${status.to}`);
  if (details.notesChanged === true) parts.push(parts.length ? 'notes changed' : 'Notes changed');
  const text = parts.length ? parts.join('; ') : 'Saved without a change';
  return details.bulk === true ? `${text} (bulk action)` : text;
}

export function visitorSummary(row: VisitorHistoryRow): string {
  if (row.success) return 'Succeeded';
  return row.error_message ? `Failed: ${row.error_message}` : 'Failed';
}

export function mergeHistory(admin: AdminHistoryRow[], visitor: VisitorHistoryRow[]): HistoryEntry[] {
  const entries: (HistoryEntry & { time: number })[] = [
    ...admin.map((r) => ({
      time: r.created_at.getTime(),
      at: r.created_at.toISOString(),
      kind: 'admin' as const,
      who: r.username,
      action: r.action,
      summary: adminSummary(r),
    })),
    ...visitor.map((r) => ({
      time: r.created_at.getTime(),
      at: r.created_at.toISOString(),
      kind: 'visitor' as const,
      who: r.email,
      action: r.action,
      summary: visitorSummary(r),
    })),
  ];
  // Stable: within one instant the sources keep their own newest-first order, operators first.
  entries.sort((a, b) => b.time - a.time);
  return entries.map(({ time: _time, ...entry }) => entry);
}
