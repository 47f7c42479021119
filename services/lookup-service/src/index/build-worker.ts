/**
 * The worker-thread side of a snapshot build: builds the data and moves its buffers to the
 * parent, so the serving thread never spends the build time or copies the arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSnapshotData, transferList, type BuildOptions } from './build.js';

const options = workerData as BuildOptions;
try {
  const data = await buildSnapshotData(options);
  parentPort!.postMessage({ ok: true, data }, transferList(data));
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
