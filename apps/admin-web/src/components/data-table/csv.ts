/**
 * CSV export of a data table: a header row of the column labels, every cell quoted with its quotes
 * doubled, booleans as Yes or No, null and undefined as a dash, ISO dates as local date and time.
 * Pure, so it is tested without a browser.
 */
import { formatValue, isIsoDateString } from './format.js';

/** A column as the export sees it: a label and how to read the cell's value from a row. */
export interface CsvColumn<Row> {
  label: string;
  value: (row: Row) => unknown;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula.
 * These tables hold what strangers typed into public forms, so such text is defused with a
 * leading apostrophe (OWASP "CSV injection"). The dash that stands for null is not typed text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of one cell, before quoting. */
export function csvText(value: unknown): string {
  const text = formatValue(value);
  const typed =
    typeof value === 'string'
      ? !isIsoDateString(value)
      : typeof value === 'object' && value !== null && !(value instanceof Date);
  return typed && FORMULA_START.test(text) ? `'${text}` : text;
}

/** One quoted cell: `"…"` with every `"` doubled. */
export function csvCell(value: unknown): string {
  return `"${csvText(value).replace(/"/g, '""')}"`;
}

/** The whole file: header row, then one line per row, lines ended by CRLF (RFC 4180). */
export function buildCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.label)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `YYYY-MM-DD` of `date` in local time, as the operator reads their calendar. */
export function localDateStamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The file name: the title in lower case with hyphens, then the date: `admin-users-2026-11-23.csv`. */
export function csvFileName(title: string, date: Date): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'export'}-${localDateStamp(date)}.csv`;
}
