/**
 * Bearer secrets with a recognisable shape: `<prefix>` + 32 random base62 characters + a
 * 6-character base62 checksum of those 32 (API keys `ts_live_…`, collector tokens `ts_col_…`).
 * The checksum is the first 8 bytes of SHA-256(random part), read as an unsigned big-endian 64-bit
 * integer, modulo 62^6, written as 6 base62 digits (0-9, A-Z, a-z), most significant first,
 * zero-padded. A typo therefore fails the checksum (1 in 5.7·10^10 passes) and is refused without
 * any look-up; secret scanners can match the whole shape.
 *
 * Only SHA-256 of the whole secret is stored: it has 190 random bits, so a plain fast hash is
 * enough (nothing to brute-force), and every call finds its row in one indexed look-up.
 */
import { createHash, randomBytes } from 'node:crypto';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SECRET_TOKEN_RANDOM_LENGTH = 32;
export const SECRET_TOKEN_CHECKSUM_LENGTH = 6;
const CHECKSUM_MODULUS = 62n ** BigInt(SECRET_TOKEN_CHECKSUM_LENGTH);

/** The 6-character checksum of a secret's random part. */
export function secretChecksum(randomPart: string): string {
  const digest = createHash('sha256').update(randomPart, 'utf8').digest();
  let value = digest.readBigUInt64BE(0) % CHECKSUM_MODULUS;
  let out = '';
  for (let i = 0; i < SECRET_TOKEN_CHECKSUM_LENGTH; i++) {
    out = BASE62[Number(value % 62n)]! + out;
    value /= 62n;
  }
  return out;
}

/** `length` uniformly random base62 characters (bytes ≥ 248 are drawn again, so no character is favoured). */
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

export interface SecretTokenFormat {
  readonly prefix: string;
  generate(): string;
  /** True when `token` has the shape and its checksum matches (no look-up of any kind). */
  isWellFormed(token: string): boolean;
  /** SHA-256 of the whole token: what is stored. */
  hash(token: string): Buffer;
  /** What a list shows of a token: the prefix and its first 4 random characters. */
  displayPrefix(token: string): string;
}

export function secretTokenFormat(prefix: string): SecretTokenFormat {
  const pattern = new RegExp(
    `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Za-z0-9]{${SECRET_TOKEN_RANDOM_LENGTH + SECRET_TOKEN_CHECKSUM_LENGTH}}$`,
  );
  return {
    prefix,
    generate() {
      const random = randomBase62(SECRET_TOKEN_RANDOM_LENGTH);
      return `${prefix}${random}${secretChecksum(random)}`;
    },
    isWellFormed(token) {
      if (!pattern.test(token)) return false;
      const random = token.slice(prefix.length, prefix.length + SECRET_TOKEN_RANDOM_LENGTH);
      return token.slice(prefix.length + SECRET_TOKEN_RANDOM_LENGTH) === secretChecksum(random);
    },
    hash(token) {
      return createHash('sha256').update(token, 'utf8').digest();
    },
    displayPrefix(token) {
      return token.slice(0, prefix.length + 4);
    },
  };
}
