/**
 * Writes one snapshot's offline export: `tunnelscope-<version>.mmdb` and `.csv` in a directory.
 * Both come from one walk over the snapshot's blocks (`exportBlocks`), so they hold the same
 * networks and answers.
 *
 * The service builds in a worker thread (`writeExportFilesInWorker`): the boundary sort of
 * `networks()` and the MMDB tree are long synchronous steps (seconds at full scale) that would
 * otherwise stall every lookup of the replica.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Snapshot } from '../index/snapshot.js';
import { exportBlocks } from './export-blocks.js';
import { CSV_HEADER, csvPreamble, csvRow } from './export-data.js';
import { ExportMmdb, answerKey } from './export-mmdb.js';

export interface ExportFiles {
  readonly dataVersion: { version: number; date: string };
  readonly mmdb: {
    path: string;
    bytes: number;
    /** The MMDB's tree and data section (what its size is made of). */
    nodeCount?: number;
    recordSize?: number;
    records?: number;
  };
  readonly csv: { path: string; bytes: number };
  /** CIDR blocks written (CSV rows; MMDB networks before its own merging). */
  readonly networks: number;
  readonly buildMs: number;
}

/** CSV text is handed to the file stream in pieces of about this many characters. */
const CSV_PIECE = 1 << 16;

export async function writeExportFiles(snapshot: Snapshot, dir: string): Promise<ExportFiles> {
  const started = performance.now();
  const { dataVersion } = snapshot;
  const base = join(dir, `tunnelscope-${dataVersion.version}`);
  const mmdbPath = `${base}.mmdb`;
  const csvPath = `${base}.csv`;
  // Written under temporary names and renamed: a reader never sees half a file.
  const csvTemp = `${csvPath}.part`;
  const mmdbTemp = `${mmdbPath}.part`;

  // The MMDB's data section waits on disk beside it while the tree is built.
  const mmdb = new ExportMmdb(dataVersion, `${mmdbTemp}.data`);
  const csv = createWriteStream(csvTemp);
  let networks = 0;
  let mmdbStats: Partial<ExportFiles['mmdb']> | undefined;
  try {
    let pending = csvPreamble(dataVersion) + CSV_HEADER;
    const flush = async () => {
      if (!csv.write(pending)) await once(csv, 'drain');
      pending = '';
    };
    for (const b of exportBlocks(snapshot)) {
      const block = b.cidr;
      const row = csvRow(block, b.answer);
      // The row without its block is the answer's key: equal answers share one MMDB record.
      mmdb.add(b.family, b.start, b.end, answerKey(b.answer, row.slice(block.length)), b.answer);
      pending += row;
      if (pending.length >= CSV_PIECE) await flush();
      networks++;
    }
    await flush();
    csv.end();
    await once(csv, 'finish');
    const stats = await mmdb.writeFile(mmdbTemp);
    mmdbStats = { nodeCount: stats.nodeCount, recordSize: stats.recordSize, records: stats.distinctRecords };
    await rename(csvTemp, csvPath);
    await rename(mmdbTemp, mmdbPath);
  } catch (error) {
    csv.destroy();
    await rm(csvTemp, { force: true });
    await rm(mmdbTemp, { force: true });
    throw error;
  } finally {
    mmdb.dispose();
  }
  return {
    dataVersion,
    mmdb: { path: mmdbPath, bytes: (await stat(mmdbPath)).size, ...mmdbStats },
    csv: { path: csvPath, bytes: (await stat(csvPath)).size },
    networks,
    buildMs: Math.round(performance.now() - started),
  };
}

/**
 * The worker's heap limit. The streaming MMDB writer keeps no object per block (the tree is typed
 * arrays outside the heap, the data section waits on disk, its caches are bounded), so the heap
 * holds the snapshot's copy and bounded caches at any scale (figures in the README). Past this
 * limit the worker dies with ERR_WORKER_OUT_OF_MEMORY and the replica lives on without an
 * export of that version.
 */
export const EXPORT_WORKER_HEAP_MB = 3072;
const resourceLimits = { maxOldGenerationSizeMb: EXPORT_WORKER_HEAP_MB };

/**
 * `writeExportFiles` in a new worker thread, on a copy of the snapshot's arrays, with the answers
 * as of `now` (the snapshot's own clock, read here); `signal` stops it.
 */
export function writeExportFilesInWorker(
  snapshot: Snapshot,
  dir: string,
  signal?: AbortSignal,
): Promise<ExportFiles> {
  // The export is the one other reader of the whole snapshot; handing its arrays to a worker (a
  // copy) is what keeps the serving thread free while the files are written.
  const workerData = { data: snapshot.data, nowMs: snapshot.now().getTime(), dir };
  // From dist the worker is export-worker.js beside this file; from the TypeScript source (jest,
  // tsx) it registers tsx's loader first, as Node 20 ignores `--import` in a worker.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './export-worker.ts' : './export-worker.js', import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        { eval: true, workerData, resourceLimits },
      )
    : new Worker(script, {
        workerData,
        resourceLimits,
        // A worker refuses process-wide flags: `--input-type`, and V8's `--expose-gc` that a
        // benchmark script calling this may run with.
        execArgv: process.execArgv.filter(
          (a) => !a.startsWith('--input-type') && !/^--expose[-_]gc$/.test(a),
        ),
      });
  return new Promise<ExportFiles>((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: { ok: true; files: ExportFiles } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) resolve(message.files);
      else reject(new Error(`export build failed: ${message.message}`));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`export worker exited with code ${code}`));
    });
    // A replica shutting down stops its build rather than waiting minutes for it.
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
  });
}
