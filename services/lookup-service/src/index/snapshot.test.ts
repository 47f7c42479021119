import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { EVIDENCE_CODES, detectionAnswerSchema } from '@tunnelscope/contracts';
import { parseAddress, rangeSpan, spanToCidrs, specialRange, type Span } from '@tunnelscope/ip-index';
import { SnapshotBuilder, reusablePublicData, type DetectionRow, type FeedName } from './build.js';
import { bogonAnswer, Snapshot } from './snapshot.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const family4 = 4 as const;
const family6 = 6 as const;

type Fam = 4 | 6;
const bits = (f: Fam) => (f === 4 ? 32 : 128);
const max = (f: Fam) => (1n << BigInt(bits(f))) - 1n;

function text(f: Fam, v: bigint): string {
  if (f === 4) {
    const n = Number(v);
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  }
  const groups: string[] = [];
  for (let k = 7; k >= 0; k--) groups.push(((v >> BigInt(16 * k)) & 0xffffn).toString(16));
  return groups.join(':');
}

/** Networks clustered under a few public bases, so they nest and touch. */
function networkArb(f: Fam): fc.Arbitrary<Span> {
  const bases = f === 4 ? [0x05000000n, 0x2d000000n, 0x59000000n] : [0x2a010000n << 96n, 0x26000000n << 96n];
  const baseBits = f === 4 ? 8 : 16;
  return fc
    .record({
      base: fc.constantFrom(...bases),
      prefix: fc.integer({ min: baseBits, max: bits(f) }),
      // Low entropy in the host part so networks collide and nest.
      raw: fc.bigInt({ min: 0n, max: (1n << BigInt(bits(f) - baseBits)) - 1n }),
      bias: fc.constantFrom(0n, 1n, 2n, 3n),
    })
    .map(({ base, prefix, raw, bias }) => {
      const hostBits = BigInt(bits(f) - prefix);
      const within = f === 4 ? (raw & ~0xffn) | bias : raw;
      const start = ((base | within) >> hostBits) << hostBits;
      return rangeSpan(f, start, start | ((1n << hostBits) - 1n));
    });
}

function rangeArb(f: Fam): fc.Arbitrary<Span> {
  return fc.tuple(networkArb(f), fc.bigInt({ min: 0n, max: 300n })).map(([n, extra]) => {
    const end = n.end + extra > max(f) ? max(f) : n.end + extra;
    return rangeSpan(f, n.start, end);
  });
}

interface FeedItem {
  feed: FeedName;
  span: Span;
  provider: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  last_listed: string;
}

interface World {
  detections: { span: Span; row: DetectionRow }[];
  asn: { span: Span; number: number; name: string }[];
  country: { span: Span; code: string }[];
  city: { span: Span; record: { country_code: string; state1: string; city: string } }[];
  feeds?: FeedItem[];
}

function cidrOf(span: Span): string {
  return `${text(span.family, span.start)}/${span.prefix}`;
}

