/**
 * Lookups per second of two implementations over the same strings, on a shared machine: one full
 * warm-up pass each (the JIT settles), then `rounds` rounds, each going through the strings in
 * chunks of 10,000 with both sides taking turns on every chunk, so a neighbour's burst of load
 * lands on both alike. The median round of each side, and its fastest.
 */
export interface Rate {
  /** Median of the rounds. */
  perSecond: number;
  microseconds: number;
  /** The fastest round: noise from neighbours only ever slows a round down. */
  bestPerSecond: number;
}

/** Looks up queries[from … to) and returns the milliseconds it took. */
export type Pass = (queries: string[], from: number, to: number) => number;

const CHUNK = 10_000;

export function compareRates(
  queries: string[],
  a: Pass,
  b: Pass,
  rounds: number,
  gc?: () => void,
): [Rate, Rate] {
  a(queries, 0, queries.length);
  b(queries, 0, queries.length);
  const ra: number[] = [];
  const rb: number[] = [];
  for (let r = 0; r < rounds; r++) {
    gc?.();
    let ta = 0;
    let tb = 0;
    for (let from = 0; from < queries.length; from += CHUNK) {
      const to = Math.min(queries.length, from + CHUNK);
      ta += a(queries, from, to);
      tb += b(queries, from, to);
    }
    ra.push(queries.length / (ta / 1000));
    rb.push(queries.length / (tb / 1000));
  }
  const median = (xs: number[]): Rate => {
    const sorted = [...xs].sort((x, y) => x - y);
    const perSecond = sorted[Math.floor(xs.length / 2)]!;
    return { perSecond, microseconds: 1e6 / perSecond, bestPerSecond: sorted[sorted.length - 1]! };
  };
  return [median(ra), median(rb)];
}
