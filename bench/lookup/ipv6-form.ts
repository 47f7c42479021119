/**
 * bench/lookup/ipv6-form: which numeric form of IPv6 searches fastest, measured on the same IPv6
 * intervals the index holds (the choice documented in packages/ip-index/src/address.ts):
 * four uint32 words (what the index uses) against two 64-bit halves in BigUint64Arrays, with the
 * query's halves read through a BigUint64Array view of the parsed words or built as BigInts.
 *   pnpm --filter @tunnelscope/bench exec tsx lookup/ipv6-form.ts
 */
import { PARSE_IPV6, RangeIndex, parseInto } from '@tunnelscope/ip-index';
import { loadDataset } from './data.js';
import { makeQueries } from './queries.js';

const data = loadDataset();
const queries = makeQueries(
  6,
  data.pieces[6].map((p) => p.span),
  200_000,
  2,
);
const { v6 } = RangeIndex.build(data.pieces[6].map((p, i) => ({ span: p.span, payload: i }))).toTransferable()
  .data;
const starts = v6.intervalStart;
const bucket = v6.bucket;
const m = v6.intervalPayload.length;
const hi64 = new BigUint64Array(m);
const lo64 = new BigUint64Array(m);
for (let i = 0; i < m; i++) {
  hi64[i] = (BigInt(starts[4 * i]!) << 32n) | BigInt(starts[4 * i + 1]!);
  lo64[i] = (BigInt(starts[4 * i + 2]!) << 32n) | BigInt(starts[4 * i + 3]!);
}

// The queries parsed once: only the search is timed.
const scratch = new Uint32Array(4);
const words = new Uint32Array(queries.length * 4);
let n = 0;
for (const q of queries) if (parseInto(q, scratch) === PARSE_IPV6) words.set(scratch, 4 * n++);

function searchWords(w0: number, w1: number, w2: number, w3: number): number {
  let lo = bucket[w0 >>> 16]!;
  let hi = bucket[(w0 >>> 16) + 1]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const o = 4 * mid;
    const a = starts[o]!;
    let le: boolean;
    if (a !== w0) le = a < w0;
    else {
      const b = starts[o + 1]!;
      if (b !== w1) le = b < w1;
      else {
        const c = starts[o + 2]!;
        le = c !== w2 ? c < w2 : starts[o + 3]! <= w3;
      }
    }
    if (le) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function searchHalves(h: bigint, l: bigint, w0: number): number {
  let lo = bucket[w0 >>> 16]!;
  let hi = bucket[(w0 >>> 16) + 1]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const a = hi64[mid]!;
    if (a !== h ? a < h : lo64[mid]! <= l) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Little-endian: the high half is words 1, 0 and the low half words 3, 2.
const view32 = new Uint32Array(4);
const view64 = new BigUint64Array(view32.buffer);

const forms: Record<string, () => number> = {
  'four uint32 words': () => {
    let k = 0;
    for (let i = 0; i < n; i++)
      k += searchWords(words[4 * i]!, words[4 * i + 1]!, words[4 * i + 2]!, words[4 * i + 3]!);
    return k;
  },
  'two 64-bit halves, read through a view': () => {
    let k = 0;
    for (let i = 0; i < n; i++) {
      view32[0] = words[4 * i + 1]!;
      view32[1] = words[4 * i]!;
      view32[2] = words[4 * i + 3]!;
      view32[3] = words[4 * i + 2]!;
      k += searchHalves(view64[0]!, view64[1]!, words[4 * i]!);
    }
    return k;
  },
  'two 64-bit halves, built as BigInts': () => {
    let k = 0;
    for (let i = 0; i < n; i++) {
      const h = (BigInt(words[4 * i]!) << 32n) | BigInt(words[4 * i + 1]!);
      const l = (BigInt(words[4 * i + 2]!) << 32n) | BigInt(words[4 * i + 3]!);
      k += searchHalves(h, l, words[4 * i]!);
    }
    return k;
  },
};

const times: Record<string, number[]> = {};
let check: number | undefined;
for (let round = 0; round < 6; round++) {
  for (const [name, run] of Object.entries(forms)) {
    const started = performance.now();
    const k = run();
    const us = ((performance.now() - started) * 1000) / n;
    if (check === undefined) check = k;
    else if (k !== check) throw new Error(`${name} found other intervals`);
    if (round > 0) (times[name] ??= []).push(us); // round 0 warms the JIT up
  }
}
console.log(
  `${n.toLocaleString()} IPv6 searches over ${m.toLocaleString()} intervals, median µs per search:`,
);
for (const [name, xs] of Object.entries(times)) {
  console.log(`  ${name.padEnd(40)} ${[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(3)}`);
}
