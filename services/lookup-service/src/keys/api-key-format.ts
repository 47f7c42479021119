/**
 * The shape of an API key: `ts_live_` + 32 random base62 characters + a 6-character base62
 * checksum of those 32 — service-kit's secret-token scheme (the checksum, the hash and why a fast
 * hash is enough are documented there). A typo is refused without a cache or database look-up;
 * secret scanners can match the whole shape.
 */
import { API_KEY_PREFIX } from '@tunnelscope/contracts';
import { secretChecksum, secretTokenFormat } from '@tunnelscope/service-kit';

const apiKeys = secretTokenFormat(API_KEY_PREFIX);

/** The 6-character checksum of a key's random part. */
export const keyChecksum = secretChecksum;
export { BASE62 } from '@tunnelscope/service-kit';

export function generateApiKey(): string {
  return apiKeys.generate();
}

/** True when `key` has the key's shape and its checksum matches (no look-up of any kind). */
export function isWellFormedApiKey(key: string): boolean {
  return apiKeys.isWellFormed(key);
}

export function hashApiKey(key: string): Buffer {
  return apiKeys.hash(key);
}

/** What a list shows of a key: the prefix and its first 4 random characters. */
export function displayPrefix(key: string): string {
  return apiKeys.displayPrefix(key);
}
