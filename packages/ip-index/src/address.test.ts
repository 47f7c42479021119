import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import {
  PARSE_INVALID,
  PARSE_IPV4,
  PARSE_IPV6,
  PARSE_MAPPED,
  bigIntToWords,
  formatAddress,
  formatIPv4,
  formatIPv6,
  parseAddress,
  parseInto,
  wordsToBigInt,
} from './address.js';

const v6 = (text: string) => {
  const bytes = ipaddr.IPv6.parse(text).toByteArray();
  const w: number[] = [];
  for (let k = 0; k < 4; k++)
    w.push(
      ((bytes[4 * k]! << 24) | (bytes[4 * k + 1]! << 16) | (bytes[4 * k + 2]! << 8) | bytes[4 * k + 3]!) >>>
        0,
    );
  return w;
};

describe('parseAddress', () => {
  it.each([
    ['0.0.0.0', 0],
    ['1.2.3.4', 0x01020304],
    ['255.255.255.255', 0xffffffff],
    ['10.0.0.1', 0x0a000001],
    ['192.168.100.200', 0xc0a864c8],
  ])('reads the IPv4 address %s as a uint32', (text, value) => {
    expect(parseAddress(text)).toEqual({ family: 4, value, mapped: false });
  });

  it.each([
    ['::ffff:1.2.3.4', 0x01020304],
    ['::ffff:102:304', 0x01020304],
    ['::FFFF:C0A8:0001', 0xc0a80001],
    ['0:0:0:0:0:ffff:255.255.255.255', 0xffffffff],
    ['0000:0000:0000:0000:0000:ffff:0.0.0.0', 0],
  ])('answers the IPv4-mapped %s as the IPv4 address, marked mapped', (text, value) => {
    expect(parseAddress(text)).toEqual({ family: 4, value, mapped: true });
  });

  it.each([
    ['::', [0, 0, 0, 0]],
    ['::1', [0, 0, 0, 1]],
    ['1::', [0x00010000, 0, 0, 0]],
    ['2001:db8::1', [0x20010db8, 0, 0, 1]],
    ['2001:DB8:0:0:0:0:0:1', [0x20010db8, 0, 0, 1]],
    ['1:2:3:4:5:6:7:8', [0x00010002, 0x00030004, 0x00050006, 0x00070008]],
    ['1:2:3:4:5:6:7::', [0x00010002, 0x00030004, 0x00050006, 0x00070000]],
    ['::2:3:4:5:6:7:8', [0x00000002, 0x00030004, 0x00050006, 0x00070008]],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]],
    // IPv4-compatible (deprecated) and the RFC 6145 translated form are IPv6, not mapped.
    ['::1.2.3.4', [0, 0, 0, 0x01020304]],
    ['::ffff:0:1.2.3.4', [0, 0, 0xffff0000, 0x01020304]],
    ['64:ff9b::192.0.2.33', [0x0064ff9b, 0, 0, 0xc0000221]],
    ['1:2:3:4:5:6:1.2.3.4', [0x00010002, 0x00030004, 0x00050006, 0x01020304]],
    ['fe80::1', [0xfe800000, 0, 0, 1]],
  ])('reads the IPv6 address %s as four words', (text, words) => {
    expect(parseAddress(text)).toEqual({ family: 6, words, mapped: false });
  });

  it.each([
    '',
    ' ',
    ' 1.2.3.4',
    '1.2.3.4 ',
    '1.2.3.4\n',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.256',
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3.04',
    '00.0.0.0',
    '0x7f.0.0.1',
    '0x7f.1',
    '017.0.0.1',
    '4294967295',
    '127.1',
    '1..2.3',
    '.1.2.3',
    '1.2.3.',
    '1.2.3.4/32',
    '10.0.0.0/8',
    '1.2.3.4-1.2.3.5',
    '::/0',
    '2001:db8::/32',
    'fe80::1%eth0',
    'fe80::1%1',
    '[::1]',
    ':',
    ':::',
    ':1::',
    '1::2:',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '::1:2:3:4:5:6:7:8',
    '1::2::3',
    '12345::',
    '1:2:3:4:5:6:7',
    '::ffff:1.2.3',
    '::ffff:1.2.3.04',
    '::1.2.3.4:1',
    '1:2:3:4:5:6:7:1.2.3.4',
    '::ffff:1.2.3.4.5',
    'g::1',
    '１.２.３.４',
    'localhost',
  ])('refuses %j', (text) => {
    expect(parseAddress(text)).toBeNull();
  });

  it('reports the kind of address through the allocation-free parser', () => {
    const out = new Uint32Array(4);
    expect(parseInto('8.8.8.8', out)).toBe(PARSE_IPV4);
    expect(out[0]).toBe(0x08080808);
    expect(parseInto('::ffff:8.8.4.4', out)).toBe(PARSE_MAPPED);
    expect(out[0]).toBe(0x08080404);
    expect(parseInto('2606:4700::1111', out)).toBe(PARSE_IPV6);
    expect([...out]).toEqual([0x26064700, 0, 0, 0x1111]);
    expect(parseInto('nope', out)).toBe(PARSE_INVALID);
  });
});

