/**
 * Building an index off the calling thread: the lookup service must keep answering while a new
 * index is built, so the build runs in a worker thread and only the finished typed arrays come
 * back, moved (transferred), not copied.
 */
import { Worker } from 'node:worker_threads';
import { RangeIndex, type IndexEntry, type TransferableIndex } from './range-index.js';

/**
 * Builds a {@link RangeIndex} from `entries` in a new worker thread. The entries are copied to
 * the worker (structured clone); the built arrays are transferred back. Rejects with the build's
 * error (a bad entry) or when the worker dies.
 */
export function buildInWorker(entries: readonly IndexEntry[]): Promise<RangeIndex> {
  // From the built package the worker is build-worker.js beside this file. When this module runs
  // from its TypeScript source (tests, tsx), the worker registers tsx's loader first: Node 20
  // ignores `--import` in a worker's execArgv.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './build-worker.ts' : './build-worker.js', import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        { eval: true, workerData: { entries } },
      )
    : // A worker inherits the parent's execArgv; `--input-type` (node -e) would refuse a file.
      new Worker(script, {
        workerData: { entries },
        execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
      });
  return new Promise<RangeIndex>((resolve, reject) => {
    let settled = false;
    worker.once('message', (data: TransferableIndex) => {
      settled = true;
      try {
        resolve(RangeIndex.fromTransferable(data));
      } catch (error) {
        reject(error as Error);
      }
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`index build worker exited with code ${code}`));
    });
  });
}
