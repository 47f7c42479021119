import { describe, expect, it } from '@jest/globals';
import { inBatches, retentionCutoff } from './retention.js';

describe('inBatches', () => {
  it('repeats full batches and stops at the first short one, answering the total', async () => {
    const answers = [3, 3, 1, 3];
    let calls = 0;
    await expect(inBatches(3, async () => answers[calls++]!)).resolves.toBe(7);
    expect(calls).toBe(3);
  });

  it('runs once when nothing is left (an empty first batch)', async () => {
    let calls = 0;
    await expect(inBatches(500, async () => (calls++, 0))).resolves.toBe(0);
    expect(calls).toBe(1);
  });

  it('stops on an empty batch after an exactly full one', async () => {
    const answers = [2, 2, 0];
    let calls = 0;
    await expect(inBatches(2, async () => answers[calls++]!)).resolves.toBe(4);
    expect(calls).toBe(3);
  });

  it('passes a failing batch’s error on', async () => {
    await expect(
      inBatches(2, async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
  });
});

describe('retentionCutoff', () => {
  it('is whole days of 24 hours before now', () => {
    const now = new Date('2026-11-26T09:00:00.000Z');
    expect(retentionCutoff(now, 90).toISOString()).toBe('2026-08-28T09:00:00.000Z');
    expect(retentionCutoff(now, 0).toISOString()).toBe(now.toISOString());
  });
});