function worldArb(f: Fam): fc.Arbitrary<World> {
  const day = fc
    .integer({ min: 0, max: 400 })
    .map((d) => new Date(NOW.getTime() - d * 86_400_000).toISOString().slice(0, 10));
  const detection = fc
    .record({
      net: networkArb(f),
      vpn: fc.boolean(),
      proxy: fc.boolean(),
      tor: fc.boolean(),
      live: fc.boolean(),
      first: day,
      last: day,
      who: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ net, vpn, proxy, tor, live, first, last, who }) => {
      const address = net.start; // one address per row, as in `ips`
      return {
        span: rangeSpan(f, address, address),
        row: {
          address: text(f, address),
          is_vpn: vpn,
          is_proxy: proxy,
          is_tor: tor,
          first_seen: first < last ? first : last,
          last_seen: first < last ? last : first,
          vpn: vpn ? `VPN ${who}` : null,
          vendor: vpn ? `Vendor ${who}` : null,
          live,
        },
      };
    });
  const feed = fc
    .record({
      feed: fc.constantFrom<FeedName>('tor', 'relay', 'cloud'),
      net: networkArb(f),
      provider: fc.constantFrom(null, 'Amazon Web Services', 'iCloud Private Relay'),
      place: fc.constantFrom(null, ['GB', 'England', 'London'] as const, ['US', null, null] as const),
      last: day,
    })
    .map(({ feed, net, provider, place, last }): FeedItem => ({
      feed,
      // A Tor exit is one address; relay and cloud lists hold networks.
      span: feed === 'tor' ? rangeSpan(f, net.start, net.start) : net,
      provider: feed === 'tor' ? null : provider,
      country: feed === 'relay' ? (place?.[0] ?? null) : null,
      region: feed === 'relay' ? (place?.[1] ?? null) : null,
      city: feed === 'relay' ? (place?.[2] ?? null) : null,
      last_listed: last,
    }));
  return fc.record({
    feeds: fc.array(feed, { maxLength: 8 }),
    detections: fc.array(detection, { maxLength: 12 }),
    asn: fc.array(
      fc.record({
        span: rangeArb(f),
        number: fc.integer({ min: 1, max: 4_000_000 }),
        name: fc.constantFrom('Hetzner Online GmbH', 'Deutsche Telekom AG', 'Example University', 'Acme'),
      }),
      { maxLength: 12 },
    ),
    country: fc.array(fc.record({ span: rangeArb(f), code: fc.constantFrom('DE', 'US', 'FR') }), {
      maxLength: 8,
    }),
    city: fc.array(
      fc.record({
        span: networkArb(f),
        record: fc.record({
          country_code: fc.constantFrom('DE', 'NL'),
          state1: fc.constantFrom('Bavaria', 'Hesse', ''),
          city: fc.constantFrom('Munich', 'Frankfurt', ''),
        }),
      }),
      { maxLength: 12 },
    ),
  });
}

function build(world: World): Snapshot {
  return buildFrom(world, 'test');
}

function buildFrom(world: World, publicData: string): Snapshot {
  const b = new SnapshotBuilder();
  for (const d of world.detections) b.addDetection(d.row);
  for (const a of world.asn) b.addAsn(a.span, a.number, a.name);
  for (const c of world.country) b.addCountry(c.span, c.code);
  for (const c of world.city) b.addCity(c.span, b.geoId(c.record));
  for (const { span, ...row } of world.feeds ?? []) b.addFeed({ ...row, network: cidrOf(span) });
  return new Snapshot(b.finish(7, '2026-11-19', publicData), () => NOW);
}

/** The naive reference: scan every entry of a layer; smallest wins, the later on a tie. */
function scan<T extends { span: Span }>(list: T[], v: bigint, f: Fam): T | null {
  let best: T | null = null;
  for (const e of list) {
    if (e.span.family !== f || v < e.span.start || v > e.span.end) continue;
    if (best === null || e.span.end - e.span.start <= best.span.end - best.span.start) best = e;
  }
  return best;
}

/** The CIDR block of a span holding the address (what `network` names for a range). */
function blockOf(span: Span, v: bigint): { start: bigint; prefix: number } {
  for (const block of spanToCidrs(span.family, span.start, span.end)) {
    const size = 1n << BigInt(bits(span.family) - block.prefix);
    if (v >= block.start && v < block.start + size) return block;
  }
  throw new Error('not in span');
}

