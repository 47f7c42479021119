/**
 * Bearer tokens (session and login-challenge cookies): 256 random bits, base64url in the cookie,
 * and only their SHA-256 in the database, so a leaked table opens no session.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** base64url of 32 bytes, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** True for a string shaped like one of our tokens (anything else is refused before a query). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/**
 * A plain SHA-256 is enough here: the token carries 256 bits of entropy, so there is nothing to
 * brute-force and no need for a slow or keyed hash.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
