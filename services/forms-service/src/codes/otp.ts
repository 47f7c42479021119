/**
 * Six-digit e-mail codes: drawn from a cryptographic source, stored only as an HMAC keyed with a
 * server secret and bound to the row (so a hash copied to another row is worthless), compared in
 * constant time, alive 5 minutes and for at most OTP_MAX_ATTEMPTS wrong tries.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@tunnelscope/contracts';

export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export function hashOtpCode(secret: string, requestId: string, code: string): string {
  return createHmac('sha256', secret).update(`${requestId}${code}`).digest('hex');
}

export function otpCodeMatches(secret: string, requestId: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const presented = Buffer.from(hashOtpCode(secret, requestId, code), 'hex');
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

/** What a row stores about its current code. */
export interface StoredCode {
  otp_code_hash: string | null;
  otp_expiry: Date | null;
  otp_attempts: number;
}

/** The columns to write when a code is issued (a fresh code resets the tries). */
export interface IssuedCode {
  code: string;
  columns: { otp_code_hash: string; otp_expiry: Date; otp_attempts: number; otp_issued_at: Date };
}

export function issueOtpCode(secret: string, requestId: string, now: Date): IssuedCode {
  const code = generateOtpCode();
  return {
    code,
    columns: {
      otp_code_hash: hashOtpCode(secret, requestId, code),
      otp_expiry: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      otp_attempts: 0,
      otp_issued_at: now,
    },
  };
}

export type CodeCheck =
  | { ok: true }
  | {
      ok: false;
      /** For the log only: the visitor always gets the same message. */
      reason: 'no_code' | 'expired' | 'exhausted' | 'wrong_code';
      /** Wrong tries counted after this one. */
      attempts: number;
      /** The code can no longer succeed: forget its hash. */
      dead: boolean;
    };

export function checkOtpCode(
  stored: StoredCode,
  input: { secret: string; requestId: string; code: string; now: Date },
): CodeCheck {
  const { otp_code_hash: hash, otp_expiry: expiry, otp_attempts: attempts } = stored;
  if (!hash) return { ok: false, reason: 'no_code', attempts, dead: true };
  if (attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted', attempts, dead: true };
  if (!expiry || expiry.getTime() <= input.now.getTime())
    return { ok: false, reason: 'expired', attempts, dead: true };
  if (otpCodeMatches(input.secret, input.requestId, input.code, hash)) return { ok: true };
  const next = attempts + 1;
  return { ok: false, reason: 'wrong_code', attempts: next, dead: next >= OTP_MAX_ATTEMPTS };
}
