/**
 * The analytics payload of the admin panel's Database Analytics page, read from the IP database.
 * Heavy figures come from the materialized views of the IP database's second migration
 * (packages/ipdb-schema, 20261124000100; refreshed by the scheduled job); the rest are
 * catalog reads or tables of a few hundred rows. No query here scans `ips` or `ip_history`.
 * Lists have a stated order and, where long, a cap (README "Analytics").
 */
import { sql, type Kysely } from 'kysely';
import type { AnalyticsPayload } from '@tunnelscope/contracts';
import type { IpdbDatabase } from '../ipdb/schema.js';

/** The core tables of DB Metadata, in the order the panel lists them. */
export const CORE_TABLES = [
  'ips',
  'ip_history',
  'subdomains',
  'subdomain_history',
  'vpns',
  'vendors',
  'isps',
  'networks',
] as const;

export const LIMITS = {
  topCountries: 50,
  ispIpCounts: 100,
  ispServiceBreakdown: 100,
  ispVpnUsage: 50,
  vendorPairs: 100,
  reusedIps: 100,
} as const;

type Db = Kysely<IpdbDatabase>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function entityTotals(db: Db): Promise<AnalyticsPayload['entityTotals']> {
  const row = await db
    .selectFrom('mv_entity_totals')
    .select(['total_ips', 'total_subdomains', 'total_vpns', 'total_vendors'])
    .executeTakeFirst();
  return row ?? { total_ips: 0, total_subdomains: 0, total_vpns: 0, total_vendors: 0 };
}

async function tableMetadata(db: Db): Promise<AnalyticsPayload['tableMetadata']> {
  const { rows } = await sql<{
    table_name: string;
    rows_estimate: number;
    total_size_bytes: number;
    last_maintenance: Date | null;
  }>`
    select c.relname as table_name,
      greatest(c.reltuples, 0)::bigint as rows_estimate,
      pg_total_relation_size(c.oid) as total_size_bytes,
      greatest(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) as last_maintenance
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname = any(${[...CORE_TABLES]}::text[])
    order by array_position(${[...CORE_TABLES]}::text[], c.relname::text)
  `.execute(db);
  return rows.map((r) => ({ ...r, last_maintenance: iso(r.last_maintenance) }));
}

async function vpnUpdateStatus(db: Db): Promise<AnalyticsPayload['vpnUpdateStatus']> {
  const rows = await db
    .selectFrom('vpns')
    .select(['id', 'name', 'last_updated', 'last_run', 'status', 'automation'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    vpnid: r.id,
    vpnname: r.name,
    lastupdated: iso(r.last_updated),
    lastrun: iso(r.last_run),
    status: r.status,
    automation: r.automation,
  }));
}

/** Everything the per-VPN lists need, from one read of mv_vpn_stats. */
async function perVpn(db: Db) {
  return db
    .selectFrom('mv_vpn_stats as s')
    .innerJoin('vpns as v', 'v.id', 's.vpn_id')
    .innerJoin('vendors as d', 'd.id', 'v.vendor_id')
    .select([
      'v.name as vpnname',
      'd.name as vendorname',
      's.total_iphistory',
      's.total_distinct_ips',
      's.total_live_subdomains',
      's.total_dead_subdomains',
      's.total_isps',
      's.total_countries',
      's.total_cities',
      's.avg_monthly_unique_ips',
      's.current_countries',
      's.new_ips_last_month',
      's.legacy_ips_last_month',
      's.new_subdomains_last_month',
      's.deactivated_subdomains_last_month',
    ])
    .execute();
}

type VpnRow = Awaited<ReturnType<typeof perVpn>>[number];

/** Sorts by a figure, largest first, then by VPN name. */
function byFigure<T extends { vpnname: string }>(rows: T[], figure: (r: T) => number): T[] {
  return [...rows].sort((a, b) => figure(b) - figure(a) || a.vpnname.localeCompare(b.vpnname, 'en'));
}

