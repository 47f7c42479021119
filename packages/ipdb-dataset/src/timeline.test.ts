import { parseDate, Timeline, todayUtc } from './timeline.js';

describe('Timeline', () => {
  const t = new Timeline(new Date('2026-03-15T00:00:00Z'), 24);

  it('spans the months ending with the reference month', () => {
    expect(t.month(0)).toBe('2024-04');
    expect(t.month(23)).toBe('2026-03');
    expect(t.days(22)).toBe(28); // February 2026
    expect(t.days(23)).toBe(15); // up to the reference date
    expect(t.date(0, 1)).toBe('2024-04-01');
    expect(t.date(23, 15)).toBe('2026-03-15');
  });

  it('gives instants relative to the reference date', () => {
    expect(t.before(12)).toBe('2026-03-14T12:00:00.000Z');
    expect(t.at(23, 2, 6.5)).toBe('2026-03-02T06:30:00.000Z');
  });

  it('parses calendar dates only', () => {
    expect(parseDate('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(() => parseDate('2026-02-30')).toThrow('not a calendar date');
    expect(() => parseDate('26-2-3')).toThrow('YYYY-MM-DD');
    expect(todayUtc(new Date('2026-05-06T23:59:00+02:00')).toISOString()).toBe('2026-05-06T00:00:00.000Z');
  });
});
