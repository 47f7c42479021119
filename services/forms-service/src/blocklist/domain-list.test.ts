import { domainAndParents, normaliseDomain, parseDomainList } from './domain-list.js';

describe('normaliseDomain', () => {
  it('lowercases, trims and drops a trailing dot', () => {
    expect(normaliseDomain('  Mailinator.COM. ')).toBe('mailinator.com');
  });

  it('refuses what is not a hostname of two labels or more', () => {
    for (const bad of [
      '',
      'com',
      'a..b',
      '-a.com',
      'a-.com',
      'a b.com',
      'ex_ample.com',
      `${'a'.repeat(64)}.com`,
      'mäil.com',
    ]) {
      expect(normaliseDomain(bad)).toBeNull();
    }
    expect(normaliseDomain('xn--mil-ila.com')).toBe('xn--mil-ila.com');
  });
});

describe('parseDomainList', () => {
  it('reads the upstream text format with comments and blank lines', () => {
    const text = '# header\n\nTrash.example\r\nspam.example # inline\n  trash.example\nnot a domain\n';
    expect(parseDomainList(text)).toEqual({ domains: ['spam.example', 'trash.example'], invalid: 1 });
  });

  it('reads a JSON array of domains', () => {
    expect(parseDomainList('["b.example", "A.example", 3]')).toEqual({
      domains: ['a.example', 'b.example'],
      invalid: 1,
    });
  });

  it('throws on JSON that is not an array', () => {
    expect(() => parseDomainList('[oops')).toThrow();
  });
});

describe('domainAndParents', () => {
  it('lists the domain and its parents down to two labels', () => {
    expect(domainAndParents('x@A.b.Mailinator.com')).toEqual([
      'a.b.mailinator.com',
      'b.mailinator.com',
      'mailinator.com',
    ]);
  });

  it('returns nothing for an address without a usable domain', () => {
    expect(domainAndParents('x@localhost')).toEqual([]);
  });
});
