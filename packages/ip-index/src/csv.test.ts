import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { splitCsvLine } from './csv.js';

/** RFC 4180 writing of one field, as the data packages write organisation names. */
const quote = (field: string) => (/[",]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

describe('splitCsvLine', () => {
  it('splits plain and quoted fields of the data packages', () => {
    expect(splitCsvLine('1.0.0.0,1.0.0.255,13335,"Cloudflare, Inc."')).toEqual([
      '1.0.0.0',
      '1.0.0.255',
      '13335',
      'Cloudflare, Inc.',
    ]);
    expect(splitCsvLine('1,2,3,"The ""Best"" Host"')).toEqual(['1', '2', '3', 'The "Best" Host']);
    expect(splitCsvLine('1,2,AU')).toEqual(['1', '2', 'AU']);
  });

  it('keeps empty fields, a trailing one and a quoted empty one', () => {
    expect(splitCsvLine('1,,3')).toEqual(['1', '', '3']);
    expect(splitCsvLine('1,2,')).toEqual(['1', '2', '']);
    expect(splitCsvLine('"",x')).toEqual(['', 'x']);
    expect(splitCsvLine('')).toEqual(['']);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => splitCsvLine('1,"open')).toThrow('unterminated');
    expect(() => splitCsvLine('1,"a""')).toThrow('unterminated');
  });

  it('gives back any fields written RFC 4180 style', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', ' ', 'é') }), { minLength: 1 }),
        (fields) => {
          expect(splitCsvLine(fields.map(quote).join(','))).toEqual(fields);
        },
      ),
      { numRuns: 500 },
    );
  });
});
