/**
 * The shape of a dataset before any row is written: vendors and VPNs, the hosting networks each
 * VPN rents from, and the sorted list of distinct addresses with their owner, ISP, country and
 * city. Everything here is held in typed arrays (about 20 bytes per address), so two million
 * addresses cost a few tens of MB.
 */
import { selectBrands, slug, type VendorSpec, type VpnSpec } from './brands.js';
import { Rng, WeightedPicker } from './prng.js';
import type { ScaleConfig } from './scale.js';
import type { AsnTable, CityLookup, CountryTable } from './sources.js';
import { drawIpv6, type Ipv6Address, type Ipv6Sources } from './ipv6.js';

export interface Sources {
  asn: AsnTable;
  country: CountryTable;
  city: CityLookup;
  ipv6: Ipv6Sources;
}

/** Owner codes above the VPN indices. */
export const OWNER_PROXY = 65534;
export const OWNER_TOR = 65535;

/** AS organisations that run hosting, cloud or datacenter networks: where VPN servers live. */
export const HOSTING =
  /\b(hosting|hoster|host|cloud|data ?cent(?:er|re)s?|datacenter|servers?|colocation|colo|vps|dedicated|m247|ovh|digitalocean|hetzner|leaseweb|choopa|vultr|constant company|linode|akamai|amazon|microsoft|oracle|contabo|scaleway|ionos|datacamp|cdn77|zenlayer|psychz|quadranet|colocrossing|hostroyale|tzulo|xtom|clouvider|packethub|gsl networks|performive|31173 services|aeza|stark industries|frantech|hostwinds|datapacket|sharktech|servers\.com|serverius|worldstream|nforce|g-core|gcore|hivelocity|i3d|selectel|timeweb|kamatera|upcloud|interserver|netcup|hostkey|flokinet)\b/i;
/** Access and transit networks whose names happen to contain a hosting word. */
export const NOT_HOSTING =
  /\b(telecom\w*|telecomunica\w*|telekom|mobile|movil|cable|broadband|fib(?:er|re)|wireless|universit\w*|school|bank|government|colombia|cogent)\b/i;
/** Providers VPN fleets are known to favour: far more of their servers sit there. */
const VPN_FAVOURED =
  /\b(m247|datacamp|cdn77|leaseweb|hostroyale|zenlayer|clouvider|packethub|gsl networks|tzulo|xtom|performive|31173 services|psychz|quadranet|choopa|constant company|vultr|ovh|hetzner|digitalocean|linode|contabo|datapacket|worldstream|nforce|servers\.com|serverius|flokinet|i3d|g-core|gcore|hivelocity|colocrossing|sharktech|frantech)\b/i;
/** Hyperscale clouds: plenty of addresses, but VPNs rent comparatively little there. */
const HYPERSCALE = /\b(amazon|microsoft|google|oracle|alibaba|tencent|huawei|ibm)\b/i;

export interface HostingIsp {
  org: number;
  name: string;
  /** Range indices of the ASN table. */
  ranges: Uint32Array;
  size: number;
  weight: number;
  /** Picks one of `ranges` in proportion to its size. */
  rangePicker: WeightedPicker;
}

export function selectHostingIsps(asn: AsnTable): HostingIsp[] {
  const rangesOf = new Map<number, number[]>();
  for (let i = 0; i < asn.starts.length; i++) {
    const org = asn.orgOf[i]!;
    const name = asn.orgs[org]!;
    if (!HOSTING.test(name) || NOT_HOSTING.test(name)) continue;
    let list = rangesOf.get(org);
    if (!list) rangesOf.set(org, (list = []));
    list.push(i);
  }
  const isps: HostingIsp[] = [];
  for (const [org, list] of [...rangesOf.entries()].sort((a, b) => a[0] - b[0])) {
    const sizes = list.map((i) => asn.ends[i]! - asn.starts[i]! + 1);
    const size = sizes.reduce((a, b) => a + b, 0);
    if (size < 256) continue; // too small to host a fleet
    const name = asn.orgs[org]!;
    const factor = VPN_FAVOURED.test(name) ? 25 : HYPERSCALE.test(name) ? 0.3 : 1;
    isps.push({
      org,
      name,
      ranges: Uint32Array.from(list),
      size,
      weight: Math.sqrt(size) * factor,
      rangePicker: new WeightedPicker(sizes),
    });
  }
  if (isps.length === 0) throw new Error('no hosting networks found in the ASN data');
  return isps;
}

export interface VpnFleet {
  spec: VpnSpec;
  /** Addresses it should end up with (before de-duplication). */
  target: number;
  /** Indices into the hosting ISP list, with this VPN's preference for each. */
  isps: number[];
  ispPicker: WeightedPicker;
  slug: string;
}

