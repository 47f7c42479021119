import { OTP_MAX_ATTEMPTS } from '@tunnelscope/contracts';
import {
  checkOtpCode,
  generateOtpCode,
  hashOtpCode,
  issueOtpCode,
  otpCodeMatches,
  type StoredCode,
} from './otp.js';

const secret = 'a-test-secret-that-is-long-enough-000';
const requestId = '3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const now = new Date('2026-01-01T12:00:00Z');

describe('generateOtpCode', () => {
  it('always returns six digits, leading zeros included', () => {
    for (let i = 0; i < 2000; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });
});

describe('hashOtpCode', () => {
  it('binds the hash to the secret, the row and the code', () => {
    const h = hashOtpCode(secret, requestId, '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashOtpCode(secret, requestId, '123457')).not.toBe(h);
    expect(hashOtpCode(`${secret}x`, requestId, '123456')).not.toBe(h);
    expect(hashOtpCode(secret, requestId.replace('3f', '4f'), '123456')).not.toBe(h);
  });

  it('matches only the code it was made from', () => {
    const h = hashOtpCode(secret, requestId, '000042');
    expect(otpCodeMatches(secret, requestId, '000042', h)).toBe(true);
    expect(otpCodeMatches(secret, requestId, '000043', h)).toBe(false);
    expect(otpCodeMatches(secret, requestId, '000042', 'abcd')).toBe(false);
  });
});

describe('checkOtpCode', () => {
  const issued = issueOtpCode(secret, requestId, now);
  const stored: StoredCode = {
    otp_code_hash: issued.columns.otp_code_hash,
    otp_expiry: issued.columns.otp_expiry,
    otp_attempts: 0,
  };
  const check = (code: string, at = now, s = stored) => checkOtpCode(s, { secret, requestId, code, now: at });

  it('accepts the issued code within five minutes', () => {
    expect(check(issued.code, new Date(now.getTime() + 299_000))).toEqual({ ok: true });
  });

  it('refuses the issued code once five minutes have passed', () => {
    expect(check(issued.code, new Date(now.getTime() + 300_000))).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('counts a wrong code and kills the code at the fifth wrong try', () => {
    const wrong = issued.code === '000000' ? '000001' : '000000';
    expect(check(wrong)).toEqual({ ok: false, reason: 'wrong_code', attempts: 1, dead: false });
    expect(check(wrong, now, { ...stored, otp_attempts: OTP_MAX_ATTEMPTS - 1 })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attempts: OTP_MAX_ATTEMPTS,
      dead: true,
    });
  });

  it('refuses even the right code once the tries are used up or the code is gone', () => {
    expect(check(issued.code, now, { ...stored, otp_attempts: OTP_MAX_ATTEMPTS })).toMatchObject({
      ok: false,
    });
    expect(check(issued.code, now, { ...stored, otp_code_hash: null })).toMatchObject({
      ok: false,
      reason: 'no_code',
    });
  });
});
