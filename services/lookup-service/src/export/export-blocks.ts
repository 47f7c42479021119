/**
 * The walk both export files are written from: every data block of a snapshot, in address order
 * (IPv4, then IPv6), each with its answer.
 *
 * `Snapshot.networks()` gives CIDR blocks that are never partly special-purpose (it cuts at those
 * ranges and skips them), each with the answer of its own first address, which is the answer of
 * every address in the block. Should a block ever overlap a special-purpose range, the MMDB
 * writer refuses the overlapping bogon range and the build fails loudly.
 */
import type { Family } from '@tunnelscope/ip-index';
import { parseCidr } from '@tunnelscope/ip-index';
import type { Snapshot } from '../index/snapshot.js';
import type { ExportAnswer } from './export-data.js';

export interface ExportBlock {
  readonly family: Family;
  readonly start: bigint;
  readonly end: bigint;
  readonly prefix: number;
  /** The block as CIDR text (RFC 5952 for IPv6). */
  readonly cidr: string;
  readonly answer: ExportAnswer;
}

export function* exportBlocks(snapshot: Snapshot): Generator<ExportBlock> {
  for (const { network, answer } of snapshot.networks()) {
    const span = parseCidr(network);
    yield {
      family: span.family,
      start: span.start,
      end: span.end,
      prefix: span.prefix,
      cidr: network,
      answer,
    };
  }
}
