import { ipv4ToNumber, numberToIpv4, rangeToCidrs } from './ipv4.js';

describe('IPv4 numbers', () => {
  it('converts both ways', () => {
    expect(ipv4ToNumber('0.0.0.0')).toBe(0);
    expect(ipv4ToNumber('8.8.8.8')).toBe(134744072);
    expect(ipv4ToNumber('255.255.255.255')).toBe(4294967295);
    expect(numberToIpv4(134744072)).toBe('8.8.8.8');
    expect(numberToIpv4(4294967295)).toBe('255.255.255.255');
  });

  it.each(['1.2.3', '1.2.3.256', 'a.b.c.d', '1.2.3.-1', ''])('refuses %p', (text) => {
    expect(() => ipv4ToNumber(text)).toThrow('not an IPv4 address');
  });
});

describe('rangeToCidrs', () => {
  it('gives one block for an aligned range', () => {
    expect(rangeToCidrs(ipv4ToNumber('10.0.0.0'), ipv4ToNumber('10.0.255.255'))).toEqual(['10.0.0.0/16']);
    expect(rangeToCidrs(ipv4ToNumber('10.0.0.7'), ipv4ToNumber('10.0.0.7'))).toEqual(['10.0.0.7/32']);
  });

  it('covers an unaligned range exactly with the fewest blocks', () => {
    expect(rangeToCidrs(ipv4ToNumber('1.0.0.1'), ipv4ToNumber('1.0.0.10'))).toEqual([
      '1.0.0.1/32',
      '1.0.0.2/31',
      '1.0.0.4/30',
      '1.0.0.8/31',
      '1.0.0.10/32',
    ]);
    expect(rangeToCidrs(ipv4ToNumber('1.0.128.0'), ipv4ToNumber('1.0.196.255'))).toEqual([
      '1.0.128.0/18',
      '1.0.192.0/22',
      '1.0.196.0/24',
    ]);
  });

  it('handles the whole space', () => {
    expect(rangeToCidrs(0, 4294967295)).toEqual(['0.0.0.0/0']);
  });
});
