import { compareStreamIds, isStreamId, parseStreamId } from './stream-id.js';
import { formatSseEvent } from './sse.js';

describe('stream ids', () => {
  it('accepts Redis stream ids and refuses anything else a browser could send', () => {
    expect(parseStreamId('1732590000000-3')).toEqual([1732590000000n, 3n]);
    expect(isStreamId('abc')).toBe(false);
    expect(isStreamId('1-2-3')).toBe(false);
    expect(isStreamId('')).toBe(false);
    expect(isStreamId(undefined)).toBe(false);
    expect(isStreamId('1-2; DROP')).toBe(false);
  });

  it('orders ids by time, then by sequence, numerically', () => {
    expect(compareStreamIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareStreamIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareStreamIds('10-10', '10-10')).toBe(0);
    expect(compareStreamIds('11-0', '10-99')).toBeGreaterThan(0);
  });
});

describe('formatSseEvent', () => {
  it('writes id, event and one data line, ended by a blank line', () => {
    expect(formatSseEvent({ id: '5-1', event: 'row.created', data: '{"list":"waitlist"}' })).toBe(
      'id: 5-1\nevent: row.created\ndata: {"list":"waitlist"}\n\n',
    );
  });

  it('never lets a line break inside data start a new field', () => {
    const text = formatSseEvent({ id: '5-1', event: 'row.changed', data: '{"a":1}\n\nevent: x' });
    expect(text.split('\n\n')).toHaveLength(2);
  });
});
