import { REQUEST_NUMBER_ALPHABET, generateRequestNumber } from './request-number.js';

describe('generateRequestNumber', () => {
  it('formats the UTC date and six characters of the unambiguous alphabet', () => {
    const n = generateRequestNumber(new Date('2026-11-22T23:30:00-05:00'));
    expect(n).toMatch(/^VPN-20261123-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
  });

  it('never uses characters people confuse', () => {
    expect(REQUEST_NUMBER_ALPHABET).not.toMatch(/[01ILO]/);
    for (let i = 0; i < 500; i++)
      expect(generateRequestNumber(new Date())).toMatch(/^VPN-\d{8}-[^01ILO]{6}$/);
  });

  it('draws every character from the random source it is given', () => {
    const picks = [0, 1, 2, 3, 4, 30];
    expect(generateRequestNumber(new Date('2026-01-02T00:00:00Z'), () => picks.shift()!)).toBe(
      'VPN-20260102-23456Z',
    );
  });
});