function expected(world: World, f: Fam, v: bigint): Record<string, unknown> {
  const ip = text(f, v);
  const parsed = parseAddress(ip)!;
  if (specialRange(parsed) !== null) return { ip, ...bogonAnswer() };
  // One row per address: the later row of the same address wins (as the index does).
  const det = scan(world.detections, v, f);
  const city = scan(world.city, v, f);
  const asn = scan(world.asn, v, f);
  const country = city === null ? scan(world.country, v, f) : null;
  const feeds = world.feeds ?? [];
  const tor = scan(
    feeds.filter((x) => x.feed === 'tor'),
    v,
    f,
  );
  const relay = scan(
    feeds.filter((x) => x.feed === 'relay'),
    v,
    f,
  );
  const cloud = scan(
    feeds.filter((x) => x.feed === 'cloud'),
    v,
    f,
  );
  let network: { start: bigint; prefix: number } | null = null;
  for (const m of [det, city, country, asn, tor, relay, cloud]) {
    if (m === null) continue;
    const block = blockOf(m.span, v);
    if (network === null || block.prefix > network.prefix) network = block;
  }
  const asnHosting = asn !== null && asn.name.startsWith('Hetzner');
  const row = det?.row;
  const today = Math.floor(NOW.getTime() / 86_400_000);
  const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
  const detected = row !== undefined && (row.is_vpn || row.is_proxy || row.is_tor);
  const isVpn = detected && row.is_vpn;
  const isProxy = detected && row.is_proxy;
  const isTor = (detected && row.is_tor) || tor !== null;
  const isRelay = relay !== null;
  const isHosting = asnHosting || cloud !== null;
  const anonymous = isVpn || isProxy || isTor || isRelay;
  const evidence: string[] = [];
  const sources: Record<string, unknown>[] = [];
  let base = 0;
  let recent = false;
  if (detected) {
    if (row.is_tor) evidence.push('tor_exit');
    if (row.is_vpn) evidence.push('vpn_exit_observed');
    if (row.is_proxy) evidence.push('proxy_observed');
    evidence.push('collector');
    for (const [set, flag] of [
      [row.is_vpn, 'vpn'],
      [row.is_proxy, 'proxy'],
      [row.is_tor, 'tor'],
    ] as const) {
      if (set) sources.push({ flag, source: 'collector', provider: null, last_seen: row.last_seen });
    }
    base = row.is_tor ? 80 : row.is_vpn ? 70 : 60;
    recent = today - dayNumber(row.last_seen!) <= 30;
  }
  for (const [item, code, flag, weight] of [
    [tor, 'tor_exit_list', 'tor', 90],
    [relay, 'icloud_relay_egress', 'relay', 95],
    [cloud, 'cloud_ranges', 'hosting', 0],
  ] as const) {
    if (item === null) continue;
    evidence.push(code);
    sources.push({ flag, source: code, provider: item.provider, last_seen: item.last_listed });
    base = Math.max(base, weight);
    if (today - dayNumber(item.last_listed) <= 30) recent = true;
  }
  let confidence = 0;
  if (anonymous) {
    confidence = base;
    if (recent) {
      evidence.push('seen_recently');
      confidence += 15;
    }
    if (isVpn && row.live) {
      evidence.push('live_subdomain');
      confidence += 10;
    }
    if (isHosting) confidence += 5;
  }
  if (asnHosting) evidence.push('hosting_network');
  const asnBlock = asn ? blockOf(asn.span, v) : null;
  const relayPlace = relay !== null && relay.country !== null;
  return {
    ip,
    vendor: isVpn ? row.vendor : null,
    is_vpn: isVpn,
    is_proxy: isProxy,
    country: relayPlace ? relay.country : city ? city.record.country_code : (country?.code ?? null),
    region: relayPlace ? relay.region : city?.record.state1 || null,
    city: relayPlace ? relay.city : city?.record.city || null,
    company: asn
      ? {
          name: asn.name,
          domain: null,
          type: asnHosting
            ? 'hosting'
            : asn.name.includes('Telekom')
              ? 'isp'
              : asn.name.includes('University')
                ? 'education'
                : null,
        }
      : null,
    asn: asn
      ? { asn: `AS${asn.number}`, name: asn.name, route: `${text(f, asnBlock!.start)}/${asnBlock!.prefix}` }
      : null,
    network: network ? `${text(f, network.start)}/${network.prefix}` : null,
    vpn: isVpn ? row.vpn : null,
    is_tor: isTor,
    is_relay: isRelay,
    is_hosting: isHosting,
    is_anonymous: anonymous,
    bogon: false,
    confidence: Math.min(100, confidence),
    evidence,
    first_seen: row?.first_seen ?? null,
    last_seen: row?.last_seen ?? null,
    sources,
  };
}

