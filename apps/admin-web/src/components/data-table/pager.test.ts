import { formatCount, formatTotal, pageWindow, shownRange } from './pager.js';

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never shows more than five buttons, keeping the current page in the middle', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows nothing without pages and clamps a page out of range', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(40, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('shownRange', () => {
  it('gives the rows of the page, the last page partly filled', () => {
    expect(shownRange(1, 25, 60)).toEqual({ from: 1, to: 25 });
    expect(shownRange(3, 25, 60)).toEqual({ from: 51, to: 60 });
    expect(shownRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('formatTotal', () => {
  it('writes an exact total with thousands separators', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatTotal(0)).toBe('0');
    expect(formatTotal(60)).toBe('60');
    expect(formatTotal(1234567)).toBe('1,234,567');
  });

  it("reads a lower-bound total (the server's limit plus one) as the limit and a plus", () => {
    expect(formatTotal(10_001, true)).toBe('10,000+');
    expect(formatTotal(10_001, false)).toBe('10,001');
  });
});
