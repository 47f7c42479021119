import { describe, expect, it } from '@jest/globals';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import fc from 'fast-check';
import { addressText, entriesArb, probes, spansOf } from '../test/arbitraries.js';
import { RangeIndex, type IndexEntry, type TransferableIndex } from './range-index.js';
import { buildInWorker } from './worker.js';

function sameAnswers(a: RangeIndex, b: RangeIndex, entries: IndexEntry[]) {
  for (const [family, value] of probes(spansOf(entries), [])) {
    const text = addressText(family, value);
    const x = a.lookupText(text);
    const y = b.lookupText(text);
    expect(y && { payload: y.payload, network: y.network }).toEqual(
      x && { payload: x.payload, network: x.network },
    );
  }
}

function receive(port: MessagePort): Promise<TransferableIndex> {
  return new Promise((resolve) => port.once('message', (data: TransferableIndex) => resolve(data)));
}

describe('buildInWorker', () => {
  it('builds in a worker thread an index that answers as one built here', async () => {
    const samples = fc.sample(entriesArb(), { numRuns: 3, seed: 12 });
    samples.push([
      { network: '10.0.0.0/8', payload: 1 },
      { network: '10.1.2.0/24', payload: 2 },
      { start: '2001:db8::', end: '2001:db8::ff', payload: 3 },
    ]);
    for (const entries of samples) {
      const remote = await buildInWorker(entries);
      sameAnswers(RangeIndex.build(entries), remote, entries);
    }
  });

  it('rejects with the build error of a bad entry', async () => {
    await expect(buildInWorker([{ network: '10.0.0.1/8', payload: 1 }])).rejects.toThrow(/host bits/);
  });
});

describe('toTransferable / fromTransferable', () => {
  it('moves the buffers through a message port without copying them', async () => {
    const entries: IndexEntry[] = [
      { network: '192.0.2.0/24', payload: 7 },
      { network: '2001:db8::/32', payload: 8 },
    ];
    const index = RangeIndex.build(entries);
    const { data, transfer } = index.toTransferable();
    expect(transfer.length).toBe(16);
    const { port1, port2 } = new MessageChannel();
    const received = receive(port2);
    port1.postMessage(data, transfer);
    // Moved, not copied: the sender's buffers are detached.
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
    const moved = RangeIndex.fromTransferable(await received);
    port1.close();
    expect(moved.lookupText('192.0.2.1')?.payload).toBe(7);
    expect(moved.lookupText('2001:db8::1')?.network).toBe('2001:db8::/32');
    expect(moved.lookupText('8.8.8.8')).toBeNull();
  });

  it('refuses data that is not a whole index', () => {
    const { data } = RangeIndex.build([{ network: '10.0.0.0/8', payload: 1 }]).toTransferable();
    expect(() =>
      RangeIndex.fromTransferable({ ...data, format: 'other' } as unknown as TransferableIndex),
    ).toThrow(/not a transferable/);
    expect(() =>
      RangeIndex.fromTransferable({ ...data, v4: { ...data.v4, bucket: new Uint32Array(3) } }),
    ).toThrow(/inconsistent IPv4/);
  });
});
