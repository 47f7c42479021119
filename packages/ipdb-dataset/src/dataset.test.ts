import { createHash } from 'node:crypto';
import { datasetTables, loadSources } from './generate.js';
import { ipv4ToNumber } from './ipv4.js';
import { buildPlan, HOSTING, ipv6Count, OWNER_PROXY, OWNER_TOR, type Sources } from './plan.js';
import { createContext } from './rows.js';
import { SCALES } from './scale.js';
import { Timeline } from './timeline.js';

const AS_OF = new Date('2026-06-15T00:00:00Z');

/** Every table of a small dataset as COPY text: row counts and a digest per table. */
function fingerprint(sources: Sources, seed: number) {
  const plan = buildPlan(sources, SCALES.small, seed);
  const ctx = createContext(plan, new Timeline(AS_OF, 24), sources.asn, sources.country);
  const { small, passes } = datasetTables(ctx);
  const out: Record<string, { rows: number; sha: string; text: string }> = {};
  for (const next of [...small.map((s) => () => s), ...passes]) {
    const table = next();
    const hash = createHash('sha256');
    let text = '';
    for (const chunk of table.chunks) {
      hash.update(chunk);
      if (text.length < 200_000) text += chunk;
    }
    out[table.table] = { rows: table.rows, sha: hash.digest('hex'), text };
  }
  return { plan, tables: out };
}

