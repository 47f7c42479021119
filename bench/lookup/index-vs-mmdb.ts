/**
 * bench/lookup: the detection API's in-memory index (@tunnelscope/ip-index) against the `maxmind`
 * reader on an MMDB of the same data written by the package's own writer, in one run.
 *   pnpm --filter @tunnelscope/bench lookup     (BENCH_LOOKUP_QUERIES=500000 BENCH_LOOKUP_ROUNDS=5)
 * Data: the @ip-location-db AS and DB-IP country CSVs, IPv4 and IPv6, overlaid into disjoint
 * pieces (one (AS, country) pair each). Both sides parse the address string on every lookup; the
 * index side also classifies bogons first, as the API does. Figures are printed and saved as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import maxmind, { type AsnResponse, type CountryResponse, type Reader } from 'maxmind';
import {
  MmdbWriter,
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  RangeIndex,
  parseInto,
  specialRangeOfIPv4,
  specialRangeOfIPv6,
  type Family,
  type IndexEntry,
  type MmdbValue,
} from '@tunnelscope/ip-index';
import { loadDataset, packageVersion, type Piece } from './data.js';
import { makeQueries } from './queries.js';
import { compareRates, type Pass, type Rate } from './rates.js';

const QUERIES = Number(process.env.BENCH_LOOKUP_QUERIES ?? 500_000);
const ROUNDS = Number(process.env.BENCH_LOOKUP_ROUNDS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));

/** What the bench writes per network: a country (GeoLite2-Country shape) and an AS (GeoLite2-ASN shape). */
type MmdbRecord = CountryResponse & Partial<AsnResponse>;

const gc = (globalThis as { gc?: () => void }).gc;
function settle(): NodeJS.MemoryUsage {
  gc?.();
  gc?.();
  return process.memoryUsage();
}
const mb = (bytes: number) => Math.round((bytes / 1e6) * 10) / 10;

// ---- data -------------------------------------------------------------------------------------
let t = performance.now();
const data = loadDataset();
const loadSeconds = (performance.now() - t) / 1000;
const pieces: Piece[] = [...data.pieces[4], ...data.pieces[6]];

// Payload columns, owned by the caller: one id per distinct (AS, country) pair.
const payloadIds = new Map<number, number>();
const payloadAsn: number[] = [];
const payloadCountry: number[] = [];
const entries: IndexEntry[] = pieces.map((p) => {
  const key = (p.asn + 1) * 1024 + (p.country + 1);
  let id = payloadIds.get(key);
  if (id === undefined) {
    id = payloadAsn.length;
    payloadAsn.push(p.asn);
    payloadCountry.push(p.country);
    payloadIds.set(key, id);
  }
  return { span: p.span, payload: id };
});
const countryCode = payloadCountry.map((c) => (c < 0 ? null : data.countries[c]!));
console.log(
  `data: ${data.csvRows.toLocaleString()} CSV rows → ${data.pieces[4].length.toLocaleString()} IPv4 + ` +
    `${data.pieces[6].length.toLocaleString()} IPv6 networks, ${payloadAsn.length.toLocaleString()} distinct payloads (${loadSeconds.toFixed(1)} s to read)`,
);

// ---- index build ------------------------------------------------------------------------------
const before = settle();
t = performance.now();
const index = RangeIndex.build(entries);
const buildSeconds = (performance.now() - t) / 1000;
const after = settle();
const stats = index.stats();
const networks = entries.length;
const heapDelta = after.heapUsed - before.heapUsed;
const bufferDelta = after.arrayBuffers - before.arrayBuffers;
const perMillion = (bytes: number) => mb((bytes / networks) * 1e6);
console.log(
  `index: built in ${buildSeconds.toFixed(2)} s; ${stats.ipv4.intervals.toLocaleString()} + ${stats.ipv6.intervals.toLocaleString()} intervals; ` +
    `typed arrays ${mb(stats.bytes)} MB (${perMillion(stats.bytes)} MB per million networks); ` +
    `measured arrayBuffers +${mb(bufferDelta)} MB, heap +${mb(heapDelta)} MB${gc ? '' : ' (run with --expose-gc for exact deltas)'}`,
);

