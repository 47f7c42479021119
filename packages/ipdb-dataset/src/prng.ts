/**
 * A small seeded PRNG (sfc32, seeded through splitmix32). Everything random in the dataset comes
 * from one of these, so a seed and the same data packages always give the same database.
 * `fork(...keys)` derives an independent stream, so one part (an address's life, a vendor's
 * fleet) does not shift when another part changes.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Geometric number of trials until the first success (>= 1), with the given mean. */
  geometric(mean: number): number {
    if (mean <= 1) return 1;
    const p = 1 / mean;
    return 1 + Math.floor(Math.log(1 - this.next()) / Math.log(1 - p));
  }

  /** An independent stream derived from this seed and the keys (numbers or strings). */
  fork(...keys: (number | string)[]): Rng {
    if (keys.length === 1 && typeof keys[0] === 'number') return new Rng(mixNumber(this.seedWord(), keys[0]));
    return new Rng(mix(this.seedWord(), keys));
  }

  private seedWord(): number {
    // The stream's current state, not its origin: forks taken at the same point are equal.
    return (this.a ^ Math.imul(this.b, 31) ^ Math.imul(this.c, 17) ^ this.d) >>> 0;
  }
}

/** A 32-bit hash of a seed and one number below 2^53 (the hot path: one stream per address). */
function mixNumber(seed: number, key: number): number {
  let h = Math.imul(seed ^ 0x27d4eb2f, 0x165667b1) >>> 0;
  for (const word of [key >>> 0, Math.floor(key / 4294967296) >>> 0]) {
    h = (h ^ Math.imul(word, 0xcc9e2d51)) >>> 0;
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a seed and keys (FNV-1a over their text, finished with a murmur mix). */
export function mix(seed: number, keys: readonly (number | string)[]): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const key of keys) {
    const text = typeof key === 'number' ? `#${key}` : `$${key}`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Picks indices in proportion to weights in O(log n): `cumulative[i]` is the sum of the weights
 * up to and including i.
 */
export class WeightedPicker {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i]!;
      if (!(w >= 0) || !Number.isFinite(w))
        throw new Error(`weight ${i} is not a finite non-negative number`);
      sum += w;
      this.cumulative[i] = sum;
    }
    if (sum <= 0) throw new Error('weights sum to zero');
    this.total = sum;
  }

  get size(): number {
    return this.cumulative.length;
  }

  pick(rng: Rng): number {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
