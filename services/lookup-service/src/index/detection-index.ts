/**
 * The detection index: the IP database and the public ASN/geolocation data as one in-memory,
 * immutable snapshot, answering one address at a time, rebuilt in a worker thread and swapped in
 * one assignment when the IP database's data version changes.
 *
 * Environment the service's config.ts should parse for it (owned by the HTTP side):
 * - IPDB_URL                       the IP database (already used by the stack), required
 * - LOOKUP_INDEX_POLL_SECONDS      how often the data version is polled; default 30 (a change is
 *                                  noticed within a minute)
 * - LOOKUP_PUBLIC_DATA             `full` | `sample` | `none`: how much of the public ASN/geo
 *                                  data goes into the index; default `full` (dev stack and
 *                                  production); tests use `sample`
 * - LOOKUP_PUBLIC_SAMPLE_EVERY     with `sample`: keep every Nth public range; default 50
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { DetectionAnswer } from '@tunnelscope/contracts';
import { readDataVersion, reusablePublicData, type BuildOptions, type PublicDataMode } from './build.js';
import { Snapshot, type SnapshotData } from './snapshot.js';

export { Snapshot, type PublicDataMode };

/** Why a lookup string is not one address (the caller turns it into `invalid_ip`). */
export interface InvalidLookup {
  readonly invalid: string;
}

export interface DetectionIndex {
  /** False until the first snapshot is loaded. */
  readonly ready: boolean;
  /** The snapshot's data version and its date (YYYY-MM-DD), null before the first load. */
  readonly dataVersion: { version: number; date: string } | null;
  /** How many times a new snapshot replaced the answering one (the first load is not a swap). */
  readonly swaps: number;
  /** One address string as the caller sent it → its answer, or why it is not one address. */
  lookup(ip: string, options?: { maxAgeDays?: number }): DetectionAnswer | InvalidLookup;
  /** Loads the first snapshot (in a worker thread), then watches the data version. */
  start(): Promise<void>;
  close(): Promise<void>;
  /**
   * The snapshot answering now (for the offline export), null before the first load. Its
   * `networks()` lists every network with its answer template (no `ip`).
   */
  currentSnapshot(): Snapshot | null;
}

/** A minimal logger (service-kit's pino logger fits). */
export interface IndexLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface IndexDeps {
  /** The IP database: its URL (the index opens and closes its own connections). */
  readonly ipdbUrl: string;
  readonly logger: IndexLogger;
  /** Injected clock (today for staleness and "seen recently"). */
  readonly now?: () => Date;
  /** Milliseconds between data-version polls; default 30,000. */
  readonly pollIntervalMs?: number;
  /** How much public ASN/geo data goes into the index; default `full`. */
  readonly publicData?: PublicDataMode;
  /** With `sample`: keep every Nth public range (plus every range holding an IP-database address); default 50. */
  readonly sampleEvery?: number;
}

export const DEFAULT_POLL_INTERVAL_MS = 30_000;
export const DEFAULT_SAMPLE_EVERY = 50;

/** Builds a snapshot's data in a new worker thread; its buffers are moved here, not copied. */
export function buildInWorker(
  options: BuildOptions,
  /** Receives the worker, so a closing index can stop a build it no longer needs. */
  onWorker: (worker: Worker) => void = () => undefined,
): Promise<SnapshotData> {
  // From dist the worker is build-worker.js beside this file; from the TypeScript source (jest,
  // tsx) the worker registers tsx's loader first, as Node 20 ignores `--import` in a worker.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './build-worker.ts' : './build-worker.js', import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`,
        { eval: true, workerData: options },
      )
    : new Worker(script, {
        workerData: options,
        execArgv: process.execArgv.filter((a) => !a.startsWith('--input-type')),
      });
  onWorker(worker);
  return new Promise<SnapshotData>((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: { ok: true; data: SnapshotData } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) resolve(message.data);
      else reject(new Error(`index build failed: ${message.message}`));
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

const NOT_LOADED: InvalidLookup = { invalid: 'index not loaded' };

/**
 * The index: one current snapshot, replaced in one assignment. A lookup reads `current` once, so
 * a swap never makes a request fail or wait; the old snapshot is collected when the last lookup
 * holding it returns.
 */
export function createDetectionIndex(deps: IndexDeps): DetectionIndex {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const buildOptions: BuildOptions = {
    ipdbUrl: deps.ipdbUrl,
    publicData: deps.publicData ?? 'full',
    sampleEvery: deps.sampleEvery ?? DEFAULT_SAMPLE_EVERY,
  };
  let current: Snapshot | null = null;
  let swaps = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let building: Promise<void> | null = null;
  let pool: pg.Pool | undefined;
  let failing = false;
  let buildWorker: Worker | undefined;

  const load = async (): Promise<void> => {
    // A rebuild takes over the public layers of the snapshot answering now (full and none modes).
    const reuse = current === null ? undefined : reusablePublicData(current.data, buildOptions.publicData);
    const data = await buildInWorker({ ...buildOptions, reuse }, (worker) => (buildWorker = worker));
    if (closed) return;
    const next = new Snapshot(data, now);
    const previous = current;
    current = next; // the swap
    if (previous !== null) swaps++;
    deps.logger.info(
      {
        dataVersion: next.dataVersion,
        previousVersion: previous?.dataVersion.version ?? null,
        networks: next.stats.networks,
        megabytes: Math.round(next.stats.bytes / 1e5) / 10,
        buildMs: next.stats.buildMs,
        publicData: next.stats.publicData,
        reusedPublicLayers: reuse !== undefined,
      },
      'detection index loaded',
    );
  };

  const poll = async (): Promise<void> => {
    if (closed || building) return;
    try {
      if (pool === undefined) {
        pool = new pg.Pool({
          connectionString: deps.ipdbUrl,
          max: 1,
          application_name: 'lookup-service-index-poll',
        });
        // An idle connection the server ends (a restart, a dropped database) must not crash the
        // process: the next poll fails, and that failure is what gets reported.
        pool.on('error', () => undefined);
      }
      const version = await readDataVersion(pool);
      if (failing) deps.logger.info({}, 'IP database reachable again');
      failing = false;
      if (closed || (current !== null && version.version === current.dataVersion.version)) return;
      building = load().finally(() => {
        building = null;
      });
      await building;
    } catch (error) {
      if (closed) return; // a build stopped by close()
      // The IP database down (or a build failing) leaves the current snapshot answering.
      if (!failing) {
        deps.logger.warn(
          { err: error instanceof Error ? error.message : String(error), ready: current !== null },
          'detection index: data version check or rebuild failed; keeping the current snapshot',
        );
      }
      failing = true;
    }
  };

  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      void poll().finally(schedule);
    }, pollMs);
    timer.unref();
  };

  return {
    get ready() {
      return current !== null;
    },
    get dataVersion() {
      return current?.dataVersion ?? null;
    },
    get swaps() {
      return swaps;
    },
    lookup(ip, options) {
      const snapshot = current;
      if (snapshot === null) return NOT_LOADED;
      return snapshot.lookup(ip, options);
    },
    async start() {
      // The first load: when it fails (IP database down), the index stays unready and the poll
      // tries again.
      await poll();
      schedule();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      // A build under way is of no use any more: stop its worker rather than wait for it.
      await buildWorker?.terminate();
      await building?.catch(() => undefined);
      await pool?.end();
      pool = undefined;
    },
    currentSnapshot: () => current,
  };
}
