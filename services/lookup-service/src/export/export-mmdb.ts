/**
 * The export's MMDB: the data blocks as they come (sorted), the special-purpose ranges merged in
 * between them with the API's bogon answer, streamed through ip-index's `MmdbStreamWriter` so
 * the full public data (8.7 M networks) fits the export worker's heap.
 */
import { MmdbStreamWriter, type Family, type MmdbBuildStats } from '@tunnelscope/ip-index';
import type { Snapshot } from '../index/snapshot.js';
import { exportBlocks } from './export-blocks.js';
import {
  BOGON_RECORD,
  SPECIAL_SPANS,
  csvRow,
  exportDescription,
  toMmdbRecord,
  type ExportAnswer,
} from './export-data.js';

/** The record key of the special-purpose ranges (an answer's key always starts with a comma). */
const BOGON_KEY = 'bogon';

/**
 * A key standing for an answer's content: its CSV fields (quoted where needed, so unambiguous),
 * which hold every field of the MMDB record; the bogon flag is not a CSV column.
 */
export function answerKey(answer: ExportAnswer, rowWithoutBlock = csvRow('', answer)): string {
  return answer.bogon ? `b${rowWithoutBlock}` : rowWithoutBlock;
}

export class ExportMmdb {
  private readonly writer: MmdbStreamWriter;
  /** Next special-purpose span per family not yet written. */
  private readonly special: Record<Family, number> = { 4: 0, 6: 0 };

  constructor(dataVersion: { version: number; date: string }, spillPath?: string) {
    this.writer = new MmdbStreamWriter(
      {
        databaseType: 'TunnelScope-Detection',
        languages: ['en'],
        description: { en: exportDescription(dataVersion) },
      },
      { spillPath },
    );
  }

  /** A data block (blocks of a family in address order, none inside a special-purpose range). */
  add(family: Family, start: bigint, end: bigint, key: string, answer: ExportAnswer): void {
    this.specialsBefore(family, start);
    this.writer.add(family, start, end, key, () => toMmdbRecord(answer));
  }

  /** Writes the file (the special-purpose ranges after the last block included). */
  async writeFile(path: string): Promise<MmdbBuildStats> {
    for (const family of [4, 6] as const) this.specialsBefore(family, null);
    return this.writer.writeFile(path);
  }

  dispose(): void {
    this.writer.dispose();
  }

  /** Special-purpose ranges answer as bogons, as the API answers them (never looked up). */
  private specialsBefore(family: Family, start: bigint | null): void {
    const spans = SPECIAL_SPANS[family];
    for (let i = this.special[family]; i < spans.length; i = ++this.special[family]) {
      const s = spans[i]!;
      if (start !== null && s.start >= start) return;
      this.writer.add(family, s.start, s.end, BOGON_KEY, BOGON_RECORD);
    }
  }
}

/**
 * The MMDB of a snapshot written to `path` (no CSV), in this thread: what a script needs, e.g. a
 * benchmark of the `maxmind` reader on the export. `spillPath` (default `<path>.data`) holds the
 * data section while the tree is built.
 */
export async function writeSnapshotMmdb(
  snapshot: Snapshot,
  path: string,
  spillPath = `${path}.data`,
): Promise<MmdbBuildStats & { buildMs: number }> {
  const started = performance.now();
  const mmdb = new ExportMmdb(snapshot.dataVersion, spillPath);
  try {
    for (const b of exportBlocks(snapshot)) mmdb.add(b.family, b.start, b.end, answerKey(b.answer), b.answer);
    const stats = await mmdb.writeFile(path);
    return { ...stats, buildMs: Math.round(performance.now() - started) };
  } finally {
    mmdb.dispose();
  }
}
