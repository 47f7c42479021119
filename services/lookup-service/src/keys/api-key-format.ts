/**
 * The shape of an API key: `ts_live_` + 32 random base62 characters + a 6-character base62
 * checksum of those 32. The checksum is the first 8 bytes of SHA-256(random part), read as an
 * unsigned big-endian 64-bit integer, modulo 62^6, written as 6 base62 digits (0-9, A-Z, a-z),
 * most significant first, zero-padded. A typo therefore fails the checksum (1 in 5.7·10^10 passes)
 * and is refused without a cache or database look-up; secret scanners can match the whole shape.
 *
 * Only SHA-256 of the whole key is stored: the key has 190 random bits, so a plain fast hash is
 * enough (nothing to brute-force), and it lets every call find its key in one indexed look-up.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
} from '@tunnelscope/contracts';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHECKSUM_MODULUS = 62n ** BigInt(API_KEY_CHECKSUM_LENGTH);

/** The 6-character checksum of a key's random part. */
export function keyChecksum(randomPart: string): string {
  const digest = createHash('sha256').update(randomPart, 'utf8').digest();
  let value = digest.readBigUInt64BE(0) % CHECKSUM_MODULUS;
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62[Number(value % 62n)]! + out;
    value /= 62n;
  }
  return out;
}

/** 32 uniformly random base62 characters (bytes ≥ 248 are drawn again, so no character is favoured). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateApiKey(): string {
  const random = randomBase62(API_KEY_RANDOM_LENGTH);
  return `${API_KEY_PREFIX}${random}${keyChecksum(random)}`;
}

/** True when `key` has the key's shape and its checksum matches (no look-up of any kind). */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_PATTERN.test(key)) return false;
  const random = key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH);
  return key.slice(API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH) === keyChecksum(random);
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** What a list shows of a key: the prefix and its first 4 random characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
