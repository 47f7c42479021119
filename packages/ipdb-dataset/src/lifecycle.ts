/**
 * The life of one address over the months of the dataset, derived from the seed and the address
 * alone, so the four passes that write `ips`, `ip_history`, `subdomains` and
 * `subdomain_history` agree without keeping anything per address in memory:
 *
 * - it appears in some month (a share since the beginning, then more each month: growth),
 * - it serves one VPN for a while (one observation a month), then is deactivated,
 * - often it comes back after a gap of a few months under another VPN renting from the same
 *   hosting provider (reuse across VPNs),
 * - some VPN servers also run an open proxy; Tor relays and plain proxies belong to no VPN,
 * - a VPN server often has a hostname (subdomain) that is live while it serves and dead after;
 *   some hostnames moved there from an older server of the same VPN.
 */
import { OWNER_PROXY, OWNER_TOR, type Plan } from './plan.js';
import { Rng, WeightedPicker } from './prng.js';
import type { Timeline } from './timeline.js';

export const LIFE = {
  /** Addresses present from the first month on. */
  legacyShare: 0.32,
  /** Later arrivals: month m is (1 + growth * m / last) times as likely as month 1. */
  growth: 1.5,
  /** Mean months of one stretch of service (geometric). */
  meanStretch: 17,
  /** Chance that a deactivated VPN address comes back under another VPN. */
  reuse: 0.3,
  /** Share of VPN addresses that also answer as an open proxy. */
  proxyFlag: 0.08,
  /** A discontinued VPN's addresses are last seen this many months before the end. */
  retiredMonthsAgo: 7,
  /** Chance that a new hostname moved over from an older server of the same VPN. */
  subdomainMoved: 0.25,
  /** Chance that a hostname dies while its address still serves the VPN. */
  subdomainDiesEarly: 0.06,
} as const;

export type Kind = 'vpn' | 'tor' | 'proxy';

export interface Stretch {
  /** VPN index, or -1 for Tor and proxies. */
  vpn: number;
  start: number;
  end: number;
  /** Day of the month of each monthly observation, start..end. */
  days: number[];
}

export interface Life {
  kind: Kind;
  proxy: boolean;
  stretches: Stretch[];
  /** Serving now (its last stretch reaches the current month). */
  active: boolean;
  /** Months before `cityMovedBefore` were observed in `formerCity` (DB-IP relocated it). */
  formerCity: number;
  cityMovedBefore: number;
  /** Hours before the reference instant of the last check. */
  checkedHoursAgo: number;
}

export interface SubdomainEvent {
  address: number;
  live: boolean;
  month: number;
  day: number;
}

export interface Subdomain {
  id: number;
  name: string;
  vpn: number;
  events: SubdomainEvent[];
  checkedHoursAgo: number;
}

/** One pass over every address in ascending order: `life(i)` then `subdomains(i, life)`. */
export class LifeModel {
  private readonly lifeSeed: Rng;
  private readonly subSeed: Rng;
  private readonly startPicker: WeightedPicker;
  private readonly hostingOfOrg = new Map<number, number>();
  private readonly retiredCap: number;
  private readonly reuseTargets: number[];
  /** Per country, the city last seen there (a plausible former location). */
  private lastCityOf = new Map<number, number>();
  /** Per VPN, its last ended stretch: a hostname may move from there. */
  private endedOf = new Map<number, { address: number; start: number; end: number }>();
  private nextSubdomainId = 1;
  private hostnameSeq: number[];

  constructor(
    private readonly plan: Plan,
    private readonly timeline: Timeline,
    /** Chance that a VPN stretch gets a hostname (set from the first pass's count). */
    public subdomainChance = 0,
  ) {
    const root = new Rng(plan.seed);
    this.lifeSeed = root.fork('life');
    this.subSeed = root.fork('subdomains');
    const last = timeline.months - 1;
    const weights = Array.from({ length: last }, (_, i) => 1 + (LIFE.growth * (i + 1)) / last);
    this.startPicker = new WeightedPicker(weights);
    plan.hosting.forEach((h, i) => this.hostingOfOrg.set(h.org, i));
    this.retiredCap = Math.max(0, last - LIFE.retiredMonthsAgo);
    this.reuseTargets = plan.fleets.flatMap((f, v) => (f.spec.retired ? [] : [v]));
    this.hostnameSeq = plan.fleets.map(() => 0);
  }

  /** Starts a new pass: the state that follows address order goes back to the beginning. */
  reset(): void {
    this.lastCityOf = new Map();
    this.endedOf = new Map();
    this.nextSubdomainId = 1;
    this.hostnameSeq = this.plan.fleets.map(() => 0);
  }

