import { MAX_PAGER_BUTTONS } from '@tunnelscope/contracts';

/**
 * The page numbers the pager shows: at most `max` (5 by default), a window that keeps the current
 * page in the middle where it can and slides at the ends.
 */
export function pageWindow(page: number, pages: number, max: number = MAX_PAGER_BUTTONS): number[] {
  if (pages < 1 || max < 1) return [];
  const count = Math.min(max, pages);
  const current = Math.min(Math.max(page, 1), pages);
  const start = Math.min(Math.max(current - Math.floor((count - 1) / 2), 1), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X–Y of Z': the 1-based range of rows on `page`, or 0–0 when there are none. */
export function shownRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total) };
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A row number of the pager text, with thousands separators: 1,234. */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}

/**
 * The total of 'Showing X–Y of Z', with thousands separators. When the server counted only up to
 * a limit (`totalIsLowerBound`, its `total` being that limit plus one), it reads e.g. '1,000+'.
 */
export function formatTotal(total: number, isLowerBound = false): string {
  return isLowerBound ? `${formatCount(Math.max(total - 1, 0))}+` : formatCount(total);
}
