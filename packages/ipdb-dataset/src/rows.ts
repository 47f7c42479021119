/**
 * The rows of every table as PostgreSQL COPY text, produced in chunks by generators, so a table
 * of twenty million rows streams through a few hundred kilobytes of memory.
 */
import { rangeToCidrs, numberToIpv4 } from './ipv4.js';
import { LifeModel, type Life } from './lifecycle.js';
import { OWNER_PROXY, OWNER_TOR, type Plan } from './plan.js';
import { Rng } from './prng.js';
import type { AsnTable, CountryTable } from './sources.js';
import type { Timeline } from './timeline.js';

/** Column lists in the order the generators write them. */
export const COLUMNS = {
  vendors: ['id', 'name', 'origin_country', 'created_at'],
  vpns: ['id', 'vendor_id', 'name', 'automation', 'status', 'last_updated', 'last_run', 'created_at'],
  isps: ['id', 'name', 'asn'],
  networks: ['network', 'asn', 'isp_id', 'country'],
  ips: [
    'address',
    'country',
    'city',
    'isp_id',
    'vpn_id',
    'is_vpn',
    'is_proxy',
    'is_tor',
    'first_seen',
    'last_seen',
    'last_checked',
  ],
  ip_history: ['address', 'seen_on', 'vpn_id', 'country', 'city', 'isp_id', 'is_vpn', 'is_proxy', 'is_tor'],
  subdomains: ['id', 'name', 'vpn_id', 'address', 'status', 'first_seen', 'last_checked'],
  subdomain_history: ['subdomain_id', 'address', 'status', 'seen_on'],
} as const;

export type TableName = keyof typeof COLUMNS;

const NULL = '\\N';
const CHUNK_CHARS = 256 * 1024;

/** COPY text escaping of one value. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}

const bool = (b: boolean) => (b ? 't' : 'f');

export interface DatasetContext {
  plan: Plan;
  timeline: Timeline;
  asn: AsnTable;
  country: CountryTable;
  /** Row id of each used AS organisation (index into `plan.orgNames`). */
  ispIdOf: Map<number, number>;
  model: LifeModel;
}

export function createContext(
  plan: Plan,
  timeline: Timeline,
  asn: AsnTable,
  country: CountryTable,
): DatasetContext {
  const used = [...new Set(plan.orgOf)].sort((a, b) => a - b);
  const ispIdOf = new Map(used.map((org, i) => [org, i + 1]));
  return { plan, timeline, asn, country, ispIdOf, model: new LifeModel(plan, timeline) };
}

/** Collects lines and hands them out in chunks of about CHUNK_CHARS. */
class Chunker {
  private text = '';
  rows = 0;
  add(line: string): string | null {
    this.text += line;
    this.rows++;
    return this.text.length < CHUNK_CHARS ? null : this.take();
  }
  take(): string {
    const out = this.text;
    this.text = '';
    return out;
  }
  get pending(): boolean {
    return this.text.length > 0;
  }
}

/** A table's rows: `chunks` yields COPY text; `rows` is final once it is exhausted. */
export interface TableRows {
  table: TableName;
  chunks: Iterable<string>;
  readonly rows: number;
}

function table(
  name: TableName,
  produce: (emit: (line: string) => string | null) => Iterable<string>,
): TableRows {
  const chunker = new Chunker();
  return {
    table: name,
    get rows() {
      return chunker.rows;
    },
    chunks: (function* () {
      yield* produce((line) => chunker.add(line));
      if (chunker.pending) yield chunker.take();
    })(),
  };
}

export function vendorRows(ctx: DatasetContext): TableRows {
  return table('vendors', function* (emit) {
    const created = ctx.timeline.at(0, 1, 0);
    for (const [i, v] of ctx.plan.vendors.entries()) {
      const chunk = emit(`${i + 1}\t${copyText(v.name)}\t${v.origin}\t${created}\n`);
      if (chunk) yield chunk;
    }
  });
}

export function vpnRows(ctx: DatasetContext): TableRows {
  const { plan, timeline } = ctx;
  const rng = new Rng(plan.seed).fork('vpn-status');
  return table('vpns', function* (emit) {
    for (const [v, fleet] of plan.fleets.entries()) {
      const r = rng.fork(v);
      const spec = fleet.spec;
      let automation = false;
      let status: string;
      let lastRun: string;
      let lastUpdated: string;
      if (spec.retired) {
        // Discontinued: updated by hand one last time when its servers went away.
        const m = Math.max(0, timeline.months - 1 - 7);
        const day = 1 + r.int(timeline.days(m));
        status = 'pending';
        lastRun = timeline.at(m, day, 10 + r.next() * 8);
        lastUpdated = lastRun;
      } else if (r.chance(0.75)) {
        // Automated: the scheduler runs every twelve hours (the site's "12H" update rate).
        automation = true;
        const ranAgo = r.next() * 12;
        const roll = r.next();
        status = roll < 0.85 ? 'success' : roll < 0.95 ? 'failed' : 'running';
        lastRun = timeline.before(ranAgo);
        lastUpdated = timeline.before(ranAgo + (status === 'success' ? r.next() * 48 : 24 + r.next() * 216));
      } else {
        const ranAgo = 48 + r.next() * 58 * 24;
        status = r.chance(0.7) ? 'success' : 'pending';
        lastRun = timeline.before(ranAgo);
        lastUpdated = timeline.before(ranAgo + r.next() * 120);
      }
      const created = timeline.at(0, 1, 0);
      const line = `${v + 1}\t${spec.vendor + 1}\t${copyText(spec.name)}\t${bool(automation)}\t${status}\t${lastUpdated}\t${lastRun}\t${created}\n`;
      const chunk = emit(line);
      if (chunk) yield chunk;
    }
  });
}

