/**
 * bench/lookup/profile-snapshot: `Snapshot.lookup` alone over the benchmark's query mix, for a CPU
 * profile of the answer path (no MMDB, no comparison):
 *   pnpm --filter @tunnelscope/bench exec tsx --cpu-prof --cpu-prof-dir=/tmp/prof lookup/profile-snapshot.ts
 * Knobs: BENCH_IPDB_URL, BENCH_PUBLIC_DATA (full | sample), BENCH_PROFILE_SECONDS (default 10).
 */
import { makeQueries } from './queries.js';
import { loadServiceModules } from './service-modules.js';
import { hitSpans } from './snapshot-spans.js';

const IPDB_URL =
  process.env.BENCH_IPDB_URL ?? 'postgres://postgres@127.0.0.1:5432/tunnelscope_ipdb_bench_large';
const PUBLIC_DATA = (process.env.BENCH_PUBLIC_DATA ?? 'full') as 'full' | 'sample';
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);

const service = await loadServiceModules();
const data = await service.buildSnapshotData({ ipdbUrl: IPDB_URL, publicData: PUBLIC_DATA, sampleEvery: 50 });
const snapshot = new service.Snapshot(data, () => new Date());
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
console.log(
  `heap ${Math.round(mem.heapUsed / 1e6)} MB, arrayBuffers ${Math.round(mem.arrayBuffers / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`,
);
const sets = {
  ipv4: makeQueries(4, hitSpans(snapshot, 4), 200_000, 1),
  ipv6: makeQueries(6, hitSpans(snapshot, 6), 200_000, 2),
};
let sink = 0;
for (const [name, queries] of Object.entries(sets)) {
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < (SECONDS * 1000) / 2) {
    for (const q of queries) {
      const a = snapshot.lookup(q);
      sink += 'invalid' in a ? 0 : a.confidence;
    }
    n += queries.length;
  }
  const ms = performance.now() - started;
  console.log(
    `${name}: ${Math.round(n / (ms / 1000)).toLocaleString()} lookups/s, ${((ms * 1000) / n).toFixed(3)} µs`,
  );
}
if (sink === -1) console.log(sink);
