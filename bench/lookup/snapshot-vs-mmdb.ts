/**
 * bench/lookup/snapshot-vs-mmdb: the detection API's real answer path, lookup-service's
 * `Snapshot.lookup` (parse, bogon check, every layer, the full answer object), against the
 * `maxmind` reader's `Reader.get` on our own export (`tunnelscope.mmdb`, written by the service's
 * export code) of the same snapshot, in one run (issue 12, item 10).
 *   pnpm --filter @tunnelscope/lookup-service build
 *   pnpm --filter @tunnelscope/bench lookup:snapshot
 * Knobs: BENCH_IPDB_URL (a generated IP database; default the large bench one), BENCH_PUBLIC_DATA
 * (full | sample), BENCH_MMDB_PUBLIC_DATA (the snapshot the MMDB is exported from: `same`, or
 * `sample` while the export cannot be written at full scale), BENCH_LOOKUP_QUERIES, BENCH_LOOKUP_ROUNDS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import maxmind, { type Reader } from 'maxmind';
import { makeQueries } from './queries.js';
import { loadServiceModules } from './service-modules.js';
import { compareRates, type Rate } from './rates.js';
import { hitSpans } from './snapshot-spans.js';
import { canonical } from './canonical.js';

const IPDB_URL =
  process.env.BENCH_IPDB_URL ?? 'postgres://postgres@127.0.0.1:5432/tunnelscope_ipdb_bench_large';
const PUBLIC_DATA = (process.env.BENCH_PUBLIC_DATA ?? 'full') as 'full' | 'sample';
const MMDB_FROM = process.env.BENCH_MMDB_PUBLIC_DATA ?? 'same';
const QUERIES = Number(process.env.BENCH_LOOKUP_QUERIES ?? 300_000);
const ROUNDS = Number(process.env.BENCH_LOOKUP_ROUNDS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
// Answers dated by a fixed day, so "seen recently" is the same in every run of one dataset.
const NOW = new Date(process.env.BENCH_NOW ?? new Date().toISOString());

const gc = (globalThis as { gc?: () => void }).gc;
function settle(): NodeJS.MemoryUsage {
  gc?.();
  gc?.();
  return process.memoryUsage();
}
const mb = (bytes: number) => Math.round((bytes / 1e6) * 10) / 10;

const service = await loadServiceModules();

// ---- the snapshot -----------------------------------------------------------------------------
async function buildSnapshot(publicData: 'full' | 'sample') {
  const before = settle();
  const started = performance.now();
  const data = await service.buildSnapshotData({ ipdbUrl: IPDB_URL, publicData, sampleEvery: 50 });
  const buildSeconds = (performance.now() - started) / 1000;
  const snapshot = new service.Snapshot(data, () => NOW);
  const after = settle();
  const n = snapshot.stats.networks;
  const networks = n.detections + n.city + n.country + n.asn + n.feeds;
  return {
    snapshot,
    buildSeconds,
    networks,
    bytes: snapshot.stats.bytes,
    mbPerMillion: mb((snapshot.stats.bytes / networks) * 1e6),
    arrayBuffersDelta: after.arrayBuffers - before.arrayBuffers,
    heapDelta: after.heapUsed - before.heapUsed,
  };
}

console.log(`IP database ${IPDB_URL.replace(/^.*@/, '')}; public data ${PUBLIC_DATA}`);
const main = await buildSnapshot(PUBLIC_DATA);
const stats = main.snapshot.stats;
console.log(
  `index: built in ${main.buildSeconds.toFixed(1)} s on the main thread (the service builds in a worker; reading the IP database included), ` +
    `${main.networks.toLocaleString()} networks (detections ${stats.networks.detections.toLocaleString()}, city ${stats.networks.city.toLocaleString()}, ` +
    `country ${stats.networks.country.toLocaleString()}, AS ${stats.networks.asn.toLocaleString()}); typed arrays ${mb(main.bytes)} MB ` +
    `= ${main.mbPerMillion} MB per million networks; measured arrayBuffers +${mb(main.arrayBuffersDelta)} MB, heap +${mb(main.heapDelta)} MB` +
    (gc ? '' : ' (run with --expose-gc for exact deltas)'),
);

// ---- the MMDB, our own export of the same (or, while the writer cannot, the sample) snapshot ---
// BENCH_MMDB_FILE: an MMDB exported by an earlier run (kept with BENCH_KEEP_MMDB=1): the full
// export takes a quarter of an hour. With BENCH_MMDB_SAME_DATA=1 (the earlier run read the same IP
// database and public data) the agreement is checked as for a fresh export, so an answer that
// changed since would show; without it, no agreement check.
const MMDB_FILE = process.env.BENCH_MMDB_FILE;
const MMDB_SAME_DATA = MMDB_FILE !== undefined && process.env.BENCH_MMDB_SAME_DATA === '1';
const mmdbSource = MMDB_FILE !== undefined || MMDB_FROM === 'same' ? main : await buildSnapshot('sample');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-snapshot-'));
const started = performance.now();
const exported =
  MMDB_FILE !== undefined
    ? { mmdb: { path: MMDB_FILE, bytes: fs.statSync(MMDB_FILE).size }, networks: -1 }
    : await service.writeExportFilesInWorker(mmdbSource.snapshot, dir);
const exportSeconds = (performance.now() - started) / 1000;
const mmdbLabel = MMDB_FILE ?? `the ${MMDB_FROM === 'same' ? PUBLIC_DATA : 'sample'} snapshot`;
console.log(
  MMDB_FILE !== undefined
    ? `mmdb: ${MMDB_FILE} (an earlier run's export, ${MMDB_SAME_DATA ? 'of the same data: agreement checked' : "NOT of this snapshot's data"}), ${mb(exported.mmdb.bytes)} MB`
    : `mmdb: exported from ${mmdbLabel} in ${exportSeconds.toFixed(1)} s ` +
        `(a worker, the service's export code): ${mb(exported.mmdb.bytes)} MB, ${exported.networks.toLocaleString()} blocks`,
);
if (process.env.BENCH_KEEP_MMDB === '1') {
  const kept = path.join(os.tmpdir(), `bench-snapshot-${PUBLIC_DATA}.mmdb`);
  fs.copyFileSync(exported.mmdb.path, kept);
  console.log(`mmdb kept at ${kept}`);
}
const reader: Reader<Record<string, unknown>> = await maxmind.open<Record<string, unknown>>(
  exported.mmdb.path,
);

// ---- queries: hits in the AS layer's networks and on the IP database's addresses ---------------
const sets: Record<string, string[]> = {
  ipv4: makeQueries(4, hitSpans(mmdbSource.snapshot, 4), QUERIES, 1),
  ipv6: makeQueries(6, hitSpans(mmdbSource.snapshot, 6), QUERIES, 2),
};
sets.mixed = sets.ipv4!.flatMap((q, i) => (i % 2 === 0 ? [q, sets.ipv6![i]!] : []));

// ---- agreement: the reader's record is the answer without `ip` --------------------------------
let compared = 0;
let mismatches = 0;
const samples: string[] = [];
const counts = { bogons: 0, misses: 0, detections: 0 };
if (MMDB_FROM === 'same' && (MMDB_FILE === undefined || MMDB_SAME_DATA)) {
  for (const q of sets.mixed!) {
    const ours = main.snapshot.lookup(q);
    if ('invalid' in ours) throw new Error(`bench query ${q} refused: ${ours.invalid}`);
    const { ip: _ip, ...rest } = ours;
    if (ours.bogon) counts.bogons++;
    else if (ours.network === null) counts.misses++;
    if (ours.first_seen !== null) counts.detections++;
    const theirs = reader.get(q);
    compared++;
    // A miss is no record in the MMDB.
    const same =
      ours.network === null && !ours.bogon ? theirs === null : canonical(rest) === canonical(theirs);
    if (!same) {
      mismatches++;
      if (samples.length < 3)
        samples.push(`${q}:\n    index ${canonical(rest)}\n    mmdb  ${canonical(theirs)}`);
    }
  }
  console.log(
    `agreement: ${compared.toLocaleString()} mixed queries, ${mismatches} different ` +
      `(${counts.bogons.toLocaleString()} bogons, ${counts.misses.toLocaleString()} misses, ${counts.detections.toLocaleString()} IP-database addresses)`,
  );
  for (const s of samples) console.log(`  ${s}`);
} else {
  console.log("agreement: not checked (the MMDB does not hold this snapshot's data)");
}

// ---- lookups ----------------------------------------------------------------------------------
let sink = 0;
const snapshot = main.snapshot;
type Pass = (queries: string[], from: number, to: number) => number;
// Each side has its own loop, so its call stays monomorphic, as in a server's handler.
// `answer` returns what `Reader.get` returns: the record of the address (every field of the API's
// answer but the echoed `ip`); `lookup` also builds the API's object with `ip` first.
const passAnswer: Pass = (qs, from, to) => {
  const t0 = performance.now();
  for (let i = from; i < to; i++) {
    const answer = snapshot.answer(qs[i]!);
    sink += 'invalid' in answer ? 0 : answer.confidence;
  }
  return performance.now() - t0;
};
const passLookup: Pass = (qs, from, to) => {
  const t0 = performance.now();
  for (let i = from; i < to; i++) {
    const answer = snapshot.lookup(qs[i]!);
    sink += 'invalid' in answer ? 0 : answer.confidence;
  }
  return performance.now() - t0;
};
const passMmdb: Pass = (qs, from, to) => {
  const t0 = performance.now();
  for (let i = from; i < to; i++) {
    const record = reader.get(qs[i]!);
    sink += record === null ? 0 : (record.confidence as number);
  }
  return performance.now() - t0;
};

type Race = Record<string, { snapshot: Rate; maxmind: Rate; ratio: number; bestRoundRatio: number }>;
function race(title: string, ours: Pass, label: string): Race {
  const out: Race = {};
  console.log(`\n${title}: ${QUERIES.toLocaleString()} strings per set, median of ${ROUNDS} rounds`);
  console.log(
    `set    | ${label.padStart(17)} | µs/lookup | maxmind get/s | µs/lookup | ratio | best-round ratio`,
  );
  for (const [name, queries] of Object.entries(sets)) {
    const [mine, theirs] = compareRates(queries, ours, passMmdb, ROUNDS, gc);
    const ratio = mine.perSecond / theirs.perSecond;
    const bestRoundRatio = mine.bestPerSecond / theirs.bestPerSecond;
    out[name] = { snapshot: mine, maxmind: theirs, ratio, bestRoundRatio };
    console.log(
      `${name.padEnd(6)} | ${Math.round(mine.perSecond).toLocaleString().padStart(17)} | ${mine.microseconds.toFixed(3).padStart(9)} | ` +
        `${Math.round(theirs.perSecond).toLocaleString().padStart(13)} | ${theirs.microseconds.toFixed(3).padStart(9)} | ${ratio.toFixed(1).padStart(4)}× | ${bestRoundRatio.toFixed(1)}×`,
    );
  }
  return out;
}
const results = race(
  'the record of an address (Snapshot.answer) against Reader.get on the same data',
  passAnswer,
  'Snapshot.answer/s',
);
const withIp = race(
  "the API's answer object, `ip` first (Snapshot.lookup), against the same Reader.get",
  passLookup,
  'Snapshot.lookup/s',
);

const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-').replace('T', '-');
const out = path.join(here, '..', 'results', `lookup-snapshot-${PUBLIC_DATA}-${stamp}.json`);
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      when: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: os.loadavg(),
      ipdb: IPDB_URL.replace(/^.*@/, ''),
      publicData: PUBLIC_DATA,
      mmdb: { source: mmdbLabel, exportSeconds, bytes: exported.mmdb.bytes, blocks: exported.networks },
      dataVersion: snapshot.dataVersion,
      queriesPerSet: QUERIES,
      rounds: ROUNDS,
      index: {
        buildSecondsMainThread: main.buildSeconds,
        buildMs: stats.buildMs,
        networks: stats.networks,
        totalNetworks: main.networks,
        typedArrayBytes: main.bytes,
        typedArrayMbPerMillionNetworks: main.mbPerMillion,
        measuredArrayBuffersDeltaBytes: main.arrayBuffersDelta,
        measuredHeapDeltaBytes: main.heapDelta,
        gcExposed: gc !== undefined,
      },
      agreement: compared > 0 ? { compared, mismatches, ...counts } : null,
      lookups: results,
      lookupsWithIp: withIp,
    },
    null,
    2,
  ),
);
fs.rmSync(dir, { recursive: true, force: true });
if (sink === -1) console.log(sink); // keeps the lookups' results alive
console.log(`\nsaved ${path.relative(process.cwd(), out)}`);
