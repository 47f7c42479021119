import { formatDateTime, formatValue } from './format.js';

describe('formatDateTime: the panel’s one date and time format', () => {
  it('is YYYY-MM-DD HH:mm:ss in the operator’s time zone, 24 hours', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 14, 3, 9).toISOString())).toBe('2026-11-26 14:03:09');
    expect(formatDateTime(new Date(2027, 0, 5, 0, 0, 0))).toBe('2027-01-05 00:00:00');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12-31 23:59:59');
  });

  it('shows the fallback for no date or an unreadable one', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined, 'Never')).toBe('Never');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('yesterday', '—')).toBe('—');
  });

  it('is what a table cell and the export show for an ISO date', () => {
    const iso = new Date(2026, 10, 26, 9, 30, 0).toISOString();
    expect(formatValue(iso)).toBe('2026-11-26 09:30:00');
    expect(formatValue(new Date(iso))).toBe('2026-11-26 09:30:00');
  });
});