function vpnLists(rows: VpnRow[]) {
  return {
    vpnSummaryStats: byFigure(rows, (r) => r.total_distinct_ips).map((r) => ({
      vpnname: r.vpnname,
      vendorname: r.vendorname,
      total_iphistory: r.total_iphistory,
      total_distinct_ips: r.total_distinct_ips,
      total_live_subdomains: r.total_live_subdomains,
      total_dead_subdomains: r.total_dead_subdomains,
      total_isps: r.total_isps,
      total_countries: r.total_countries,
      total_cities: r.total_cities,
    })),
    vpnMonthlyIpGrowth: byFigure(rows, (r) => Number(r.avg_monthly_unique_ips)).map((r) => ({
      vpnname: r.vpnname,
      avg_monthly_unique_ips: Number(r.avg_monthly_unique_ips),
    })),
    vpnCountriesCount: byFigure(rows, (r) => r.current_countries).map((r) => ({
      vpnname: r.vpnname,
      unique_countries: r.current_countries,
    })),
    ipTrends: byFigure(rows, (r) => r.new_ips_last_month + r.legacy_ips_last_month).map((r) => ({
      vpnname: r.vpnname,
      new_ips_last_month: r.new_ips_last_month,
      legacy_ips_last_month: r.legacy_ips_last_month,
      new_subdomains_last_month: r.new_subdomains_last_month,
      deactivated_subdomains_last_month: r.deactivated_subdomains_last_month,
    })),
  };
}

async function vendorVpnList(db: Db): Promise<AnalyticsPayload['vendorVpnList']> {
  const { rows } = await sql<{ vendorname: string; vpn_list: string[] }>`
    select d.name as vendorname,
      coalesce(array_agg(v.name order by v.name) filter (where v.id is not null), '{}') as vpn_list
    from vendors d
    left join vpns v on v.vendor_id = d.id
    group by d.id, d.name
    order by d.name
  `.execute(db);
  return rows;
}

async function vendorIpFootprint(db: Db): Promise<AnalyticsPayload['vendorIpFootprint']> {
  return db
    .selectFrom('mv_vendor_footprint as f')
    .innerJoin('vendors as d', 'd.id', 'f.vendor_id')
    .select(['d.name as vendorname', 'f.vpn_count', 'f.total_ips', 'f.countries'])
    .orderBy('f.total_ips', 'desc')
    .orderBy('d.name')
    .execute();
}

async function vendorPairs(db: Db): Promise<AnalyticsPayload['vendorPairs']> {
  const { rows } = await sql<{ first: string; second: string; shared_ip_count: number }>`
    select least(a.name, b.name) as first, greatest(a.name, b.name) as second, p.shared_ip_count
    from mv_vendor_pairs p
    join vendors a on a.id = p.vendor_a
    join vendors b on b.id = p.vendor_b
    order by p.shared_ip_count desc, 1, 2
    limit ${LIMITS.vendorPairs}
  `.execute(db);
  return rows.map((r) => ({ vendors: [r.first, r.second], shared_ip_count: r.shared_ip_count }));
}

async function topCountries(db: Db): Promise<AnalyticsPayload['topCountries']> {
  return db
    .selectFrom('mv_country_stats')
    .select(['country', 'ip_count', 'vpn_count', 'isp_count'])
    .orderBy('ip_count', 'desc')
    .orderBy('country')
    .limit(LIMITS.topCountries)
    .execute();
}

async function vendorsByOrigin(db: Db): Promise<AnalyticsPayload['vendorsByOrigin']> {
  const { rows } = await sql<{ vendororigin: string; total_vendors: number; vendors_list: string[] }>`
    select origin_country as vendororigin, count(*) as total_vendors, array_agg(name order by name) as vendors_list
    from vendors
    group by origin_country
    order by count(*) desc, origin_country
  `.execute(db);
  return rows;
}

async function ispCountryBreakdown(db: Db): Promise<AnalyticsPayload['ispCountryBreakdown']> {
  return db
    .selectFrom('mv_country_stats')
    .select(['country', 'vpn_isp_count as isp_count', 'vpn_ip_count as ip_count', 'top_isp'])
    .where('vpn_ip_count', '>', 0)
    .orderBy('vpn_ip_count', 'desc')
    .orderBy('country')
    .execute();
}

