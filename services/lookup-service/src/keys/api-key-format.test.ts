import { API_KEY_PATTERN } from '@tunnelscope/contracts';
import {
  BASE62,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  keyChecksum,
} from './api-key-format.js';

describe('API key format', () => {
  it('generates keys of the documented shape whose checksum verifies', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey();
      expect(key).toMatch(API_KEY_PATTERN);
      expect(isWellFormedApiKey(key)).toBe(true);
      keys.add(key);
    }
    expect(keys.size).toBe(200);
  });

  it('refuses a key with one character changed anywhere in its random part or checksum', () => {
    const key = generateApiKey();
    for (let i = 'ts_live_'.length; i < key.length; i++) {
      const c = key[i]!;
      const other = BASE62[(BASE62.indexOf(c) + 1) % 62]!;
      expect(isWellFormedApiKey(key.slice(0, i) + other + key.slice(i + 1))).toBe(false);
    }
  });

  it('refuses other shapes: wrong prefix, wrong length, characters outside base62', () => {
    const key = generateApiKey();
    expect(isWellFormedApiKey(key.replace('ts_live_', 'ts_test_'))).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}A`)).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, 10)}-${key.slice(11)}`)).toBe(false);
  });

  it('computes the checksum as the first 8 SHA-256 bytes modulo 62^6 in base62 digits', () => {
    // A fixed vector, so the documented algorithm cannot drift silently.
    const random = '0'.repeat(32);
    const digest = BigInt(`0x${hashApiKey(random).subarray(0, 8).toString('hex')}`) % 62n ** 6n;
    let expected = '';
    let v = digest;
    for (let i = 0; i < 6; i++) {
      expected = BASE62[Number(v % 62n)]! + expected;
      v /= 62n;
    }
    expect(keyChecksum(random)).toBe(expected);
  });

  it('hashes to 32 bytes and shows only the first 12 characters', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toHaveLength(32);
    expect(displayPrefix(key)).toBe(key.slice(0, 12));
  });
});