function feedItem(feed: FeedName, cidr: string, last_listed = '2026-11-19'): FeedItem {
  const [address, prefix] = cidr.split('/');
  const p = parseAddress(address!)!;
  const start = p.family === 4 ? BigInt(p.value) : 0n;
  const size = 1n << BigInt(32 - Number(prefix));
  return {
    feed,
    span: rangeSpan(4, start, start + size - 1n),
    provider: feed === 'cloud' ? 'Amazon Web Services' : feed === 'relay' ? 'iCloud Private Relay' : null,
    country: feed === 'relay' ? 'GB' : null,
    region: feed === 'relay' ? 'England' : null,
    city: feed === 'relay' ? 'London' : null,
    last_listed,
  };
}

/** Boundaries of every network (first, last, one below, one above) and a few random addresses. */
function probes(world: World, f: Fam, random: bigint[]): bigint[] {
  const out = new Set<bigint>(random);
  for (const list of [world.detections, world.asn, world.country, world.city, world.feeds ?? []]) {
    for (const { span } of list) {
      for (const v of [span.start, span.end, span.start - 1n, span.end + 1n])
        if (v >= 0n && v <= max(f)) out.add(v);
    }
  }
  return [...out];
}

/** RFC 5952-ish text of the index vs the naive text: compare numerically through the parser. */
function normalise(answer: Record<string, unknown>): Record<string, unknown> {
  const canon = (cidr: unknown) => {
    if (typeof cidr !== 'string') return cidr;
    const [addr, prefix] = cidr.split('/');
    const p = parseAddress(addr!)!;
    return `${p.family === 4 ? p.value : p.words.join('.')}/${prefix}`;
  };
  const asn = answer.asn as { route: string } | null;
  return { ...answer, network: canon(answer.network), asn: asn ? { ...asn, route: canon(asn.route) } : null };
}

