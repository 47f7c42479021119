/**
 * Backup codes, for an operator without their authenticator: 10 codes of 6 digits, so they fit the
 * sign-in form's 6-digit code field. Stored as HMAC-SHA256 keyed with a server pepper and bound to
 * the account: 6 digits are only a million values, so a plain hash of a leaked row would fall at
 * once; with the pepper it cannot be brute-forced without the key as well.
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT, TOTP_CODE_LENGTH } from '@tunnelscope/contracts';

export interface BackupCodes {
  /** Fresh codes (shown once) and their hashes (stored). */
  issue(adminId: string): { codes: string[]; hashes: string[] };
  hash(adminId: string, code: string): string;
}

/** The pepper: BACKUP_CODE_PEPPER when set, else a key derived from the TOTP encryption key. */
export function backupCodePepper(configured: string | undefined, totpKey: Buffer): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(hkdfSync('sha256', totpKey, Buffer.alloc(0), 'tunnelscope backup codes v1', 32));
}

export function createBackupCodes(pepper: Buffer): BackupCodes {
  const hash = (adminId: string, code: string) =>
    createHmac('sha256', pepper).update(`${adminId}:${code}`).digest('hex');
  return {
    hash,
    issue(adminId) {
      const codes = new Set<string>();
      while (codes.size < BACKUP_CODE_COUNT) {
        codes.add(
          randomInt(0, 10 ** TOTP_CODE_LENGTH)
            .toString()
            .padStart(TOTP_CODE_LENGTH, '0'),
        );
      }
      const list = [...codes];
      return { codes: list, hashes: list.map((c) => hash(adminId, c)) };
    },
  };
}