  life(i: number): Life {
    const plan = this.plan;
    const last = this.timeline.months - 1;
    const address = plan.addresses[i]!;
    const owner = plan.owners[i]!;
    const rng = this.lifeSeed.fork(address);
    const kind: Kind = owner === OWNER_TOR ? 'tor' : owner === OWNER_PROXY ? 'proxy' : 'vpn';
    const proxy = kind === 'proxy' || (kind === 'vpn' && rng.chance(LIFE.proxyFlag));

    let vpn = kind === 'vpn' ? owner : -1;
    let start = rng.chance(LIFE.legacyShare) ? 0 : 1 + this.startPicker.pick(rng);
    if (vpn >= 0 && plan.fleets[vpn]!.spec.retired && start > this.retiredCap)
      start = rng.int(this.retiredCap + 1);
    const stretches: Stretch[] = [];
    for (let m = start; m <= last && stretches.length < 4;) {
      let end = Math.min(last, m + rng.geometric(LIFE.meanStretch) - 1);
      if (vpn >= 0 && plan.fleets[vpn]!.spec.retired) end = Math.min(end, this.retiredCap);
      const days: number[] = [];
      for (let k = m; k <= end; k++) days.push(1 + rng.int(this.timeline.days(k)));
      stretches.push({ vpn, start: m, end, days });
      if (end >= last || kind !== 'vpn' || !rng.chance(LIFE.reuse)) break;
      m = end + 1 + rng.between(1, 3);
      vpn = this.reuseTarget(i, vpn, rng);
      if (vpn < 0) break;
    }
    const active = stretches[stretches.length - 1]!.end === last;

    // DB-IP moves a few addresses between cities over two years; history keeps the old one.
    const country = plan.countryOf[i]!;
    const city = plan.cityOf[i]!;
    let formerCity = 0;
    let cityMovedBefore = 0;
    const previous = this.lastCityOf.get(country);
    if (country && city) {
      if (previous && previous !== city && rng.chance(0.03)) {
        formerCity = previous;
        cityMovedBefore = stretches[0]!.start + rng.int(last - stretches[0]!.start + 1);
      }
      this.lastCityOf.set(country, city);
    }
    return { kind, proxy, stretches, active, formerCity, cityMovedBefore, checkedHoursAgo: rng.next() * 36 };
  }

  /** Another VPN renting from the same hosting provider, else any VPN still running. */
  private reuseTarget(i: number, current: number, rng: Rng): number {
    const hosting = this.hostingOfOrg.get(this.plan.orgOf[i]!);
    const sharing =
      hosting === undefined
        ? []
        : this.plan.vpnsByIsp[hosting]!.filter((v) => v !== current && !this.plan.fleets[v]!.spec.retired);
    if (sharing.length > 0) return rng.pick(sharing);
    const others = this.reuseTargets.filter((v) => v !== current);
    return others.length > 0 ? rng.pick(others) : -1;
  }

  /** The hostnames created for this address's VPN stretches (consumes ids in address order). */
  subdomains(i: number, life: Life): Subdomain[] {
    if (life.kind !== 'vpn') return [];
    const plan = this.plan;
    const last = this.timeline.months - 1;
    const address = plan.addresses[i]!;
    const rng = this.subSeed.fork(address);
    const out: Subdomain[] = [];
    for (const s of life.stretches) {
      if (s.vpn < 0) continue;
      if (rng.chance(this.subdomainChance)) {
        const events: SubdomainEvent[] = [];
        const moved = this.endedOf.get(s.vpn);
        if (moved && moved.end < s.start && rng.chance(LIFE.subdomainMoved)) {
          const m = rng.between(moved.start, moved.end);
          events.push({
            address: moved.address,
            live: true,
            month: m,
            day: 1 + rng.int(this.timeline.days(m)),
          });
          this.endedOf.delete(s.vpn);
        }
        events.push({ address, live: true, month: s.start, day: s.days[0]! });
        if (s.end < last) {
          const m = s.end + 1;
          events.push({ address, live: false, month: m, day: 1 + rng.int(this.timeline.days(m)) });
        } else if (s.start < last && rng.chance(LIFE.subdomainDiesEarly)) {
          const m = rng.between(s.start + 1, last);
          events.push({ address, live: false, month: m, day: 1 + rng.int(this.timeline.days(m)) });
        }
        const countryCode = (plan.countries[plan.countryOf[i]!] || 'xx').toLowerCase();
        const seq = ++this.hostnameSeq[s.vpn]!;
        out.push({
          id: this.nextSubdomainId++,
          name: `${countryCode}${seq}.${plan.fleets[s.vpn]!.slug}.example`,
          vpn: s.vpn,
          events,
          checkedHoursAgo: rng.next() * 36,
        });
      }
      if (s.end < last) this.endedOf.set(s.vpn, { address, start: s.start, end: s.end });
    }
    return out;
  }
}
