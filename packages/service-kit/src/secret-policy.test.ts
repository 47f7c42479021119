import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  PUBLISHED_SECRETS,
  isPublishedSecret,
  isTurnstileTestKey,
  refusePublishedDatabasePassword,
  secretWeakness,
} from './secret-policy.js';

const repoFile = (name: string) =>
  fs.readFileSync(fileURLToPath(new URL(`../../../${name}`, import.meta.url)), 'utf8');

/** Names of variables that hold a secret (or, like the admin prefix, a value that must stay private). */
const SECRET_NAME = /SECRET|PASSWORD|PEPPER|_KEY$|_HEX$/;

/**
 * Every secret value the file writes: `NAME=value` and `NAME: value` lines, compose's
 * `${NAME:-default}` defaults, and passwords inside database URLs.
 */
function secretValuesIn(text: string): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    for (const m of line.matchAll(/\$\{(\w+):-([^}]*)\}/g)) {
      if (SECRET_NAME.test(m[1]!) && m[2]) found.push({ name: m[1]!, value: m[2] });
    }
    const assign = /^\s*([A-Z][A-Z0-9_]*)\s*[:=]\s*['"]?([^'"\s$#]+)['"]?\s*$/.exec(line);
    if (assign && SECRET_NAME.test(assign[1]!)) found.push({ name: assign[1]!, value: assign[2]! });
    for (const m of line.matchAll(/postgres(?:ql)?:\/\/[^:/@\s]+:([^@\s]+)@/g))
      found.push({ name: 'URL password', value: m[1]! });
  }
  return found;
}

describe('PUBLISHED_SECRETS cannot fall behind the repository', () => {
  it.each(['docker-compose.yml', '.env.example'])('holds every secret %s writes', (file) => {
    const values = secretValuesIn(repoFile(file));
    expect(values.length).toBeGreaterThan(0);
    for (const { name, value } of values) {
      expect({ file, name, value, refused: isPublishedSecret(value) }).toEqual({
        file,
        name,
        value,
        refused: true,
      });
    }
  });

  it('finds the compose secrets it is meant to find', () => {
    const names = secretValuesIn(repoFile('docker-compose.yml')).map((v) => v.name);
    for (const name of [
      'INTERNAL_SHARED_SECRET',
      'OTP_HMAC_SECRET',
      'TOTP_ENCRYPTION_KEY',
      'ADMIN_PATH_HEX',
      'POSTGRES_PASSWORD',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('secretWeakness', () => {
  it('accepts generated values', () => {
    for (let i = 0; i < 50; i++) {
      expect(secretWeakness(randomBytes(32).toString('base64'))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString('base64url'))).toBeNull();
      expect(secretWeakness(randomBytes(16).toString('hex'))).toBeNull();
    }
  });

  it.each([
    ['every published value', PUBLISHED_SECRETS.filter((s) => s.length >= 8)],
    ['a published value with a suffix', ['compose-internal-secret-change-me-0123456789-prod']],
    ['short values', ['s3cr3t', randomBytes(8).toString('hex')]],
    ['repeated values', ['x'.repeat(40), 'ab'.repeat(20), 'hunter2!'.repeat(5)]],
    ['too few distinct characters', ['aaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbb01']],
  ])('refuses %s', (_what, values) => {
    for (const value of values)
      expect({ value, problem: secretWeakness(value) }).toEqual({ value, problem: expect.any(String) });
  });

  it("knows Cloudflare's Turnstile test site keys and secrets", () => {
    for (const key of [
      '1x00000000000000000000AA',
      '2x00000000000000000000AB',
      '1x00000000000000000000BB',
      '3x00000000000000000000FF',
      '1x0000000000000000000000000000000AA',
    ]) {
      expect(isTurnstileTestKey(key)).toBe(true);
    }
    expect(isTurnstileTestKey('0x4AAAAAAAB1cDeFgHiJkLmN')).toBe(false);
  });
});

describe('refusePublishedDatabasePassword', () => {
  const schema = z
    .string()
    .superRefine((url, ctx) => refusePublishedDatabasePassword(ctx, 'DATABASE_URL', url));
  it('refuses the compose password and accepts a private one or none', () => {
    expect(schema.safeParse('postgres://postgres:postgres@db:5432/app').success).toBe(false);
    expect(schema.safeParse(`postgres://app:${randomBytes(16).toString('hex')}@db:5432/app`).success).toBe(
      true,
    );
    expect(schema.safeParse('postgres://postgres@127.0.0.1:5432/app').success).toBe(true);
  });
});