// ---- MMDB -------------------------------------------------------------------------------------
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lookup-')), 'tunnelscope-bench.mmdb');
t = performance.now();
const writer = new MmdbWriter({
  databaseType: 'TunnelScope-Bench',
  languages: ['en'],
  description: { en: 'AS and country from @ip-location-db (RouteViews, NRO, DB-IP; CC BY 4.0)' },
});
const recordOf = (id: number): MmdbValue => {
  const record: Record<string, MmdbValue> = {};
  const c = payloadCountry[id]!;
  const a = payloadAsn[id]!;
  if (c >= 0) record.country = { iso_code: data.countries[c]! };
  if (a >= 0) {
    record.autonomous_system_number = data.asns[a]!.number;
    record.autonomous_system_organization = data.asns[a]!.name;
  }
  return record;
};
const records = payloadAsn.map((_, id) => recordOf(id));
for (const e of entries) writer.insertSpan((e as { span: Piece['span'] }).span, records[e.payload]!);
const mmdbStats = await writer.writeFile(file);
const writeSeconds = (performance.now() - t) / 1000;
console.log(
  `mmdb: written in ${writeSeconds.toFixed(1)} s: ${mb(mmdbStats.bytes)} MB, ${mmdbStats.nodeCount.toLocaleString()} nodes, ` +
    `${mmdbStats.recordSize}-bit records, ${mmdbStats.networks.toLocaleString()} tree networks, data section ${mb(mmdbStats.dataSectionBytes)} MB`,
);
const reader: Reader<MmdbRecord> = await maxmind.open<MmdbRecord>(file);

// ---- lookups ----------------------------------------------------------------------------------
const scratch = new Uint32Array(4);
/** The API's path: parse, bogon check, index, payload column. Returns a country code or a marker. */
function viaIndex(text: string): string | null {
  const kind = parseInto(text, scratch);
  let slot: number;
  let family: Family;
  if (kind === PARSE_IPV4 || kind === PARSE_MAPPED) {
    if (specialRangeOfIPv4(scratch[0]!) !== null) return 'bogon';
    slot = index.findIPv4(scratch[0]!);
    family = 4;
  } else if (kind === PARSE_IPV6) {
    if (specialRangeOfIPv6(scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!) !== null) return 'bogon';
    slot = index.findIPv6(scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!);
    family = 6;
  } else {
    return 'invalid';
  }
  return slot < 0 ? null : (countryCode[index.payloadOf(family, slot)] ?? '');
}

function viaMmdb(text: string): string | null {
  const record = reader.get(text);
  return record === null ? null : (record.country?.iso_code ?? '');
}

let sink = 0;
// Each side has its own loop, so the call in it stays monomorphic and the JIT can inline it, as in
// a server's handler; one shared loop would make every implementation pay a megamorphic call.
const passIndex: Pass = (qs, from, to) => {
  const started = performance.now();
  for (let i = from; i < to; i++) sink += viaIndex(qs[i]!)?.length ?? 0;
  return performance.now() - started;
};
const passMmdb: Pass = (qs, from, to) => {
  const started = performance.now();
  for (let i = from; i < to; i++) sink += viaMmdb(qs[i]!)?.length ?? 0;
  return performance.now() - started;
};
// The full answer shape on both sides: the index's match with its CIDR text, the reader's record
// with its prefix length.
const passIndexNetwork: Pass = (qs, from, to) => {
  const started = performance.now();
  for (let i = from; i < to; i++) sink += index.lookupText(qs[i]!)?.network.length ?? 0;
  return performance.now() - started;
};
const passMmdbNetwork: Pass = (qs, from, to) => {
  const started = performance.now();
  for (let i = from; i < to; i++) {
    const [record, prefix] = reader.getWithPrefixLength(qs[i]!);
    sink += record === null ? 0 : prefix;
  }
  return performance.now() - started;
};

/** Both sides over the same strings, taking turns (rates.ts). */
const compare = (queries: string[], a: Pass, b: Pass): [Rate, Rate] =>
  compareRates(queries, a, b, ROUNDS, gc);

const sets: Record<string, string[]> = {
  ipv4: makeQueries(
    4,
    data.pieces[4].map((p) => p.span),
    QUERIES,
    1,
  ),
  ipv6: makeQueries(
    6,
    data.pieces[6].map((p) => p.span),
    QUERIES,
    2,
  ),
};
sets.mixed = sets.ipv4!.flatMap((q, i) => (i % 2 === 0 ? [q, sets.ipv6![i]!] : []));