export interface Plan {
  scale: ScaleConfig;
  seed: number;
  vendors: VendorSpec[];
  fleets: VpnFleet[];
  hosting: HostingIsp[];
  /** For each hosting ISP, the VPNs renting there (reuse happens between them). */
  vpnsByIsp: number[][];
  /** Distinct addresses, ascending. */
  addresses: Uint32Array;
  /** VPN index, OWNER_PROXY or OWNER_TOR per address: who used it first. */
  owners: Uint16Array;
  /** Per address: index into `orgNames` (the AS organisation), country and city (0 = unknown). */
  orgOf: Uint32Array;
  countryOf: Uint16Array;
  cityOf: Uint32Array;
  countries: string[];
  cities: string[];
  orgNames: string[];
  /** ASN table ranges of the organisations in use (for `networks`), ascending. */
  networkRanges: Uint32Array;
  /** The IPv6 addresses (`scale.ipv6Share` of `scale.ips`; `addresses` holds the IPv4 rest). */
  ipv6: Ipv6Address[];
}

function fleetWeights(vpns: VpnSpec[]): number[] {
  // Vendors follow a Zipf-like law by rank; within a vendor the main product dominates.
  const byVendor = new Map<number, number>();
  return vpns.map((v) => {
    const k = byVendor.get(v.vendor) ?? 0;
    byVendor.set(v.vendor, k + 1);
    const vendorWeight = 1 / (v.vendor + 1) ** 0.9;
    const productShare = 1 / (k + 1) ** 1.3;
    return vendorWeight * productShare * (v.retired ? 0.4 : 1);
  });
}

export function planFleets(
  scale: ScaleConfig,
  hosting: HostingIsp[],
  rng: Rng,
): {
  vendors: VendorSpec[];
  fleets: VpnFleet[];
  vpnsByIsp: number[][];
} {
  const { vendors, vpns } = selectBrands(scale.vendors, scale.vpns);
  const weights = fleetWeights(vpns);
  const sum = weights.reduce((a, b) => a + b, 0);
  const vpnAddresses = scale.ips * (1 - scale.torShare - scale.proxyShare);
  const ispPicker = new WeightedPicker(hosting.map((h) => h.weight));
  const vpnsByIsp: number[][] = hosting.map(() => []);
  const slugs = new Set<string>();
  const fleets = vpns.map((spec, v) => {
    const r = rng.fork('fleet', v);
    const target = Math.max(8, Math.round((vpnAddresses * weights[v]!) / sum));
    const wanted = Math.min(24, Math.max(2, 2 + Math.round(Math.log2(target / 50))));
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < wanted && tries < wanted * 50; tries++) chosen.add(ispPicker.pick(r));
    const isps = [...chosen].sort((a, b) => a - b);
    for (const i of isps) vpnsByIsp[i]!.push(v);
    const s = slug(spec.name);
    if (slugs.has(s)) throw new Error(`two VPNs share the host label ${s}`);
    slugs.add(s);
    return {
      spec,
      target,
      isps,
      // A VPN's own taste: some providers it rents a lot from, some a little.
      ispPicker: new WeightedPicker(isps.map((i) => hosting[i]!.weight * (0.3 + 1.4 * r.next()))),
      slug: s,
    };
  });
  return { vendors, fleets, vpnsByIsp };
}

/** Draws `count` addresses in blocks of neighbours from one ISP's ranges into `out`. */
function drawFrom(
  asn: AsnTable,
  isp: HostingIsp,
  count: number,
  maxBlock: number,
  owner: number,
  rng: Rng,
  out: number[],
): number {
  const range = isp.ranges[isp.rangePicker.pick(rng)]!;
  const start = asn.starts[range]!;
  const size = asn.ends[range]! - start + 1;
  const block = Math.min(count, maxBlock, size, 1 + rng.geometric(3) - 1);
  const first = start + rng.int(size - block + 1);
  for (let k = 0; k < block; k++) out.push((first + k) * 65536 + owner);
  return block;
}

/**
 * The distinct addresses of the dataset with who used them first, exactly `scale.ips` of them:
 * VPN fleets in blocks of neighbouring addresses (rented server ranges), Tor relays one by one,
 * proxies in small blocks, all inside real hosting networks.
 */