describe('the small dataset', () => {
  let sources: Sources;
  let a: ReturnType<typeof fingerprint>;
  beforeAll(() => {
    sources = loadSources();
    a = fingerprint(sources, 42);
  });

  it('is the same for the same seed, table by table', () => {
    const b = fingerprint(sources, 42);
    for (const [table, t] of Object.entries(a.tables))
      expect([table, b.tables[table]!.sha]).toEqual([table, t.sha]);
  });

  it('differs for another seed', () => {
    const c = fingerprint(sources, 43);
    expect(c.tables.ips!.sha).not.toBe(a.tables.ips!.sha);
    expect(c.tables.ip_history!.sha).not.toBe(a.tables.ip_history!.sha);
  });

  it('has 9,500 distinct IPv4 addresses, ascending, each inside a real hosting network', () => {
    const { plan } = a;
    expect(plan.addresses).toHaveLength(10_000 - ipv6Count(SCALES.small));
    let unordered = 0;
    for (let i = 1; i < plan.addresses.length; i++)
      if (plan.addresses[i]! <= plan.addresses[i - 1]!) unordered++;
    expect(unordered).toBe(0);
    const hostingOrgs = new Set(plan.hosting.map((h) => h.org));
    for (let i = 0; i < plan.addresses.length; i += 97) {
      const range = sources.asn.find(plan.addresses[i]!);
      expect(range).toBeGreaterThanOrEqual(0);
      expect(hostingOrgs.has(sources.asn.orgOf[range]!)).toBe(true);
      expect(plan.orgNames[plan.orgOf[i]!]).toBe(sources.asn.orgs[sources.asn.orgOf[range]!]);
    }
  });

  it('gives every address its true country, and cities consistent with it', () => {
    const { plan } = a;
    for (let i = 0; i < plan.addresses.length; i += 101) {
      const truth = sources.country.country(plan.addresses[i]!);
      expect(plan.countries[plan.countryOf[i]!]).toBe(truth);
    }
    const withCity = plan.cityOf.filter((c) => c > 0).length;
    expect(withCity / plan.addresses.length).toBeGreaterThan(0.9);
  });

  it('mixes VPN servers with a few Tor relays and proxies', () => {
    const { plan } = a;
    const owners = [...plan.owners, ...plan.ipv6.map((a) => a.owner)];
    const tor = owners.filter((o) => o === OWNER_TOR).length;
    const proxy = owners.filter((o) => o === OWNER_PROXY).length;
    expect(tor / 10_000).toBeGreaterThan(0.01);
    expect(tor / 10_000).toBeLessThan(0.03);
    expect(proxy / 10_000).toBeGreaterThan(0.025);
    expect(proxy / 10_000).toBeLessThan(0.05);
    expect(new Set(owners).size).toBeGreaterThan(40);
  });

  it('writes about ten history rows per address and a quarter as many subdomains', () => {
    const t = a.tables;
    expect(t.vendors!.rows).toBe(20);
    expect(t.vpns!.rows).toBe(50);
    expect(t.ips!.rows).toBe(10_000);
    expect(t.ip_history!.rows / 10_000).toBeGreaterThan(9);
    expect(t.ip_history!.rows / 10_000).toBeLessThan(12);
    expect(Math.abs(t.subdomains!.rows - SCALES.small.subdomains)).toBeLessThan(250);
    expect(t.subdomain_history!.rows).toBeGreaterThan(t.subdomains!.rows);
  });

  it('has 500 distinct IPv6 addresses of real hosting networks: VPN, Tor and proxy, each with its true country', () => {
    const { plan } = a;
    expect(ipv6Count(SCALES.small)).toBe(500);
    expect(plan.ipv6).toHaveLength(500);
    expect(new Set(plan.ipv6.map((x) => x.address)).size).toBe(500);
    for (const x of plan.ipv6) {
      expect(x.address).toMatch(/^[23][0-9a-f]{0,3}:[0-9a-f:]+$/);
      expect(HOSTING.test(x.org)).toBe(true);
      expect(x.firstMonth).toBeLessThanOrEqual(x.lastMonth);
    }
    const kinds = new Set(
      plan.ipv6.map((x) => (x.owner === OWNER_TOR ? 'tor' : x.owner === OWNER_PROXY ? 'proxy' : 'vpn')),
    );
    expect(kinds).toEqual(new Set(['vpn', 'tor', 'proxy']));
    expect(plan.ipv6.filter((x) => x.country !== null).length / 500).toBeGreaterThan(0.9);
  });

  it('writes the IPv6 addresses into ips and ip_history after the IPv4 ones, VPN rows naming their VPN', () => {
    const plan = buildPlan(sources, { ...SCALES.small, ips: 400, ipv6Share: 0.5 }, 42);
    const ctx = createContext(plan, new Timeline(AS_OF, 24), sources.asn, sources.country);
    const { passes } = datasetTables(ctx);
    const ips = [...passes[0]!().chunks]
      .join('')
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(ips).toHaveLength(400);
    const v6 = ips.filter((f) => f[0]!.includes(':'));
    expect(v6).toHaveLength(200);
    expect(ips.slice(0, 200).every((f) => !f[0]!.includes(':'))).toBe(true);
    const activeVpn = v6.filter((f) => f[5] === 't');
    expect(activeVpn.length).toBeGreaterThan(0);
    for (const f of activeVpn) expect(f[4]).toMatch(/^\d+$/);
    expect(v6.some((f) => f[7] === 't' || f[6] === 't')).toBe(true);
    const history = [...passes[1]!().chunks].join('').trim().split('\n');
    const v6History = new Set(
      history.filter((l) => l.split('\t')[0]!.includes(':')).map((l) => l.split('\t')[0]),
    );
    expect(v6History.size).toBe(200);
  });

  it('writes COPY rows with the columns of the schema', () => {
    const [first] = a.tables.ips!.text.split('\n');
    const fields = first!.split('\t');
    expect(fields).toHaveLength(11);
    expect(() => ipv4ToNumber(fields[0]!)).not.toThrow();
    expect(fields[8]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const history = a.tables.ip_history!.text.split('\n')[0]!.split('\t');
    expect(history).toHaveLength(9);
    expect(history[1]! >= '2024-07-01' && history[1]! <= '2026-06-15').toBe(true);
    const sub = a.tables.subdomains!.text.split('\n')[0]!.split('\t');
    expect(sub[1]).toMatch(/^[a-z]{2}\d+\.[a-z0-9]+\.example$/);
  });
});
