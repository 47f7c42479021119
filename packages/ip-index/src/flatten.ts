/**
 * Flattening of nested and overlapping networks into disjoint intervals: the build step shared by
 * the in-memory index and the MMDB writer, so both answer the same network for every address.
 */
import { BITS, type Span } from './network.js';
import type { Family } from './address.js';

/** The owner of an interval no network holds. */
export const NONE = 0xffffffff;

/**
 * Flattens possibly nested and overlapping spans into disjoint intervals covering the family's
 * whole space. Owner of each interval: the smallest span containing it; between spans of equal
 * size, the later entry (a duplicate overrides, like a later write to a map).
 *
 * A sweep over the sorted boundaries (each start and each end+1) with the active spans in a heap
 * keyed by (size, -input order). Spans that have ended are dropped lazily when they reach the
 * top. CIDRs only ever nest, where this is the classic sweep with a stack; the heap also gives
 * ranges that overlap without nesting a well-defined answer.
 */
export function flatten(spans: readonly Span[], family: Family): { starts: bigint[]; owners: number[] } {
  const n = spans.length;
  const sizes = spans.map((s) => s.end - s.start);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const x = spans[a]!.start;
    const y = spans[b]!.start;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const max = (1n << BigInt(BITS[family])) - 1n;
  const pointSet: bigint[] = [];
  for (const s of spans) {
    pointSet.push(s.start);
    if (s.end < max) pointSet.push(s.end + 1n);
  }
  pointSet.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

  // Binary heap of entry indexes; `better(a, b)`: a is more specific than b.
  const heap: number[] = [];
  const better = (a: number, b: number) => {
    const sa = sizes[a]!;
    const sb = sizes[b]!;
    return sa < sb || (sa === sb && a > b);
  };
  const push = (e: number) => {
    let i = heap.length;
    heap.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const pop = () => {
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < heap.length && better(heap[l]!, heap[best]!)) best = l;
      if (r < heap.length && better(heap[r]!, heap[best]!)) best = r;
      if (best === i) break;
      [heap[i], heap[best]] = [heap[best]!, heap[i]!];
      i = best;
    }
  };

  const starts: bigint[] = [0n];
  const owners: number[] = [NONE];
  let next = 0; // into `order`
  let previous = -1n;
  for (const point of pointSet) {
    if (point === previous) continue;
    previous = point;
    while (next < n && spans[order[next]!]!.start === point) push(order[next++]!);
    while (heap.length > 0 && spans[heap[0]!]!.end < point) pop();
    const owner = heap.length > 0 ? heap[0]! : NONE;
    if (owner === owners[owners.length - 1]) continue;
    if (starts[starts.length - 1] === point) {
      owners[owners.length - 1] = owner; // the interval at 0 had no owner yet
      if (owners.length > 1 && owners[owners.length - 2] === owner) {
        starts.pop();
        owners.pop();
      }
    } else {
      starts.push(point);
      owners.push(owner);
    }
  }
  return { starts, owners };
}
