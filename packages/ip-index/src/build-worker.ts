/**
 * The worker-thread side of {@link buildInWorker}: builds an index from the entries it was
 * started with and moves its buffers to the parent, so the parent thread never spends the build
 * time and never copies the arrays.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RangeIndex, type IndexEntry } from './range-index.js';

const { entries } = workerData as { entries: IndexEntry[] };
const { data, transfer } = RangeIndex.build(entries).toTransferable();
parentPort!.postMessage(data, transfer);
