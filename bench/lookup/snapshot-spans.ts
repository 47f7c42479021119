/**
 * Where the benchmark's hits go in a lookup-service snapshot: the AS layer's networks (every
 * public address with an AS) and, about one hit in four, an address of the IP database (vendor,
 * flags and dates in the answer).
 */
import type { Span } from '@tunnelscope/ip-index';
import type { ServiceSnapshot } from './service-modules.js';

interface FamilyArrays {
  entryStart: Uint32Array;
  entryEnd: Uint32Array;
}
/** The snapshot's one layered index: per family, the entries of each layer (lookup-service's LAYER order). */
type LayeredIndexData = Record<'v4' | 'v6', { entries: FamilyArrays[] }>;
const LAYER_DETECTIONS = 0;
const LAYER_ASN = 3;

function spansOf(family: 4 | 6, arrays: FamilyArrays, every: number): Span[] {
  const width = family === 4 ? 1 : 4;
  const word = (a: Uint32Array, i: number) =>
    family === 4
      ? BigInt(a[i]!)
      : (BigInt(a[4 * i]!) << 96n) |
        (BigInt(a[4 * i + 1]!) << 64n) |
        (BigInt(a[4 * i + 2]!) << 32n) |
        BigInt(a[4 * i + 3]!);
  const out: Span[] = [];
  for (let i = 0; i < arrays.entryStart.length / width; i += every) {
    out.push({
      family,
      start: word(arrays.entryStart, i),
      end: word(arrays.entryEnd, i),
      prefix: -1,
    } as Span);
  }
  return out;
}

export function hitSpans(snapshot: ServiceSnapshot, family: 4 | 6): Span[] {
  // The snapshot's layers are public, read-only data (the export reads them too).
  const index = (snapshot as unknown as { data: { index: LayeredIndexData } }).data.index;
  const key = family === 4 ? 'v4' : 'v6';
  const asn = spansOf(family, index[key].entries[LAYER_ASN]!, 1);
  const detections = index[key].entries[LAYER_DETECTIONS]!;
  const width = family === 4 ? 1 : 4;
  const every = Math.max(1, Math.floor(detections.entryStart.length / width / Math.max(1, asn.length / 3)));
  return [...asn, ...spansOf(family, detections, every)];
}