async function ispLists(db: Db) {
  const base = () => db.selectFrom('mv_isp_stats as m').innerJoin('isps as s', 's.id', 'm.isp_id');
  const [ipCounts, services, usage] = await Promise.all([
    base()
      .select(['s.name as isp', 'm.unique_ips'])
      .orderBy('m.unique_ips', 'desc')
      .orderBy('s.name')
      .limit(LIMITS.ispIpCounts)
      .execute(),
    base()
      .select(['s.name as isp', 'm.vpn_ips', 'm.proxy_ips', 'm.tor_ips'])
      .orderBy(sql`m.vpn_ips + m.proxy_ips + m.tor_ips`, 'desc')
      .orderBy('s.name')
      .limit(LIMITS.ispServiceBreakdown)
      .execute(),
    base()
      .select(['s.name as isp', 'm.vpn_count', 'm.vpn_ips as ip_count'])
      .where('m.vpn_count', '>', 0)
      .orderBy('m.vpn_count', 'desc')
      .orderBy('m.vpn_ips', 'desc')
      .orderBy('s.name')
      .limit(LIMITS.ispVpnUsage)
      .execute(),
  ]);
  return { ispIpCounts: ipCounts, ispServiceBreakdown: services, ispVpnUsage: usage };
}

async function reusedIps(db: Db): Promise<AnalyticsPayload['reusedIps']> {
  const { rows } = await sql<{ ip: string; vpn_count: number; vpns: string[] }>`
    select host(address) as ip, vpn_count, vpns
    from mv_reused_ips
    order by vpn_count desc, address
    limit ${LIMITS.reusedIps}
  `.execute(db);
  return rows;
}

async function monthlyIpGrowth(db: Db): Promise<AnalyticsPayload['monthlyIpGrowth']> {
  const { rows } = await sql<{ month: string; unique_ips: number }>`
    select to_char(month, 'YYYY-MM') as month, unique_ips from mv_monthly_ips order by month
  `.execute(db);
  return rows;
}

/** The whole payload; the reads run side by side on the pool. */
export async function readAnalytics(db: Db): Promise<AnalyticsPayload> {
  const [
    totals,
    tables,
    status,
    vpns,
    vendorLists,
    footprint,
    pairs,
    countries,
    origins,
    ispCountries,
    isps,
    reused,
    growth,
  ] = await Promise.all([
    entityTotals(db),
    tableMetadata(db),
    vpnUpdateStatus(db),
    perVpn(db),
    vendorVpnList(db),
    vendorIpFootprint(db),
    vendorPairs(db),
    topCountries(db),
    vendorsByOrigin(db),
    ispCountryBreakdown(db),
    ispLists(db),
    reusedIps(db),
    monthlyIpGrowth(db),
  ]);
  const lists = vpnLists(vpns);
  return {
    entityTotals: totals,
    tableMetadata: tables,
    vpnUpdateStatus: status,
    vpnSummaryStats: lists.vpnSummaryStats,
    vendorVpnList: vendorLists,
    vendorIpFootprint: footprint,
    vpnMonthlyIpGrowth: lists.vpnMonthlyIpGrowth,
    vendorPairs: pairs,
    topCountries: countries,
    vpnCountriesCount: lists.vpnCountriesCount,
    vendorsByOrigin: origins,
    ispCountryBreakdown: ispCountries,
    ispIpCounts: isps.ispIpCounts,
    ispServiceBreakdown: isps.ispServiceBreakdown,
    ispVpnUsage: isps.ispVpnUsage,
    ipTrends: lists.ipTrends,
    reusedIps: reused,
    monthlyIpGrowth: growth,
  };
}

/**
 * When the last refresh of the views finished (ISO), or null when they were never refreshed: the
 * age of every figure read from them (analytics_refresh_runs, written by ipdb_refresh_analytics).
 */
export async function lastRefreshedAt(db: Db): Promise<string | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select max(finished_at) as at from analytics_refresh_runs
  `.execute(db);
  return rows[0]?.at ? rows[0].at.toISOString() : null;
}
