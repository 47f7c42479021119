/**
 * How a raw cell value reads, on screen and in the CSV export: booleans as Yes or No, null and
 * undefined as a dash, ISO dates as local date and time. Every date and time of the panel goes
 * through `formatDateTime`: one format (`2026-11-26 14:03:09`) in the operator's time zone, on
 * every tab and in every export, whatever the browser's locale.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True for an ISO 8601 date-time string such as `2026-11-23T10:15:00.000Z`. */
export function isIsoDateString(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

export const EMPTY_VALUE = '-';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` of a valid date in the browser's (the operator's) time zone. */
function localDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * The panel's one date-and-time format: `2026-11-26 14:03:09`, local time, 24 hours. Sortable
 * as text, the same on every machine's locale. `fallback` when there is no (readable) date.
 */
export function formatDateTime(value: string | Date | null | undefined, fallback = EMPTY_VALUE): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : localDateTime(date);
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'string') return isIsoDateString(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  return JSON.stringify(value);
}