describe('a snapshot', () => {
  for (const f of [family4, family6]) {
    it(`answers every IPv${f} address like a naive scan of every layer, at every boundary`, () => {
      fc.assert(
        fc.property(
          worldArb(f),
          fc.array(
            networkArb(f).map((s) => s.start),
            { maxLength: 10 },
          ),
          (world, random) => {
            // The index keeps one row per address; so does the reference: drop earlier duplicates.
            const seen = new Set<bigint>();
            world.detections = world.detections
              .reverse()
              .filter((d) => (seen.has(d.span.start) ? false : (seen.add(d.span.start), true)))
              .reverse();
            const snapshot = build(world);
            for (const v of probes(world, f, random)) {
              const got = snapshot.lookup(text(f, v));
              expect(normalise(got as Record<string, unknown>)).toEqual(normalise(expected(world, f, v)));
              detectionAnswerSchema.parse(got);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  }

  for (const f of [family4, family6]) {
    it(`rebuilds IPv${f} on the previous snapshot's public layers exactly as from scratch`, () => {
      fc.assert(
        fc.property(worldArb(f), worldArb(f), (before, after) => {
          // The same public data (AS, country, city), other detections and feeds.
          const next: World = { ...before, detections: after.detections, feeds: after.feeds };
          const first = buildFrom(before, 'full');
          const reuse = reusablePublicData(first.data, 'full');
          expect(reuse).toBeDefined();
          const b = new SnapshotBuilder(reuse);
          for (const d of next.detections) b.addDetection(d.row);
          for (const { span, ...row } of next.feeds ?? []) b.addFeed({ ...row, network: cidrOf(span) });
          const rebuilt = new Snapshot(b.finish(8, '2026-11-20', 'full'), () => NOW);
          const scratch = buildFrom(next, 'full');
          expect(rebuilt.stats.networks).toEqual(scratch.stats.networks);
          for (const v of probes(next, f, [])) {
            expect(rebuilt.lookup(text(f, v))).toEqual(scratch.lookup(text(f, v)));
          }
          // The sample mode's public layers follow the data: never taken over.
          expect(reusablePublicData(first.data, 'sample')).toBeUndefined();
        }),
        { numRuns: 60 },
      );
    });
  }

  it("re-dates a repeated address's answer when the day changes (its answer is reused within a day)", () => {
    let now = new Date('2026-11-20T12:00:00Z');
    const b = new SnapshotBuilder();
    b.addDetection({
      address: '5.6.7.9',
      is_vpn: true,
      is_proxy: false,
      is_tor: false,
      first_seen: '2026-01-01',
      last_seen: '2026-11-19',
      vpn: 'V',
      vendor: 'W',
      live: false,
    });
    const snapshot = new Snapshot(b.finish(1, '2026-11-20', 'test'), () => now);
    const first = snapshot.lookup('5.6.7.9') as { evidence: string[]; confidence: number };
    expect(first.evidence).toContain('seen_recently');
    expect(snapshot.answer('5.6.7.9')).toBe(snapshot.answer('5.6.7.9')); // the same day: one answer
    now = new Date('2027-01-10T12:00:00Z'); // 52 days after the last sighting
    const later = snapshot.lookup('5.6.7.9') as { evidence: string[]; confidence: number };
    expect(later.evidence).not.toContain('seen_recently');
    expect(later.confidence).toBe(first.confidence - 15);
  });

  it('answers a stale detection with flags cleared and stale_detection', () => {
    const world: World = {
      detections: [
        {
          span: rangeSpan(4, 0x05060708n, 0x05060708n),
          row: {
            address: '5.6.7.8',
            is_vpn: true,
            is_proxy: false,
            is_tor: false,
            first_seen: '2025-01-01',
            last_seen: '2026-10-01',
            vpn: 'Some VPN',
            vendor: 'Some Vendor',
            live: true,
          },
        },
      ],
      asn: [],
      country: [],
      city: [],
    };
    const snapshot = build(world);
    expect(snapshot.lookup('5.6.7.8', { maxAgeDays: 60 })).toMatchObject({
      is_vpn: true,
      vendor: 'Some Vendor',
      evidence: ['vpn_exit_observed', 'collector', 'live_subdomain'],
      confidence: 80,
    });
    expect(snapshot.lookup('5.6.7.8', { maxAgeDays: 30 })).toMatchObject({
      is_vpn: false,
      vendor: null,
      vpn: null,
      is_anonymous: false,
      evidence: ['stale_detection'],
      confidence: 0,
      first_seen: '2025-01-01',
      last_seen: '2026-10-01',
    });
  });

  it('emits every documented evidence code, and only those (none is documented but never given)', () => {
    const detection = (address: string, flags: Partial<DetectionRow>): { span: Span; row: DetectionRow } => {
      const p = parseAddress(address)!;
      const v = BigInt(p.family === 4 ? p.value : 0);
      return {
        span: rangeSpan(4, v, v),
        row: {
          address,
          is_vpn: false,
          is_proxy: false,
          is_tor: false,
          first_seen: '2026-01-01',
          last_seen: '2026-11-19',
          vpn: null,
          vendor: null,
          live: false,
          ...flags,
        },
      };
    };
    const snapshot = build({
      detections: [
        detection('5.0.0.1', { is_vpn: true, vpn: 'V', vendor: 'W', live: true }),
        detection('5.0.0.2', { is_proxy: true }),
        detection('5.0.0.3', { is_tor: true }),
        detection('5.0.0.4', { is_vpn: true, last_seen: '2025-01-01' }),
      ],
      asn: [{ span: rangeSpan(4, 0x05000000n, 0x050000ffn), number: 24940, name: 'Hetzner Online GmbH' }],
      country: [],
      city: [],
      feeds: [
        feedItem('tor', '5.0.1.1/32'),
        feedItem('relay', '5.0.2.0/24'),
        feedItem('cloud', '5.0.3.0/24'),
      ],
    });
    const emitted = new Set<string>();
    for (const ip of [
      '5.0.0.1',
      '5.0.0.2',
      '5.0.0.3',
      '5.0.0.4',
      '5.0.0.9',
      '10.0.0.1',
      '5.0.1.1',
      '5.0.2.9',
      '5.0.3.9',
    ]) {
      for (const code of (snapshot.lookup(ip, { maxAgeDays: 90 }) as { evidence: string[] }).evidence)
        emitted.add(code);
    }
    expect([...emitted].sort()).toEqual(Object.keys(EVIDENCE_CODES).sort());
  });

  it('answers the feeds: Tor list, relay egress with its advertised place, cloud ranges with the provider', () => {
    const snapshot = build({
      detections: [],
      asn: [{ span: rangeSpan(4, 0x05000000n, 0x05ffffffn), number: 64500, name: 'Acme' }],
      country: [{ span: rangeSpan(4, 0x05000000n, 0x05ffffffn), code: 'DE' }],
      city: [],
      feeds: [
        feedItem('tor', '5.0.1.1/32'),
        feedItem('relay', '5.0.2.0/24'),
        feedItem('cloud', '5.0.3.0/24'),
        feedItem('cloud', '5.0.1.0/24'),
        feedItem('tor', '5.0.4.4/32', '2025-01-01'),
      ],
    });
    expect(snapshot.lookup('5.0.1.1')).toMatchObject({
      is_tor: true,
      is_hosting: true,
      is_anonymous: true,
      network: '5.0.1.1/32',
      evidence: ['tor_exit_list', 'cloud_ranges', 'seen_recently'],
      confidence: 100,
      sources: [
        { flag: 'tor', source: 'tor_exit_list', provider: null, last_seen: '2026-11-19' },
        { flag: 'hosting', source: 'cloud_ranges', provider: 'Amazon Web Services', last_seen: '2026-11-19' },
      ],
    });
    expect(snapshot.lookup('5.0.2.7')).toMatchObject({
      is_relay: true,
      is_anonymous: true,
      country: 'GB',
      region: 'England',
      city: 'London',
      network: '5.0.2.0/24',
      evidence: ['icloud_relay_egress', 'seen_recently'],
      confidence: 100,
      sources: [{ flag: 'relay', source: 'icloud_relay_egress', provider: 'iCloud Private Relay' }],
    });
    expect(snapshot.lookup('5.0.3.7')).toMatchObject({
      is_hosting: true,
      is_anonymous: false,
      country: 'DE',
      confidence: 0,
      evidence: ['cloud_ranges'],
    });
    // A Tor exit the list dropped long ago is stale under max_age_days, and still listed without it.
    expect(snapshot.lookup('5.0.4.4', { maxAgeDays: 90 })).toMatchObject({
      is_tor: false,
      evidence: ['stale_detection'],
      sources: [],
    });
    expect(snapshot.lookup('5.0.4.4')).toMatchObject({ is_tor: true, confidence: 90 });
  });

  it("names a detection's network in canonical text whatever form the address was asked in", () => {
    const row = (address: string): { span: Span; row: DetectionRow } => ({
      span: rangeSpan(4, 0n, 0n),
      row: {
        address,
        is_vpn: true,
        is_proxy: false,
        is_tor: false,
        first_seen: '2026-01-01',
        last_seen: '2026-11-19',
        vpn: 'V',
        vendor: 'W',
        live: false,
      },
    });
    const snapshot = build({ detections: [row('5.6.7.8'), row('2a01::1')], asn: [], country: [], city: [] });
    expect(snapshot.lookup('5.6.7.8')).toMatchObject({ ip: '5.6.7.8', network: '5.6.7.8/32', vendor: 'W' });
    expect(snapshot.lookup('::ffff:5.6.7.8')).toMatchObject({ ip: '::ffff:5.6.7.8', network: '5.6.7.8/32' });
    expect(snapshot.lookup('::FFFF:0506:0708')).toMatchObject({ network: '5.6.7.8/32' });
    expect(snapshot.lookup('2A01:0:0::0001')).toMatchObject({ ip: '2A01:0:0::0001', network: '2a01::1/128' });
  });

  it('answers bogons and mapped addresses without a lookup, and refuses what is not one address', () => {
    const snapshot = build({ detections: [], asn: [], country: [], city: [] });
    for (const ip of [
      '10.0.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '192.0.2.1',
      '100.64.0.1',
      '224.0.0.1',
      '::1',
      'fe80::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(snapshot.lookup(ip)).toEqual({ ip, ...bogonAnswer() });
    }
    expect(snapshot.lookup('::ffff:5.6.7.8')).toMatchObject({ ip: '::ffff:5.6.7.8', bogon: false });
    for (const ip of ['', '5.6.7.8/32', '5.6.7', '5.6.7.8 ', 'x'.repeat(100)]) {
      expect(snapshot.lookup(ip)).toHaveProperty('invalid');
    }
  });

  for (const f of [family4, family6]) {
    it(`lists IPv${f} networks whose answer is that of each block's own first and last address`, () => {
      fc.assert(
        fc.property(worldArb(f), (world) => {
          const snapshot = build(world);
          for (const { network, answer } of snapshot.networks()) {
            const [first, prefix] = network.split('/');
            const start = parseAddress(first!)!;
            const v =
              start.family === 4
                ? BigInt(start.value)
                : BigInt(`0x${start.words.map((w) => w.toString(16).padStart(8, '0')).join('')}`);
            const last = v + (1n << BigInt(bits(f) - Number(prefix))) - 1n;
            for (const address of [v, last]) {
              const { ip: _ip, ...got } = snapshot.lookup(text(f, address)) as Record<string, unknown>;
              expect(normalise(answer as Record<string, unknown>)).toEqual(normalise(got));
            }
          }
        }),
        // IPv6 worlds cut into many blocks: fewer runs keep the suite quick.
        { numRuns: f === 4 ? 100 : 40 },
      );
    });
  }

  it("gives each block of a range its own network and route (not the first block's)", () => {
    const list = [
      ...build({
        detections: [],
        // 5.0.0.0 – 5.0.2.255 is two CIDR blocks, /23 and /24.
        asn: [{ span: rangeSpan(4, 0x05000000n, 0x050002ffn), number: 64500, name: 'Acme' }],
        country: [],
        city: [],
      }).networks(),
    ];
    expect(list.map((n) => [n.network, n.answer.network, n.answer.asn?.route])).toEqual([
      ['5.0.0.0/23', '5.0.0.0/23', '5.0.0.0/23'],
      ['5.0.2.0/24', '5.0.2.0/24', '5.0.2.0/24'],
    ]);
  });

  it('lists every network with its answer for the export', () => {
    const world: World = {
      detections: [],
      asn: [{ span: rangeSpan(4, 0x05000000n, 0x050000ffn), number: 24940, name: 'Hetzner Online GmbH' }],
      country: [],
      city: [
        {
          span: rangeSpan(4, 0x05000080n, 0x050000ffn),
          record: { country_code: 'DE', state1: 'Bavaria', city: 'Munich' },
        },
      ],
    };
    const list = [...build(world).networks()];
    expect(list.map((n) => n.network)).toEqual(['5.0.0.0/25', '5.0.0.128/25']);
    // A range running into a special-purpose block: only its public part is listed.
    const crossing = build({
      detections: [],
      asn: [{ span: rangeSpan(4, 0x09ffff00n, 0x0a0000ffn), number: 64500, name: 'Acme' }],
      country: [],
      city: [],
    });
    expect([...crossing.networks()].map((n) => n.network)).toEqual(['9.255.255.0/24']);
    expect(list[0]!.answer).toMatchObject({ country: null, is_hosting: true, network: '5.0.0.0/24' });
    expect(list[1]!.answer).toMatchObject({ country: 'DE', city: 'Munich', network: '5.0.0.128/25' });
  });
});