export function drawAddresses(
  scale: ScaleConfig,
  asn: AsnTable,
  hosting: HostingIsp[],
  fleets: VpnFleet[],
  rng: Rng,
): { addresses: Uint32Array; owners: Uint16Array } {
  const ispPicker = new WeightedPicker(hosting.map((h) => h.weight));
  let packed = new Float64Array(0);
  let unique = 0;
  for (let round = 0; unique < scale.ips; round++) {
    if (round > 8) throw new Error('could not draw enough distinct addresses');
    // The first round draws a little more than asked; later ones top up what collisions took.
    const factor = round === 0 ? 1.01 : (1.1 * (scale.ips - unique)) / scale.ips + 0.001;
    const draws: number[] = [];
    fleets.forEach((fleet, v) => {
      const r = rng.fork('draw', round, v);
      const want = Math.ceil(fleet.target * factor);
      for (let got = 0; got < want;) {
        got += drawFrom(asn, hosting[fleet.isps[fleet.ispPicker.pick(r)]!]!, want - got, 16, v, r, draws);
      }
    });
    const r = rng.fork('draw', round, 'tor-proxy');
    const tor = Math.ceil(scale.ips * scale.torShare * factor);
    for (let got = 0; got < tor;)
      got += drawFrom(asn, hosting[ispPicker.pick(r)]!, 1, 1, OWNER_TOR, r, draws);
    const proxies = Math.ceil(scale.ips * scale.proxyShare * factor);
    for (let got = 0; got < proxies;) {
      got += drawFrom(asn, hosting[ispPicker.pick(r)]!, proxies - got, 4, OWNER_PROXY, r, draws);
    }
    const merged = new Float64Array(unique + draws.length);
    merged.set(packed.subarray(0, unique));
    merged.set(draws, unique);
    merged.sort();
    // Keep the first owner of each address (the smallest code: stable for a seed).
    let w = 0;
    let lastAddress = -1;
    for (let i = 0; i < merged.length; i++) {
      const address = Math.floor(merged[i]! / 65536);
      if (address === lastAddress) continue;
      lastAddress = address;
      merged[w++] = merged[i]!;
    }
    packed = merged;
    unique = w;
  }

  // Exactly scale.ips: drop a uniformly chosen surplus.
  const drop = new Uint8Array(unique);
  const surplus = unique - scale.ips;
  if (surplus > 0) {
    const r = rng.fork('trim');
    const order = new Uint32Array(unique);
    for (let i = 0; i < unique; i++) order[i] = i;
    for (let i = 0; i < surplus; i++) {
      const j = i + r.int(unique - i);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
      drop[order[i]!] = 1;
    }
  }
  const addresses = new Uint32Array(scale.ips);
  const owners = new Uint16Array(scale.ips);
  let k = 0;
  for (let i = 0; i < unique; i++) {
    if (drop[i]) continue;
    addresses[k] = Math.floor(packed[i]! / 65536);
    owners[k] = packed[i]! % 65536;
    k++;
  }
  return { addresses, owners };
}

/** Country, city and AS organisation of every address, from the real data. */
export function locate(
  sources: Sources,
  addresses: Uint32Array,
): Pick<Plan, 'orgOf' | 'countryOf' | 'cityOf' | 'countries' | 'cities' | 'orgNames' | 'networkRanges'> {
  const n = addresses.length;
  const orgOf = new Uint32Array(n);
  const countryOf = new Uint16Array(n);
  const cityOf = new Uint32Array(n);
  const countries = [''];
  const countryIndex = new Map<string, number>();
  const cities = [''];
  const cityIndex = new Map<string, number>();
  const usedOrgs = new Set<number>();
  for (let i = 0; i < n; i++) {
    const address = addresses[i]!;
    const range = sources.asn.find(address);
    if (range < 0) throw new Error(`address ${address} is outside the ASN data`);
    const org = sources.asn.orgOf[range]!;
    orgOf[i] = org;
    usedOrgs.add(org);
    const located = sources.city.lookup(address);
    const country = sources.country.country(address) ?? located.country;
    if (country) {
      let c = countryIndex.get(country);
      if (c === undefined) {
        c = countries.length;
        countries.push(country);
        countryIndex.set(country, c);
      }
      countryOf[i] = c;
    }
    // A city is kept only where both DB-IP files agree on the country, so no address shows a
    // city of another country.
    if (located.city && located.country === country) {
      const key = `${country}|${located.city}`;
      let c = cityIndex.get(key);
      if (c === undefined) {
        c = cities.length;
        cities.push(located.city);
        cityIndex.set(key, c);
      }
      cityOf[i] = c;
    }
  }
  const networkRanges: number[] = [];
  for (let i = 0; i < sources.asn.starts.length; i++) {
    if (usedOrgs.has(sources.asn.orgOf[i]!)) networkRanges.push(i);
  }
  return {
    orgOf,
    countryOf,
    cityOf,
    countries,
    cities,
    orgNames: sources.asn.orgs,
    networkRanges: Uint32Array.from(networkRanges),
  };
}

/** How many of a scale's addresses are IPv6. */
export function ipv6Count(scale: ScaleConfig): number {
  return Math.round(scale.ips * scale.ipv6Share);
}

export function buildPlan(sources: Sources, scale: ScaleConfig, seed: number): Plan {
  const rng = new Rng(seed);
  const hosting = selectHostingIsps(sources.asn);
  const v6 = ipv6Count(scale);
  // The IPv4 plan draws the IPv4 share; the fleets' sizes scale with it.
  const v4Scale = { ...scale, ips: scale.ips - v6 };
  const { vendors, fleets, vpnsByIsp } = planFleets(v4Scale, hosting, rng.fork('fleets'));
  const { addresses, owners } = drawAddresses(v4Scale, sources.asn, hosting, fleets, rng.fork('addresses'));
  const ipv6 = drawIpv6(
    sources.ipv6,
    v6,
    fleets.map((f) => f.target),
    { tor: scale.torShare, proxy: scale.proxyShare, ownerTor: OWNER_TOR, ownerProxy: OWNER_PROXY },
    scale.months,
    rng.fork('ipv6'),
  );
  return {
    ipv6,
    scale,
    seed,
    vendors,
    fleets,
    hosting,
    vpnsByIsp,
    addresses,
    owners,
    ...locate(sources, addresses),
  };
}
