/**
 * The offline export of this replica, built once per data version: the first download after a
 * swap builds the files of the snapshot answering then (concurrent downloads wait for that one
 * build), later downloads stream the files from disk. Files of older versions are deleted once a
 * newer build is on disk; a download still reading one keeps its open file (unlinking does not cut
 * an open descriptor).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DetectionIndex } from '../index/detection-index.js';
import type { IndexLogger } from '../index/detection-index.js';
import { writeExportFilesInWorker, type ExportFiles } from './export-files.js';

export interface ExportCache {
  /** The export of the snapshot answering now, built if it is not yet (null before the first load). */
  current(): Promise<ExportFiles | null>;
  /** Deletes the files and their directory. */
  close(): Promise<void>;
}

export function createExportCache(deps: { index: DetectionIndex; logger: IndexLogger }): ExportCache {
  let dir: Promise<string> | null = null;
  let built: { version: number; files: Promise<ExportFiles> } | null = null;
  let closed = false;

  const build = async (snapshot: NonNullable<ReturnType<DetectionIndex['currentSnapshot']>>) => {
    dir ??= mkdtemp(join(tmpdir(), 'tunnelscope-export-'));
    const files = await writeExportFilesInWorker(snapshot, await dir);
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
    return files;
  };

  return {
    async current() {
      if (closed) return null;
      const snapshot = deps.index.currentSnapshot();
      if (snapshot === null) return null;
      const version = snapshot.dataVersion.version;
      if (built?.version !== version) {
        const previous = built;
        const files = build(snapshot);
        built = { version, files };
        // A failed build is forgotten, so the next download tries again.
        files.catch((error: unknown) => {
          deps.logger.error(
            { err: error instanceof Error ? error.message : String(error) },
            'offline export failed',
          );
          if (built?.files === files) built = previous;
        });
        void files.then(
          async () => {
            const old = await previous?.files.catch(() => null);
            if (old) {
              await rm(old.mmdb.path, { force: true });
              await rm(old.csv.path, { force: true });
            }
          },
          () => undefined,
        );
      }
      return built.files;
    },
    async close() {
      closed = true;
      await built?.files.catch(() => undefined);
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}
