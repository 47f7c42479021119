import { randomInt } from 'node:crypto';

/** Letters and digits a person cannot confuse when reading a number aloud (no 0/O, 1/I/L). */
export const REQUEST_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const SUFFIX_LENGTH = 6;

/** A human-readable VPN request number such as VPN-20261122-7K3F9Q (UTC date, random suffix). */
export function generateRequestNumber(now: Date, random: (max: number) => number = randomInt): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++)
    suffix += REQUEST_NUMBER_ALPHABET[random(REQUEST_NUMBER_ALPHABET.length)];
  return `VPN-${date}-${suffix}`;
}
