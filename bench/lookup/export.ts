/**
 * bench/lookup/export: the offline export (issue 12, item 9) of a snapshot at the sample and at
 * the full public data: build time and peak RSS of lookup-service's own export build (its worker
 * thread, its 3 GB heap limit), the files' sizes, and a check that the MMDB read back by the
 * `maxmind` reader gives the snapshot's answers.
 *   pnpm --filter @tunnelscope/lookup-service build
 *   pnpm --filter @tunnelscope/bench lookup:export
 * Knobs: BENCH_PUBLIC_DATA (`sample,full` by default; one of them alone), BENCH_IPDB_URL (a
 * generated IP database; default the large bench one), BENCH_EXPORT_CHECKS (addresses compared, 20,000).
 *
 * Peak RSS is the process's high-water mark (VmHWM), reset just before the export starts
 * (`/proc/self/clear_refs`), so it covers the serving side's snapshot and the worker's copy,
 * tree and buffers: what a replica needs on top of nothing while it builds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DetectionAnswer } from '@tunnelscope/contracts';
import { serverEntry } from '@tunnelscope/stack-tests';
import { Reader } from 'maxmind';
import { canonical } from './canonical.js';

interface Snapshot {
  readonly dataVersion: { version: number; date: string };
  readonly stats: { networks: Record<string, number>; bytes: number };
  lookup(ip: string): DetectionAnswer | { invalid: string };
}
interface ExportFiles {
  mmdb: { path: string; bytes: number; nodeCount?: number; recordSize?: number; records?: number };
  csv: { path: string; bytes: number };
  networks: number;
  buildMs: number;
}
interface Modules {
  buildSnapshotData(o: {
    ipdbUrl: string;
    publicData: 'full' | 'sample';
    sampleEvery: number;
  }): Promise<unknown>;
  Snapshot: new (data: unknown, now: () => Date) => Snapshot;
  writeExportFilesInWorker(snapshot: Snapshot, dir: string): Promise<ExportFiles>;
}

const IPDB_URL =
  process.env.BENCH_IPDB_URL ?? 'postgres://postgres@127.0.0.1:5432/tunnelscope_ipdb_bench_large';
const SCALES = (process.env.BENCH_PUBLIC_DATA ?? 'sample,full').split(',') as Array<'sample' | 'full'>;
const CHECKS = Number(process.env.BENCH_EXPORT_CHECKS ?? 20_000);
const NOW = new Date();
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * lookup-service's built modules, found beside its declared `./server` entry in `dist/` (a
 * deployable declares its server, not its internals; the bench runs exactly the service's code).
 */
