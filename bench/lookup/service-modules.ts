/**
 * lookup-service's built index and export modules, for the in-process benchmark. The package
 * declares no entry for them (a deployable exports its server, not its internals), so they are
 * found beside its declared `./server` entry in `dist/`; the benchmark measures exactly the code
 * the service runs. Build first: `pnpm --filter @tunnelscope/lookup-service build`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DetectionAnswer } from '@tunnelscope/contracts';
import { serverEntry } from '@tunnelscope/stack-tests';

export interface SnapshotStats {
  readonly networks: { detections: number; city: number; country: number; asn: number; feeds: number };
  readonly bytes: number;
  readonly buildMs: number;
  readonly publicData: string;
}

/** The part of lookup-service's `Snapshot` the benchmark uses. */
export interface ServiceSnapshot {
  readonly dataVersion: { version: number; date: string };
  readonly stats: SnapshotStats;
  lookup(ip: string, options?: { maxAgeDays?: number }): DetectionAnswer | { invalid: string };
  /** The answer without the echoed `ip`: the record an MMDB reader returns. */
  answer(ip: string, options?: { maxAgeDays?: number }): Omit<DetectionAnswer, 'ip'> | { invalid: string };
}

export interface ServiceModules {
  buildSnapshotData(options: {
    ipdbUrl: string;
    publicData: 'full' | 'sample' | 'none';
    sampleEvery: number;
  }): Promise<unknown>;
  Snapshot: new (data: unknown, now: () => Date) => ServiceSnapshot;
  writeExportFilesInWorker(
    snapshot: ServiceSnapshot,
    dir: string,
  ): Promise<{ mmdb: { path: string; bytes: number }; networks: number; buildMs: number }>;
}

export async function loadServiceModules(): Promise<ServiceModules> {
  const dist = path.dirname(serverEntry('lookup-service'));
  const load = (file: string) => import(pathToFileURL(path.join(dist, file)).href) as Promise<never>;
  const [build, snapshot, exportFiles] = await Promise.all([
    load('index/build.js'),
    load('index/snapshot.js'),
    load('export/export-files.js'),
  ]);
  return { ...(build as object), ...(snapshot as object), ...(exportFiles as object) } as ServiceModules;
}
