/**
 * The worker-thread side of an export build: a copy of the snapshot's data in, the two files
 * written, their description out. The serving thread only pays for copying the arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Snapshot, type SnapshotData } from '../index/snapshot.js';
import { writeExportFiles } from './export-files.js';

const { data, nowMs, dir } = workerData as { data: SnapshotData; nowMs: number; dir: string };
try {
  // The answers as of the moment the build was asked for (confidence counts recent sightings).
  const snapshot = new Snapshot(data, () => new Date(nowMs));
  parentPort!.postMessage({ ok: true, files: await writeExportFiles(snapshot, dir) });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