async function loadModules(): Promise<Modules> {
  const dist = path.dirname(serverEntry('lookup-service'));
  const load = (file: string) => import(pathToFileURL(path.join(dist, file)).href) as Promise<object>;
  const parts = await Promise.all(
    ['index/build.js', 'index/snapshot.js', 'export/export-files.js'].map(load),
  );
  return Object.assign({}, ...parts) as Modules;
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
function vmHwmBytes(): number | null {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : null;
}
function resetHwm(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Random addresses, half of them the first address of a CSV row (so most answers carry data),
 * read at random offsets: the full-scale CSV is larger than a string may be.
 */
function sampleAddresses(csvPath: string, count: number): string[] {
  const out: string[] = [];
  const fd = fs.openSync(csvPath, 'r');
  const size = fs.fstatSync(fd).size;
  const piece = Buffer.alloc(1024);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  while (out.length < count / 2) {
    const n = fs.readSync(fd, piece, 0, piece.length, Math.floor(random() * size));
    const lines = piece.toString('latin1', 0, n).split('\r\n');
    const line = lines[1];
    if (lines.length > 2 && line && !line.startsWith('#') && !line.startsWith('network,'))
      out.push(line.split('/')[0]!);
  }
  fs.closeSync(fd);
  while (out.length < count) {
    const v = Math.floor(random() * 2 ** 32);
    out.push(`${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`);
  }
  return out;
}

const modules = await loadModules();
const results: Record<string, unknown> = {};
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};
say(`IP database ${IPDB_URL.replace(/^.*@/, '')}; ${os.cpus().length} cores, Node ${process.version}`);

for (const scale of SCALES) {
  let started = performance.now();
  const data = await modules.buildSnapshotData({ ipdbUrl: IPDB_URL, publicData: scale, sampleEvery: 50 });
  const snapshot = new modules.Snapshot(data, () => NOW);
  const snapshotSeconds = (performance.now() - started) / 1000;
  console.log(`${scale}: snapshot built in ${snapshotSeconds.toFixed(1)} s; exporting …`);
  const networks = Object.values(snapshot.stats.networks).reduce((a, b) => a + b, 0);
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const hwmReset = resetHwm();
  let sampledPeak = rssBefore;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 200);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-export-${scale}-`));
  started = performance.now();
  const files = await modules.writeExportFilesInWorker(snapshot, dir);
  const buildSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(`${scale}: export built in ${buildSeconds.toFixed(1)} s; checking the MMDB …`);
  const peakRss = (hwmReset ? vmHwmBytes() : null) ?? sampledPeak;

  // Agreement: the maxmind reader on the file answers as the snapshot (all fields but `ip`).
  const reader = new Reader<Record<string, unknown>>(fs.readFileSync(files.mmdb.path));
  let mismatches = 0;
  let withData = 0;
  const addresses = sampleAddresses(files.csv.path, CHECKS);
  for (const ip of addresses) {
    const ours = snapshot.lookup(ip);
    if ('invalid' in ours) throw new Error(`${ip}: ${ours.invalid}`);
    const { ip: _ip, ...rest } = ours;
    const theirs = reader.get(ip);
    const same =
      ours.network === null && !ours.bogon ? theirs === null : canonical(rest) === canonical(theirs);
    if (ours.network !== null) withData++;
    if (!same && mismatches++ < 3)
      say(`  mismatch at ${ip}: api ${canonical(rest)} mmdb ${canonical(theirs)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const figures = {
    networksInSnapshot: networks,
    snapshotBuildSeconds: Math.round(snapshotSeconds * 10) / 10,
    exportBuildSeconds: Math.round(buildSeconds * 10) / 10,
    workerBuildMs: files.buildMs,
    blocks: files.networks,
    mmdbMb: mb(files.mmdb.bytes),
    mmdbNodes: files.mmdb.nodeCount,
    mmdbRecordSize: files.mmdb.recordSize,
    mmdbRecords: files.mmdb.records,
    csvMb: mb(files.csv.bytes),
    rssBeforeExportMb: mb(rssBefore),
    peakRssDuringExportMb: mb(peakRss),
    peakRssSource: hwmReset ? 'VmHWM reset before the export' : 'sampled every 200 ms',
    workerHeapLimitMb: 3072,
    agreement: { compared: addresses.length, withData, mismatches },
  };
  results[scale] = figures;
  say(
    `${scale}: ${networks.toLocaleString()} networks in the snapshot (built in ${figures.snapshotBuildSeconds} s); export built in ` +
      `${figures.exportBuildSeconds} s (worker) — ${files.networks.toLocaleString()} blocks, MMDB ${figures.mmdbMb} MB ` +
      `(${files.mmdb.nodeCount?.toLocaleString()} nodes, ${files.mmdb.recordSize}-bit records, ${files.mmdb.records?.toLocaleString()} records), ` +
      `CSV ${figures.csvMb} MB; RSS ${figures.rssBeforeExportMb} MB before, peak ${figures.peakRssDuringExportMb} MB during; ` +
      `maxmind agrees with the API on ${addresses.length - mismatches}/${addresses.length} addresses (${withData} with data)`,
  );
}

const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
const base = path.join(here, '..', 'results', `lookup-export-${SCALES.join('-')}-${stamp}`);
fs.writeFileSync(
  `${base}.json`,
  `${JSON.stringify({ ipdb: IPDB_URL.replace(/^.*@/, ''), results }, null, 2)}\n`,
);
fs.writeFileSync(`${base}.txt`, `${lines.join('\n')}\n`);
console.log(`written ${path.relative(process.cwd(), base)}.json and .txt`);
