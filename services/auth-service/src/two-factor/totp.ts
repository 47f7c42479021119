/**
 * TOTP as the panel uses it: 6 digits, 30-second steps, the current step and one
 * step of clock drift back (never ahead), and a time step at or before the last one accepted is a
 * replay. Time comes from the caller's clock, never from the library's own Date.now().
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { TOTP_CODE_LENGTH } from '@tunnelscope/contracts';

export const TOTP_PERIOD_SECONDS = 30;
/** How far back a code may be: one step. */
const DRIFT_BACK_SECONDS = TOTP_PERIOD_SECONDS;

export type TotpCheck =
  | { kind: 'valid'; step: number }
  /** The code is right but its step was already used: refused and logged as a replay. */
  | { kind: 'replay'; step: number }
  | { kind: 'invalid' };

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return generateURI({
    issuer,
    label: account,
    secret,
    digits: TOTP_CODE_LENGTH,
    period: TOTP_PERIOD_SECONDS,
  });
}

export function timeStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of `secret` at `now` (tests and the stand-in authenticator use it). */
export function totpCodeAt(secret: string, now: Date): Promise<string> {
  return generate({
    secret,
    digits: TOTP_CODE_LENGTH,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
  });
}

async function matchingStep(secret: string, code: string, epoch: number, afterTimeStep?: number) {
  try {
    const result = await verify({
      secret,
      token: code,
      digits: TOTP_CODE_LENGTH,
      period: TOTP_PERIOD_SECONDS,
      epoch,
      epochTolerance: [DRIFT_BACK_SECONDS, 0],
      ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed code or secret is simply not a match.
    return null;
  }
}

export async function checkTotp(opts: {
  secret: string;
  code: string;
  now: Date;
  lastStep: number | null;
}): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(opts.code)) return { kind: 'invalid' };
  const epoch = Math.floor(opts.now.getTime() / 1000);
  const step = await matchingStep(opts.secret, opts.code, epoch);
  if (step === null) return { kind: 'invalid' };
  if (opts.lastStep === null || step > opts.lastStep) return { kind: 'valid', step };
  // The first match is a used step. Another, unused step of the window could still match (one
  // chance in a million); look for it before calling this a replay.
  if (opts.lastStep < timeStepAt(opts.now)) {
    const later = await matchingStep(opts.secret, opts.code, epoch, opts.lastStep);
    if (later !== null) return { kind: 'valid', step: later };
  }
  return { kind: 'replay', step };
}
