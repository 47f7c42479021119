/**
 * The offline export of this replica, built once per data version: the first download after a
 * swap starts the build of the snapshot answering then (in a worker thread; later downloads join
 * the same build), and downloads stream the files from disk.
 *
 * A download waits for a build only briefly: at full scale a build takes longer than the gateway
 * waits for an upstream (UPSTREAM_TIMEOUT_MS, 10 s). Meanwhile the previous version's files are
 * served, under their own ETag and X-Data-Version; before the first build there is nothing to
 * serve and the caller is told to retry. A version's files are deleted once a newer build is on
 * disk; a download still reading one keeps its open file (unlinking does not cut an open
 * descriptor).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { DetectionIndex, IndexLogger } from '../index/detection-index.js';
import { writeExportFilesInWorker, type ExportFiles } from './export-files.js';

export type ExportState =
  /** The export of the snapshot answering now. */
  | { readonly files: ExportFiles }
  /** Still building `version`; `previous` is the newest export on disk (null before the first). */
  | { readonly building: number; readonly previous: ExportFiles | null }
  /** The build of `version` failed (it is tried again after a pause); `previous` as above. */
  | { readonly failed: number; readonly previous: ExportFiles | null };

export interface ExportCache {
  /** The current export, waiting at most `waitMs` for a build; null before the index has loaded. */
  current(waitMs: number): Promise<ExportState | null>;
  /** Deletes the files and their directory. */
  close(): Promise<void>;
}

export const DEFAULT_RETRY_AFTER_FAILURE_MS = 10 * 60_000;

/** What the wait for a build gives when the build is not done yet. */
const WAITED = Symbol('waited');

type Snapshot = NonNullable<ReturnType<DetectionIndex['currentSnapshot']>>;

export function createExportCache(deps: {
  index: DetectionIndex;
  logger: IndexLogger;
  /** Writes one snapshot's files into `dir` (a worker-thread build unless a test passes its own). */
  write?: (snapshot: Snapshot, dir: string, signal: AbortSignal) => Promise<ExportFiles>;
  /** How long after a failed build downloads are refused before the next try; default 10 minutes. */
  retryAfterFailureMs?: number;
}): ExportCache {
  const write = deps.write ?? writeExportFilesInWorker;
  const retryAfterFailureMs = deps.retryAfterFailureMs ?? DEFAULT_RETRY_AFTER_FAILURE_MS;
  /** The last failed build: a build that failed (out of memory, disk full) would fail again at once. */
  let failed: { version: number; at: number } | null = null;
  let dir: Promise<string> | null = null;
  /** The newest export on disk. */
  let latest: ExportFiles | null = null;
  let building: { version: number; files: Promise<ExportFiles | null> } | null = null;
  let closed = false;
  const stop = new AbortController();

  const removeFiles = async (files: ExportFiles) => {
    await rm(files.mmdb.path, { force: true });
    await rm(files.csv.path, { force: true });
  };

  const build = async (snapshot: Snapshot): Promise<ExportFiles | null> => {
    try {
      dir ??= mkdtemp(join(tmpdir(), 'tunnelscope-export-'));
      const files = await write(snapshot, await dir, stop.signal);
      deps.logger.info(
        {
          dataVersion: files.dataVersion,
          networks: files.networks,
          mmdbBytes: files.mmdb.bytes,
          csvBytes: files.csv.bytes,
          buildMs: files.buildMs,
        },
        'offline export built',
      );
      if (latest === null || files.dataVersion.version > latest.dataVersion.version) {
        const old = latest;
        latest = files;
        if (old) await removeFiles(old);
      } else {
        // A slower build of an older version finished after a newer one.
        await removeFiles(files);
      }
      failed = null;
      return files;
    } catch (error) {
      deps.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'offline export failed',
      );
      failed = { version: snapshot.dataVersion.version, at: Date.now() };
      return null;
    }
  };

  return {
    async current(waitMs) {
      if (closed) return null;
      const snapshot = deps.index.currentSnapshot();
      if (snapshot === null) return null;
      const version = snapshot.dataVersion.version;
      const deadline = Date.now() + waitMs;
      const wait = <T>(promise: Promise<T>) =>
        Promise.race([promise, delay(Math.max(0, deadline - Date.now()), WAITED, { ref: false })]);
      // One build at a time (one can take gigabytes at full scale): a newer version waits until
      // the running build is done (its `then` below clears `building` before this loop resumes).
      while (building !== null && building.version !== version) {
        if ((await wait(building.files)) === WAITED) return { building: version, previous: latest };
      }
      if (latest?.dataVersion.version === version) return { files: latest };
      if (building === null) {
        if (failed?.version === version && Date.now() - failed.at < retryAfterFailureMs) {
          return { failed: version, previous: latest };
        }
        const started = { version, files: build(snapshot) };
        building = started;
        void started.files.then(() => {
          if (building === started) building = null;
        });
      }
      const files = await wait(building.files);
      if (files === WAITED) return { building: version, previous: latest };
      if (files?.dataVersion.version === version) return { files };
      return { failed: version, previous: latest };
    },
    async close() {
      closed = true;
      stop.abort();
      await building?.files;
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}
