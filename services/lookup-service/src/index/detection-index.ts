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
import type { DetectionAnswer } from '@tunnelscope/contracts';

/** Why a lookup string is not one address (the caller turns it into `invalid_ip`). */
export interface InvalidLookup {
  readonly invalid: string;
}

export interface DetectionIndex {
  /** False until the first snapshot is loaded. */
  readonly ready: boolean;
  /** The snapshot's data version and its date (YYYY-MM-DD), null before the first load. */
  readonly dataVersion: { version: number; date: string } | null;
  /** One address string as the caller sent it → its answer, or why it is not one address. */
  lookup(ip: string, options?: { maxAgeDays?: number }): DetectionAnswer | InvalidLookup;
  /** Loads the first snapshot (in a worker thread), then watches the data version. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** The snapshot answering now (for the offline export), null before the first load. */
  currentSnapshot(): Snapshot | null;
}

/** One immutable generation of the index. */
export interface Snapshot {
  readonly dataVersion: { version: number; date: string };
  /** Every network of the snapshot with its answer template (no `ip`); most specific last within a family. */
  networks(): Iterable<{ network: string; answer: Omit<DetectionAnswer, 'ip'> }>;
}

export type PublicDataMode = 'full' | 'sample' | 'none';

/** A minimal logger (service-kit's pino logger fits). */
export interface IndexLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface IndexDeps {
  /** The IP database: its URL (the index opens and closes its own pool). */
  readonly ipdbUrl: string;
  readonly logger: IndexLogger;
  /** Injected clock (dates of answers, staleness). */
  readonly now?: () => Date;
  /** Milliseconds between data-version polls; default 30,000. */
  readonly pollIntervalMs?: number;
  /** How much public ASN/geo data goes into the index; default `full`. */
  readonly publicData?: PublicDataMode;
  /** With `sample`: keep every Nth public range (plus every range covering an IP-database address); default 50. */
  readonly sampleEvery?: number;
}

/** Placeholder until the index lands: never ready. */
export function createDetectionIndex(deps: IndexDeps): DetectionIndex {
  void deps;
  return {
    ready: false,
    dataVersion: null,
    lookup: (ip) => ({ invalid: `index not loaded (${ip.slice(0, 64)})` }),
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    currentSnapshot: () => null,
  };
}