/** The ISPs in use and, per ISP, its largest AS number among the ranges it announces. */
function ispAsns(ctx: DatasetContext): Map<number, number> {
  const best = new Map<number, { asn: number; size: number }>();
  const sizeOf = new Map<string, number>();
  for (const r of ctx.plan.networkRanges) {
    const org = ctx.asn.orgOf[r]!;
    const asn = ctx.asn.asns[r]!;
    const key = `${org}:${asn}`;
    const size = (sizeOf.get(key) ?? 0) + (ctx.asn.ends[r]! - ctx.asn.starts[r]! + 1);
    sizeOf.set(key, size);
    const current = best.get(org);
    if (!current || size > current.size || (size === current.size && asn < current.asn))
      best.set(org, { asn, size });
  }
  return new Map([...best].map(([org, b]) => [org, b.asn]));
}

export function ispRows(ctx: DatasetContext): TableRows {
  return table('isps', function* (emit) {
    const asnOf = ispAsns(ctx);
    for (const [org, id] of ctx.ispIdOf) {
      const chunk = emit(`${id}\t${copyText(ctx.plan.orgNames[org]!)}\t${asnOf.get(org)}\n`);
      if (chunk) yield chunk;
    }
  });
}

export function networkRows(ctx: DatasetContext): TableRows {
  return table('networks', function* (emit) {
    for (const r of ctx.plan.networkRanges) {
      const start = ctx.asn.starts[r]!;
      const end = ctx.asn.ends[r]!;
      const isp = ctx.ispIdOf.get(ctx.asn.orgOf[r]!)!;
      const asn = ctx.asn.asns[r]!;
      for (const cidr of rangeToCidrs(start, end)) {
        const country = ctx.country.country(start) ?? NULL;
        const chunk = emit(`${cidr}\t${asn}\t${isp}\t${country}\n`);
        if (chunk) yield chunk;
      }
    }
  });
}

interface Place {
  country: string;
  city: string;
  formerCity: string;
  isp: number;
}

/** Walks every address in order with its life; the context's model starts a new pass. */
function* lives(ctx: DatasetContext): Generator<{ i: number; ip: string; life: Life; place: Place }> {
  const { plan, model } = ctx;
  model.reset();
  const cities = plan.cities.map((c) => (c ? copyText(c) : NULL));
  for (let i = 0; i < plan.addresses.length; i++) {
    const life = model.life(i);
    const place = {
      country: plan.countries[plan.countryOf[i]!] || NULL,
      city: cities[plan.cityOf[i]!]!,
      formerCity: cities[life.formerCity]!,
      isp: ctx.ispIdOf.get(plan.orgOf[i]!)!,
    };
    yield { i, ip: numberToIpv4(plan.addresses[i]!), life, place };
  }
}

/**
 * The IPv6 addresses with their one stretch (ipv6.ts): row values shared by `ips` and
 * `ip_history`. Their ISP is the ISP row of the same AS organisation when the IPv4 plan uses it.
 */
function* ipv6Lives(ctx: DatasetContext): Generator<{
  ip: string;
  vpn: string;
  kind: 'vpn' | 'proxy' | 'tor';
  active: boolean;
  first: number;
  last: number;
  country: string;
  city: string;
  isp: string;
  day: number;
}> {
  const { plan, timeline } = ctx;
  const orgIndex = new Map(plan.orgNames.map((name, i) => [name, i]));
  const rng = new Rng(plan.seed).fork('ipv6-rows');
  for (const a of plan.ipv6) {
    const kind = a.owner === OWNER_TOR ? 'tor' : a.owner === OWNER_PROXY ? 'proxy' : 'vpn';
    const org = orgIndex.get(a.org);
    const isp = org === undefined ? undefined : ctx.ispIdOf.get(org);
    yield {
      ip: a.address,
      vpn: kind === 'vpn' ? String(a.owner + 1) : NULL,
      kind,
      active: a.lastMonth === timeline.months - 1,
      first: a.firstMonth,
      last: a.lastMonth,
      country: a.country ?? NULL,
      city: a.city ? copyText(a.city) : NULL,
      isp: isp === undefined ? NULL : String(isp),
      day: 1 + rng.int(28),
    };
  }
}

/** A day of month `m` that exists (the current month ends at the reference date). */
function dayIn(timeline: Timeline, m: number, day: number): number {
  return Math.min(day, timeline.days(m));
}

