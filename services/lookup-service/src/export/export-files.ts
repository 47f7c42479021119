/**
 * Writes one snapshot's offline export: `tunnelscope-<version>.mmdb` and `.csv` in a directory.
 * Both come from one walk over `Snapshot.networks()`, so they hold the same networks and answers.
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
import { MmdbWriter, parseCidr, rangeSpan } from '@tunnelscope/ip-index';
import type { Snapshot } from '../index/snapshot.js';
import {
  BOGON_RECORD,
  CSV_HEADER,
  SPECIAL_SPANS,
  csvPreamble,
  csvRow,
  exportDescription,
  formatBlock,
  publicBlocks,
  toMmdbRecord,
} from './export-data.js';

export interface ExportFiles {
  readonly dataVersion: { version: number; date: string };
  readonly mmdb: { path: string; bytes: number };
  readonly csv: { path: string; bytes: number };
  /** CIDR blocks written (CSV rows; MMDB networks before its own merging). */
  readonly networks: number;
  readonly buildMs: number;
}

export async function writeExportFiles(snapshot: Snapshot, dir: string): Promise<ExportFiles> {
  const started = performance.now();
  const { dataVersion } = snapshot;
  const base = join(dir, `tunnelscope-${dataVersion.version}`);
  const mmdbPath = `${base}.mmdb`;
  const csvPath = `${base}.csv`;
  // Written under temporary names and renamed: a reader never sees half a file.
  const csvTemp = `${csvPath}.part`;
  const mmdbTemp = `${mmdbPath}.part`;

  const writer = new MmdbWriter({
    databaseType: 'TunnelScope-Detection',
    languages: ['en'],
    description: { en: exportDescription(dataVersion) },
  });
  const csv = createWriteStream(csvTemp);
  let networks = 0;
  try {
    const write = async (text: string) => {
      if (!csv.write(text)) await once(csv, 'drain');
    };
    await write(csvPreamble(dataVersion));
    await write(CSV_HEADER);

    for (const { network } of snapshot.networks()) {
      const span = parseCidr(network);
      const family = span.family;
      for (const block of publicBlocks(family, span.start, span.end)) {
        // The answer of the block's own first address: `network` and `asn.route` of a data range
        // that is not one CIDR name the block around the address, which differs between the
        // blocks of one interval (networks() gives every block the interval's first answer).
        const answer = snapshot.answerAt(
          family === 4
            ? { family: 4, value: Number(block.start), mapped: false }
            : { family: 6, words: words(block.start), mapped: false },
        );
        writer.insertSpan(rangeSpan(family, block.start, block.end), toMmdbRecord(answer));
        await write(csvRow(formatBlock(family, block.start, block.prefix), answer));
        networks++;
      }
    }
    // Special-purpose ranges answer as bogons, as the API answers them (never looked up).
    for (const family of [4, 6] as const) {
      for (const s of SPECIAL_SPANS[family])
        writer.insertSpan(rangeSpan(family, s.start, s.end), BOGON_RECORD);
    }
    csv.end();
    await once(csv, 'finish');
    await writer.writeFile(mmdbTemp);
    await rename(csvTemp, csvPath);
    await rename(mmdbTemp, mmdbPath);
  } catch (error) {
    csv.destroy();
    await rm(csvTemp, { force: true });
    await rm(mmdbTemp, { force: true });
    throw error;
  }
  return {
    dataVersion,
    mmdb: { path: mmdbPath, bytes: (await stat(mmdbPath)).size },
    csv: { path: csvPath, bytes: (await stat(csvPath)).size },
    networks,
    buildMs: Math.round(performance.now() - started),
  };
}

function words(value: bigint): [number, number, number, number] {
  const w = (shift: bigint) => Number((value >> shift) & 0xffffffffn);
  return [w(96n), w(64n), w(32n), w(0n)];
}

/**
 * The worker's heap limit. The writer keeps every block (spans as BigInts) and record until it
 * writes the tree: a few hundred MB at the sample scale, but more than 7 GB at the full public
 * data (8.7 M networks; measured, and stopped there). Past this limit the worker dies with
 * ERR_WORKER_OUT_OF_MEMORY and the replica lives on without an export of that version.
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
        execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
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
