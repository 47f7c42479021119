import { checkTotp, newTotpSecret, timeStepAt, totpCodeAt, totpUri, TOTP_PERIOD_SECONDS } from './totp.js';

const at = (seconds: number) => new Date(seconds * 1000);
const STEP = TOTP_PERIOD_SECONDS;

describe('TOTP', () => {
  const secret = newTotpSecret();
  // The middle of a time step, so drift checks are not at an edge.
  const t = 1_800_000_000 - (1_800_000_000 % STEP) + 10;

  it('accepts the current code and reports its time step', async () => {
    const code = await totpCodeAt(secret, at(t));
    expect(await checkTotp({ secret, code, now: at(t), lastStep: null })).toEqual({
      kind: 'valid',
      step: timeStepAt(at(t)),
    });
  });

  it('accepts the code of one step back, not two, and never one ahead', async () => {
    const previous = await totpCodeAt(secret, at(t - STEP));
    const twoBack = await totpCodeAt(secret, at(t - 2 * STEP));
    const ahead = await totpCodeAt(secret, at(t + STEP));
    expect((await checkTotp({ secret, code: previous, now: at(t), lastStep: null })).kind).toBe('valid');
    expect((await checkTotp({ secret, code: twoBack, now: at(t), lastStep: null })).kind).toBe('invalid');
    expect((await checkTotp({ secret, code: ahead, now: at(t), lastStep: null })).kind).toBe('invalid');
  });

  it('calls a code of a step already used a replay', async () => {
    const code = await totpCodeAt(secret, at(t));
    const step = timeStepAt(at(t));
    expect(await checkTotp({ secret, code, now: at(t), lastStep: step })).toEqual({ kind: 'replay', step });
    expect(await checkTotp({ secret, code, now: at(t + 5), lastStep: step + 3 })).toEqual({
      kind: 'replay',
      step,
    });
  });

  it('accepts a later step after an earlier one was used', async () => {
    const code = await totpCodeAt(secret, at(t));
    expect((await checkTotp({ secret, code, now: at(t), lastStep: timeStepAt(at(t)) - 1 })).kind).toBe(
      'valid',
    );
  });

  it('refuses a wrong code, a malformed code and another secret', async () => {
    const code = await totpCodeAt(secret, at(t));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await checkTotp({ secret, code: wrong, now: at(t), lastStep: null })).kind).toBe('invalid');
    expect((await checkTotp({ secret, code: '12a456', now: at(t), lastStep: null })).kind).toBe('invalid');
    expect((await checkTotp({ secret: newTotpSecret(), code, now: at(t), lastStep: null })).kind).toBe(
      'invalid',
    );
  });

  it('builds an otpauth URI with the issuer, the account and the secret', () => {
    const uri = totpUri('TunnelScope', 'ops_lead', secret);
    expect(uri).toMatch(/^otpauth:\/\/totp\/TunnelScope:ops_lead\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=TunnelScope');
  });
});
