import { toStorableJson } from './storable-json.js';

describe('toStorableJson', () => {
  it('removes NUL and repairs lone surrogates in values and keys', () => {
    const out = toStorableJson({ 'k\u0000ey': ['a\u0000b', 'x\ud800y'], n: 1, ok: true, none: null });
    expect(out).toEqual({ key: ['ab', 'x\ufffdy'], n: 1, ok: true, none: null });
    expect(JSON.stringify(out)).not.toMatch(/\\u0000|\\ud800/);
  });

  it('cuts values nested deeper than twenty levels', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(JSON.stringify(toStorableJson(deep))).toContain('[truncated]');
  });

  it('keeps bidi and zero-width characters as data, since an attack sample may hold them', () => {
    expect(toStorableJson('a\u202eb\u200bc')).toBe('a\u202eb\u200bc');
  });
});
