import { formatBytes, formatDateTime, formatMonth, formatNumber } from './format.js';

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(1_284_503)).toBe('1,284,503');
    expect(formatNumber(0)).toBe('0');
  });
  it('keeps one decimal of a fraction', () => {
    expect(formatNumber(12_433.75)).toBe('12,433.8');
  });
  it('shows a dash for a missing value', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});

describe('formatBytes', () => {
  it('uses binary units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(9_437_184)).toBe('9 MB');
    expect(formatBytes(2_147_483_648)).toBe('2 GB');
    expect(formatBytes(251_658_240)).toBe('240 MB');
  });
  it('shows a dash for a missing or negative size', () => {
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it("says 'Never' (or the given word) when there is no time", () => {
    expect(formatDateTime(null, 'Never')).toBe('Never');
    expect(formatDateTime(null)).toBe('—');
  });
  it("formats an ISO time in the panel's one format, local time", () => {
    const local = new Date(2025, 4, 30, 12, 3, 9);
    expect(formatDateTime(local.toISOString())).toBe('2025-05-30 12:03:09');
  });
  it('shows the missing mark for an unreadable value', () => {
    expect(formatDateTime('yesterday')).toBe('—');
  });
});

describe('formatMonth', () => {
  it('names the month of YYYY-MM without moving it across time zones', () => {
    expect(formatMonth('2025-01')).toBe('Jan 2025');
    expect(formatMonth('2024-12')).toBe('Dec 2024');
    expect(formatMonth('garbage')).toBe('garbage');
  });
});
