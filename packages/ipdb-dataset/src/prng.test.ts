import { mix, Rng, WeightedPicker } from './prng.js';

const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.u32());

describe('Rng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    expect(draw(new Rng(42), 50)).toEqual(draw(new Rng(42), 50));
    expect(draw(new Rng(42), 50)).not.toEqual(draw(new Rng(43), 50));
  });

  it('keeps the sequence of known seeds (a change here changes every generated dataset)', () => {
    expect(draw(new Rng(1), 4)).toEqual([1828152527, 3394835397, 2967886022, 2251045104]);
    const r = new Rng(20261124);
    expect([r.int(1000), r.int(1000), r.int(1000)]).toEqual([645, 939, 312]);
  });

  it('forks streams that depend on the keys only, not on draws made after the fork point', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    expect(draw(a.fork('life', 3), 10)).toEqual(draw(b.fork('life', 3), 10));
    expect(draw(new Rng(7).fork(1), 10)).not.toEqual(draw(new Rng(7).fork(2), 10));
    expect(draw(new Rng(7).fork('a'), 10)).not.toEqual(draw(new Rng(7).fork('b'), 10));
    expect(draw(new Rng(7).fork(12), 10)).not.toEqual(draw(new Rng(7).fork('12'), 10));
  });

  it('draws uniformly: integers in range, mean of next() near one half', () => {
    const r = new Rng(99);
    const counts = new Array(10).fill(0);
    let sum = 0;
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = r.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
      counts[r.int(10)]++;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('between() includes both ends; geometric() has the asked mean and is at least 1', () => {
    const r = new Rng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(r.between(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    let total = 0;
    let least = Infinity;
    for (let i = 0; i < 50_000; i++) {
      const g = r.geometric(17);
      least = Math.min(least, g);
      total += g;
    }
    expect(least).toBe(1);
    expect(total / 50_000).toBeGreaterThan(16.5);
    expect(total / 50_000).toBeLessThan(17.5);
  });

  it('pick() refuses an empty list', () => {
    expect(() => new Rng(1).pick([])).toThrow('empty');
  });
});

describe('mix', () => {
  it('is a stable 32-bit hash of a seed and keys', () => {
    expect(mix(1, ['a', 2])).toBe(mix(1, ['a', 2]));
    expect(mix(1, ['a', 2])).not.toBe(mix(2, ['a', 2]));
    expect(mix(1, ['a', 2])).toBeLessThan(2 ** 32);
  });
});

describe('WeightedPicker', () => {
  it('picks in proportion to the weights and never a zero weight', () => {
    const picker = new WeightedPicker([1, 0, 3]);
    const r = new Rng(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[picker.pick(r)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.8);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.2);
  });

  it('refuses weights that sum to zero or are not numbers', () => {
    expect(() => new WeightedPicker([0, 0])).toThrow('zero');
    expect(() => new WeightedPicker([1, Number.NaN])).toThrow('weight 1');
  });
});
