import { formatCount } from './ipdb-stats-source.js';

describe('formatCount', () => {
  it.each([
    [0, '0+'],
    [20, '20+'],
    [100, '100+'],
    [999, '999+'],
    [1_000, '1K+'],
    [10_000, '10K+'],
    [205_400, '205K+'],
    [999_999, '999K+'],
    [1_000_000, '1M+'],
    [2_000_000, '2M+'],
    [2_149_999, '2.1M+'],
    [12_960_000, '12.9M+'],
  ])('shows %i as %s (a floor, never more than the count)', (n, shown) => {
    expect(formatCount(n)).toBe(shown);
  });
});
