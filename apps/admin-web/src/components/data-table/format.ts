/**
 * How a raw cell value reads, on screen and in the CSV export: booleans as Yes or No, null and
 * undefined as a dash, ISO dates as local date and time.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True for an ISO 8601 date-time string such as `2026-11-23T10:15:00.000Z`. */
export function isIsoDateString(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

export const EMPTY_VALUE = '-';

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? EMPTY_VALUE : value.toLocaleString();
  if (typeof value === 'string') return isIsoDateString(value) ? new Date(value).toLocaleString() : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

/** A date for a table cell: local date and time, or `fallback` when there is none. */
export function formatDateTime(value: string | null | undefined, fallback = EMPTY_VALUE): string {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toLocaleString();
}
