import { randomBytes } from 'node:crypto';
import { backupCodePepper, createBackupCodes } from './backup-codes.js';

describe('backup codes', () => {
  const codes = createBackupCodes(randomBytes(32));
  const admin = '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11';

  it('issues 10 distinct 6-digit codes with their hashes', () => {
    const issued = codes.issue(admin);
    expect(issued.codes).toHaveLength(10);
    expect(new Set(issued.codes).size).toBe(10);
    for (const c of issued.codes) expect(c).toMatch(/^\d{6}$/);
    expect(issued.hashes).toEqual(issued.codes.map((c) => codes.hash(admin, c)));
  });

  it('never stores a code in clear, and binds the hash to the account and the pepper', () => {
    const [code] = codes.issue(admin).codes;
    const hash = codes.hash(admin, code!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
    expect(codes.hash('another-admin', code!)).not.toBe(hash);
    expect(createBackupCodes(randomBytes(32)).hash(admin, code!)).not.toBe(hash);
  });

  it('uses the configured pepper, else derives one from the TOTP key', () => {
    const key = randomBytes(32);
    expect(backupCodePepper('p'.repeat(40), key).toString()).toBe('p'.repeat(40));
    const derived = backupCodePepper(undefined, key);
    expect(derived).toHaveLength(32);
    expect(derived.equals(key)).toBe(false);
    expect(backupCodePepper(undefined, key).equals(derived)).toBe(true);
  });
});