// Both sides must give the same answers (bogons aside, which the index answers without a lookup).
let compared = 0;
let mismatches = 0;
const mismatchSamples: string[] = [];
let bogons = 0;
let misses = 0;
for (const q of sets.mixed!) {
  const ours = viaIndex(q);
  if (ours === 'bogon') {
    bogons++;
    continue;
  }
  if (ours === null) misses++;
  compared++;
  const theirs = viaMmdb(q);
  if (ours !== theirs) {
    mismatches++;
    if (mismatchSamples.length < 5) mismatchSamples.push(`${q}: index ${ours}, mmdb ${theirs}`);
  }
}
console.log(
  `agreement over ${sets.mixed!.length.toLocaleString()} mixed queries: ${compared.toLocaleString()} compared, ${mismatches} different; ` +
    `${bogons.toLocaleString()} bogons, ${misses.toLocaleString()} misses`,
);
for (const s of mismatchSamples) console.log(`  ${s}`);

const results: Record<string, { index: Rate; maxmind: Rate; ratio: number }> = {};
console.log(
  `\nlookups (${QUERIES.toLocaleString()} strings per set, median of ${ROUNDS}; parse included on both sides)`,
);
console.log(
  'set    | index lookups/s | µs/lookup | maxmind lookups/s | µs/lookup | ratio | best-round ratio',
);
for (const [name, queries] of Object.entries(sets)) {
  const [ours, theirs] = compare(queries, passIndex, passMmdb);
  const ratio = ours.perSecond / theirs.perSecond;
  results[name] = { index: ours, maxmind: theirs, ratio };
  console.log(
    `${name.padEnd(6)} | ${Math.round(ours.perSecond).toLocaleString().padStart(15)} | ${ours.microseconds.toFixed(3).padStart(9)} | ` +
      `${Math.round(theirs.perSecond).toLocaleString().padStart(17)} | ${theirs.microseconds.toFixed(3).padStart(9)} | ${ratio.toFixed(1).padStart(4)}× | ${(ours.bestPerSecond / theirs.bestPerSecond).toFixed(1)}×`,
  );
}

const [networkIndex, networkMaxmind] = compare(sets.mixed!, passIndexNetwork, passMmdbNetwork);
const withNetwork = { index: networkIndex, maxmind: networkMaxmind };
console.log(
  `mixed, with the network: index ${Math.round(withNetwork.index.perSecond).toLocaleString()}/s (CIDR text), ` +
    `maxmind ${Math.round(withNetwork.maxmind.perSecond).toLocaleString()}/s (prefix length): ` +
    `${(withNetwork.index.perSecond / withNetwork.maxmind.perSecond).toFixed(1)}×`,
);

const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-').replace('T', '-');
const out = path.join(here, '..', 'results', `lookup-${stamp}.json`);
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      when: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      queriesPerSet: QUERIES,
      rounds: ROUNDS,
      data: {
        asn: packageVersion('@ip-location-db/asn'),
        dbipCountry: packageVersion('@ip-location-db/dbip-country'),
        csvRows: data.csvRows,
        ipv4Networks: data.pieces[4].length,
        ipv6Networks: data.pieces[6].length,
        payloads: payloadAsn.length,
      },
      index: {
        buildSeconds,
        intervals: { ipv4: stats.ipv4.intervals, ipv6: stats.ipv6.intervals },
        typedArrayBytes: stats.bytes,
        typedArrayMbPerMillionNetworks: perMillion(stats.bytes),
        measuredArrayBuffersDeltaBytes: bufferDelta,
        measuredHeapDeltaBytes: heapDelta,
        gcExposed: gc !== undefined,
      },
      mmdb: { writeSeconds, ...mmdbStats },
      agreement: { compared, mismatches, bogons, misses },
      lookups: results,
      withNetwork: { ...withNetwork, ratio: withNetwork.index.perSecond / withNetwork.maxmind.perSecond },
    },
    null,
    2,
  ),
);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
if (sink === -1) console.log(sink); // keeps the lookups' results alive
console.log(`\nsaved ${path.relative(process.cwd(), out)}`);