export function ipRows(ctx: DatasetContext): TableRows & { vpnStretches: number } {
  const { timeline } = ctx;
  let vpnStretches = 0;
  const rows = table('ips', function* (emit) {
    for (const { ip, life, place } of lives(ctx)) {
      const first = life.stretches[0]!;
      const last = life.stretches[life.stretches.length - 1]!;
      for (const s of life.stretches) if (s.vpn >= 0) vpnStretches++;
      const vpn = life.active && life.kind === 'vpn' ? String(last.vpn + 1) : NULL;
      const line =
        `${ip}\t${place.country}\t${place.city}\t${place.isp}\t${vpn}\t` +
        `${bool(life.active && life.kind === 'vpn')}\t${bool(life.active && life.proxy)}\t${bool(life.active && life.kind === 'tor')}\t` +
        `${timeline.date(first.start, first.days[0]!)}\t${timeline.date(last.end, last.days[last.days.length - 1]!)}\t` +
        `${timeline.before(life.checkedHoursAgo)}\n`;
      const chunk = emit(line);
      if (chunk) yield chunk;
    }
    for (const a of ipv6Lives(ctx)) {
      const line =
        `${a.ip}\t${a.country}\t${a.city}\t${a.isp}\t${a.active && a.kind === 'vpn' ? a.vpn : NULL}\t` +
        `${bool(a.active && a.kind === 'vpn')}\t${bool(a.active && a.kind === 'proxy')}\t${bool(a.active && a.kind === 'tor')}\t` +
        `${timeline.date(a.first, dayIn(timeline, a.first, a.day))}\t${timeline.date(a.last, dayIn(timeline, a.last, a.day))}\t` +
        `${timeline.before(1 + (a.day % 12))}\n`;
      const chunk = emit(line);
      if (chunk) yield chunk;
    }
  });
  return Object.defineProperties(rows, {
    vpnStretches: { get: () => vpnStretches },
  }) as TableRows & { vpnStretches: number };
}

export function historyRows(ctx: DatasetContext): TableRows {
  const { timeline } = ctx;
  return table('ip_history', function* (emit) {
    for (const { ip, life, place } of lives(ctx)) {
      const tor = bool(life.kind === 'tor');
      const proxy = bool(life.proxy);
      for (const s of life.stretches) {
        const vpn = s.vpn >= 0 ? String(s.vpn + 1) : NULL;
        const isVpn = bool(s.vpn >= 0);
        const tail = `\t${place.isp}\t${isVpn}\t${proxy}\t${tor}\n`;
        for (let m = s.start; m <= s.end; m++) {
          const city = life.formerCity && m < life.cityMovedBefore ? place.formerCity : place.city;
          const chunk = emit(
            `${ip}\t${timeline.date(m, s.days[m - s.start]!)}\t${vpn}\t${place.country}\t${city}${tail}`,
          );
          if (chunk) yield chunk;
        }
      }
    }
    for (const a of ipv6Lives(ctx)) {
      const tail = `\t${a.isp}\t${bool(a.kind === 'vpn')}\t${bool(a.kind === 'proxy')}\t${bool(a.kind === 'tor')}\n`;
      for (let m = a.first; m <= a.last; m++) {
        const chunk = emit(
          `${a.ip}\t${timeline.date(m, dayIn(timeline, m, a.day))}\t${a.vpn}\t${a.country}\t${a.city}${tail}`,
        );
        if (chunk) yield chunk;
      }
    }
  });
}

export function subdomainRows(ctx: DatasetContext): TableRows {
  const { timeline, model } = ctx;
  return table('subdomains', function* (emit) {
    for (const { i, life } of lives(ctx)) {
      for (const sub of model.subdomains(i, life)) {
        const first = sub.events[0]!;
        const last = sub.events[sub.events.length - 1]!;
        const line =
          `${sub.id}\t${sub.name}\t${sub.vpn + 1}\t${numberToIpv4(last.address)}\t${last.live ? 'live' : 'dead'}\t` +
          `${timeline.date(first.month, first.day)}\t${timeline.before(sub.checkedHoursAgo)}\n`;
        const chunk = emit(line);
        if (chunk) yield chunk;
      }
    }
  });
}

export function subdomainHistoryRows(ctx: DatasetContext): TableRows {
  const { timeline, model } = ctx;
  return table('subdomain_history', function* (emit) {
    for (const { i, life } of lives(ctx)) {
      for (const sub of model.subdomains(i, life)) {
        for (const e of sub.events) {
          const chunk = emit(
            `${sub.id}\t${numberToIpv4(e.address)}\t${e.live ? 'live' : 'dead'}\t${timeline.date(e.month, e.day)}\n`,
          );
          if (chunk) yield chunk;
        }
      }
    }
  });
}

/** Chance per VPN stretch of a hostname, so the dataset gets about `target` of them. */
export function subdomainChance(target: number, vpnStretches: number): number {
  return vpnStretches > 0 ? Math.min(1, target / vpnStretches) : 0;
}

export { OWNER_PROXY, OWNER_TOR };
