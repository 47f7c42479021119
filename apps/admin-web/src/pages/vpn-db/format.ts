/**
 * Display formats of the analytics and search tabs. The locale is fixed so an operator's figures
 * read the same on every machine (and tests can assert them); times use the panel's one format
 * (components/data-table/format.ts) in the browser's time zone.
 */
import { formatDateTime as panelDateTime } from '../../components/data-table/format.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1234567 → '1,234,567'; a fraction keeps one digit (1234.56 → '1,234.6'). */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Binary units as Postgres reports them: 1536 → '1.5 KB', 0 → '0 B'. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : decimal.format(value);
  return `${shown} ${BYTE_UNITS[unit]}`;
}

/**
 * An ISO time in the panel's one date-and-time format (local time zone); `missing` ('Never', '—')
 * when there is none or it cannot be read.
 */
export function formatDateTime(iso: string | null | undefined, missing = '—'): string {
  return panelDateTime(iso, missing);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Mar 2025', without a Date (so no time zone can move it to another month). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}
