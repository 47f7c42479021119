/**
 * Generated passwords (admin:create and reset-password) that meet the admin password policy
 * (contracts' passwordField): at least one upper case letter, lower case letter, digit and special
 * from @$!%*?&, from a cryptographic
 * source. Characters easily misread in a mail (0/O, 1/l/I) are left out.
 */
import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIALS } from '@tunnelscope/contracts';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS + PASSWORD_SPECIALS;

/** 20 characters from ~65 symbols: about 120 bits. */
export const GENERATED_PASSWORD_LENGTH = 20;

function pick(chars: string): string {
  return chars[randomInt(chars.length)]!;
}

export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  if (length < 4) throw new Error('a policy password needs at least 4 characters');
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(PASSWORD_SPECIALS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the guaranteed classes are not always in the first four places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