describe('parseAddress against reference parsers', () => {
  const word = fc.integer({ min: 0, max: 0xffffffff });
  const words = fc.tuple(word, word, word, word);

  it('reads every uint32 written as a dotted quad back to itself', () => {
    fc.assert(
      fc.property(word, (value) => {
        expect(parseAddress(formatIPv4(value))).toEqual({ family: 4, value, mapped: false });
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with ipaddr.js strict four-part decimal check on IPv4-like strings', () => {
    const part = fc.oneof(
      fc.integer({ min: 0, max: 300 }).map(String),
      fc.stringMatching(/^[0-9]{1,4}$/),
      fc.constantFrom('', '0x1f', '00', '-1', ' 1', '1e2'),
    );
    const candidate = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(candidate, (text) => {
        const ours = parseAddress(text);
        const strict = ipaddr.IPv4.isValidFourPartDecimal(text);
        expect(ours !== null).toBe(strict);
        if (ours !== null && ours.family === 4) {
          expect(ours.value).toBe(
            ipaddr.IPv4.parse(text)
              .toByteArray()
              .reduce((a, b) => a * 256 + b, 0),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every IPv6 address back from its compressed, full, upper-case and dotted forms', () => {
    fc.assert(
      fc.property(words, fc.boolean(), (w, upper) => {
        const full = [...w].flatMap((x) => [(x >>> 16).toString(16), (x & 0xffff).toString(16)]);
        const dotted = `${full.slice(0, 6).join(':')}:${formatIPv4(w[3])}`;
        const mapped = w[0] === 0 && w[1] === 0 && w[2] === 0xffff;
        for (let text of [
          formatIPv6(w),
          full.join(':'),
          dotted,
          ipaddr.IPv6.parse(formatIPv6(w)).toNormalizedString(),
        ]) {
          if (upper) text = text.toUpperCase();
          const parsed = parseAddress(text);
          if (mapped) expect(parsed).toEqual({ family: 4, value: w[3], mapped: true });
          else expect(parsed).toEqual({ family: 6, words: w, mapped: false });
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('accepts exactly the IPv6 strings the WHATWG URL host parser accepts, with the same value', () => {
    // Short strings over the characters of IPv6 text, biased towards the ones that matter.
    const char = fc.constantFrom('0', '1', 'f', 'F', 'a', '9', ':', ':', ':', '.', '2', '5');
    const candidate = fc.oneof(
      fc.array(char, { minLength: 1, maxLength: 18 }).map((cs) => cs.join('')),
      // Mutations of valid addresses: one character dropped, doubled or replaced.
      fc.tuple(words, fc.nat(), fc.constantFrom('drop', 'double', ':', '.', '0')).map(([w, at, op]) => {
        const text = formatIPv6(w);
        const i = at % text.length;
        if (op === 'drop') return text.slice(0, i) + text.slice(i + 1);
        if (op === 'double') return text.slice(0, i) + text[i] + text.slice(i);
        return text.slice(0, i) + op + text.slice(i + 1);
      }),
    );
    fc.assert(
      fc.property(candidate, (text) => {
        let reference: number[] | null;
        try {
          reference = v6(new URL(`http://[${text}]/`).hostname.slice(1, -1));
        } catch {
          reference = null;
        }
        const out = new Uint32Array(4);
        const kind = parseInto(text, out);
        if (reference === null) {
          // Dotted quads are IPv4, which the URL's IPv6 parser refuses by design.
          expect(kind === PARSE_INVALID || kind === PARSE_IPV4).toBe(true);
          if (kind === PARSE_IPV4) expect(ipaddr.IPv4.isValidFourPartDecimal(text)).toBe(true);
        } else if (kind === PARSE_MAPPED) {
          expect(reference).toEqual([0, 0, 0xffff, out[0]]);
        } else {
          expect(kind).toBe(PARSE_IPV6);
          expect([...out]).toEqual(reference);
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe('formatting and 128-bit helpers', () => {
  it('writes canonical text', () => {
    expect(formatAddress({ family: 4, value: 0xc0000201, mapped: true })).toBe('192.0.2.1');
    expect(formatAddress({ family: 6, words: [0x20010db8, 0, 0, 1], mapped: false })).toBe('2001:db8::1');
  });

  it('converts words to bigint and back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (value) => {
        expect(wordsToBigInt(bigIntToWords(value))).toBe(value);
      }),
    );
  });
});
