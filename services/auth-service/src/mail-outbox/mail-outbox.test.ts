import { backoffMs } from './mail-outbox.js';

describe('the outbox retry backoff', () => {
  it('doubles from 2 seconds and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16_000]);
    expect(backoffMs(9)).toBe(300_000);
    expect(backoffMs(10_000)).toBe(300_000);
  });
});
