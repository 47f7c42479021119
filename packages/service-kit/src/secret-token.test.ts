import { BASE62, secretChecksum, secretTokenFormat } from './secret-token.js';

const format = secretTokenFormat('ts_col_');

describe('secretTokenFormat', () => {
  it('generates prefix + 32 random + 6 checksum base62 characters that pass its own check', () => {
    for (let i = 0; i < 200; i++) {
      const token = format.generate();
      expect(token).toMatch(/^ts_col_[A-Za-z0-9]{38}$/);
      expect(format.isWellFormed(token)).toBe(true);
    }
  });

  it('refuses every single-character typo of a token', () => {
    const token = format.generate();
    for (let i = format.prefix.length; i < token.length; i++) {
      const other = BASE62[(BASE62.indexOf(token[i]!) + 1) % 62]!;
      expect(format.isWellFormed(token.slice(0, i) + other + token.slice(i + 1))).toBe(false);
    }
  });

  it('refuses another prefix, a short token and a long one', () => {
    const token = format.generate();
    expect(format.isWellFormed(token.replace('ts_col_', 'ts_live_'))).toBe(false);
    expect(format.isWellFormed(token.slice(0, -1))).toBe(false);
    expect(format.isWellFormed(`${token}a`)).toBe(false);
    expect(secretTokenFormat('ts_live_').isWellFormed(token)).toBe(false);
  });

  it('computes the checksum as documented: SHA-256, first 8 bytes mod 62^6, base62', () => {
    // A fixed vector, so a change of the scheme (which would invalidate every issued token) is seen.
    expect(secretChecksum('0'.repeat(32))).toBe('NqmpKm');
    expect(secretChecksum('1'.repeat(32))).not.toBe('NqmpKm');
  });

  it('hashes with SHA-256 and shows only the prefix and four characters', () => {
    const token = format.generate();
    expect(format.hash(token)).toHaveLength(32);
    expect(format.displayPrefix(token)).toBe(token.slice(0, 11));
  });
});
