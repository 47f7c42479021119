/**
 * The walk both export files are written from: every data block of a snapshot, in address order
 * (IPv4, then IPv6), special-purpose ranges cut out, each block with its answer.
 */
import type { Family } from '@tunnelscope/ip-index';
import { parseCidr } from '@tunnelscope/ip-index';
import type { Snapshot } from '../index/snapshot.js';
import { publicBlocks, type ExportAnswer } from './export-data.js';

export interface ExportBlock {
  readonly family: Family;
  readonly start: bigint;
  readonly end: bigint;
  readonly prefix: number;
  readonly answer: ExportAnswer;
}

export function* exportBlocks(snapshot: Snapshot): Generator<ExportBlock> {
  for (const { network } of snapshot.networks()) {
    const span = parseCidr(network);
    const family = span.family;
    for (const block of publicBlocks(family, span.start, span.end)) {
      // The answer of the block's own first address, not the one networks() gives: `network` and
      // `asn.route` of a data range that is not one CIDR name the block around the address, which
      // differs between the blocks of one interval (networks() gives every block the interval's
      // first answer; lookup-service's index owner is to fix that, then this call can go).
      const answer = snapshot.answerAt(
        family === 4
          ? { family: 4, value: Number(block.start), mapped: false }
          : { family: 6, words: words(block.start), mapped: false },
      );
      yield { family, start: block.start, end: block.end, prefix: block.prefix, answer };
    }
  }
}

function words(value: bigint): [number, number, number, number] {
  const w = (shift: bigint) => Number((value >> shift) & 0xffffffffn);
  return [w(96n), w(64n), w(32n), w(0n)];
}
