import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { analyticsResponseSchema, type AnalyticsPayload } from '@tunnelscope/contracts';
import type { TestDatabase } from '@tunnelscope/test-kit';
import { LIMITS } from '../src/analytics/analytics-repository.js';
import {
  adminHeaders,
  buildTestApp,
  ANALYTICS_PATH,
  createIpdb,
  dropRedisPrefix,
  get,
  TEST_REDIS_URL,
  testConfig,
} from './helpers.js';

/**
 * Every field of the analytics payload against a straightforward SQL computation over the base
 * tables (never the views the service reads), on the small dataset with a fixed seed.
 */
describe('GET /vpn-db/advanced-analytics', () => {
  let ipdb: TestDatabase;
  let client: pg.Client;
  let app: FastifyInstance;
  let prefix: string;
  let data: AnalyticsPayload;
  /** First day of the report month (the last complete month at refresh time), YYYY-MM-DD. */
  let m0: string;
  let m1: string;

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await client.query(text, values)).rows as T[];
  }

  beforeAll(async () => {
    ipdb = await createIpdb('analytics');
    client = new pg.Client({ connectionString: ipdb.url });
    await client.connect();
    const config = testConfig({ IPDB_URL: ipdb.url });
    prefix = config.REDIS_PREFIX;
    app = await buildTestApp(config);
    const res = await get(app, ANALYTICS_PATH, adminHeaders());
    expect(res.statusCode).toBe(200);
    const body = analyticsResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    data = body.data!;
    const [run] = await rows<{ started_at: Date }>(
      `select started_at from analytics_refresh_runs order by id desc limit 1`,
    );
    const refreshed = run!.started_at;
    const first = new Date(Date.UTC(refreshed.getUTCFullYear(), refreshed.getUTCMonth() - 1, 1));
    const next = new Date(Date.UTC(refreshed.getUTCFullYear(), refreshed.getUTCMonth(), 1));
    m0 = first.toISOString().slice(0, 10);
    m1 = next.toISOString().slice(0, 10);
  });

  afterAll(async () => {
    await app?.close();
    await client?.end();
    await ipdb?.drop();
    await dropRedisPrefix(prefix);
  });

  /** Per-VPN lists: as a map by VPN name, and ordered by `figure` (largest first). */
  function byVpn<T extends { vpnname: string }>(list: T[], figure: (r: T) => number): Map<string, T> {
    for (let i = 1; i < list.length; i++)
      expect(figure(list[i - 1]!)).toBeGreaterThanOrEqual(figure(list[i]!));
    return new Map(list.map((r) => [r.vpnname, r]));
  }

  it('answers every field of the contract', () => {
    expect(Object.keys(data).sort()).toEqual(
      [
        'entityTotals',
        'tableMetadata',
        'vpnUpdateStatus',
        'vpnSummaryStats',
        'vendorVpnList',
        'vendorIpFootprint',
        'vpnMonthlyIpGrowth',
        'vendorPairs',
        'topCountries',
        'vpnCountriesCount',
        'vendorsByOrigin',
        'ispCountryBreakdown',
        'ispIpCounts',
        'ispServiceBreakdown',
        'ispVpnUsage',
        'ipTrends',
        'reusedIps',
        'monthlyIpGrowth',
      ].sort(),
    );
  });

  it('entityTotals counts the rows of ips, subdomains, vpns and vendors', async () => {
    const [expected] = await rows(`
      select (select count(*) from ips)::int as total_ips, (select count(*) from subdomains)::int as total_subdomains,
             (select count(*) from vpns)::int as total_vpns, (select count(*) from vendors)::int as total_vendors`);
    expect(data.entityTotals).toEqual(expected);
    expect(data.entityTotals).toMatchObject({ total_ips: 10_000, total_vendors: 20, total_vpns: 50 });
  });

  it('tableMetadata lists the core tables with estimates, sizes and last maintenance', async () => {
    const expected = await rows<{
      table_name: string;
      rows_estimate: number;
      total_size_bytes: number;
      last_maintenance: Date | null;
    }>(`
      select c.relname as table_name, greatest(c.reltuples, 0)::float8 as rows_estimate,
             pg_total_relation_size(c.oid)::float8 as total_size_bytes,
             greatest(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) as last_maintenance
      from unnest(array['ips','ip_history','subdomains','subdomain_history','vpns','vendors','isps','networks'])
           with ordinality t(name, n)
      join pg_class c on c.relname = t.name and c.relkind = 'r'
      left join pg_stat_user_tables s on s.relid = c.oid
      order by t.n`);
    expect(data.tableMetadata).toEqual(
      expected.map((r) => ({ ...r, last_maintenance: r.last_maintenance?.toISOString() ?? null })),
    );
    // The generator analyzed every table, so each has a maintenance time and an estimate.
    const ips = data.tableMetadata.find((t) => t.table_name === 'ips')!;
    expect(ips.rows_estimate).toBeGreaterThan(9_000);
    expect(ips.last_maintenance).not.toBeNull();
  });

  it('vpnUpdateStatus lists every VPN with its update state', async () => {
    const expected = await rows<Record<string, unknown>>(`
      select id as vpnid, name as vpnname, last_updated as lastupdated, last_run as lastrun, status, automation
      from vpns order by id`);
    expect(data.vpnUpdateStatus).toEqual(
      expected.map((r) => ({
        ...r,
        lastupdated: (r.lastupdated as Date | null)?.toISOString() ?? null,
        lastrun: (r.lastrun as Date | null)?.toISOString() ?? null,
      })),
    );
    expect(new Set(data.vpnUpdateStatus.map((v) => v.status)).size).toBeGreaterThan(1);
  });

  it('vpnSummaryStats counts each VPN history, addresses, subdomains, ISPs, countries and cities', async () => {
    const expected = await rows<Record<string, unknown>>(`
      select v.name as vpnname, d.name as vendorname,
        (select count(*) from ip_history h where h.vpn_id = v.id)::int as total_iphistory,
        (select count(distinct address) from ip_history h where h.vpn_id = v.id)::int as total_distinct_ips,
        (select count(*) from subdomains s where s.vpn_id = v.id and s.status = 'live')::int as total_live_subdomains,
        (select count(*) from subdomains s where s.vpn_id = v.id and s.status = 'dead')::int as total_dead_subdomains,
        (select count(distinct isp_id) from ip_history h where h.vpn_id = v.id)::int as total_isps,
        (select count(distinct country) from ip_history h where h.vpn_id = v.id)::int as total_countries,
        (select count(distinct (country, city)) from ip_history h where h.vpn_id = v.id and city is not null)::int
          as total_cities
      from vpns v join vendors d on d.id = v.vendor_id`);
    const got = byVpn(data.vpnSummaryStats, (r) => r.total_distinct_ips);
    expect(got.size).toBe(expected.length);
    for (const e of expected) expect(got.get(e.vpnname as string)).toEqual(e);
    expect(data.vpnSummaryStats.some((r) => r.total_dead_subdomains > 0)).toBe(true);
  });

  it('vendorVpnList gives every vendor with its VPNs by name', async () => {
    const expected = await rows(`
      select d.name as vendorname, array(select v.name from vpns v where v.vendor_id = d.id order by v.name) as vpn_list
      from vendors d order by d.name`);
    expect(data.vendorVpnList).toEqual(expected);
  });

  it('vendorIpFootprint counts the addresses each vendor uses now and their countries', async () => {
    const expected = await rows(`
      select d.name as vendorname,
        (select count(*) from vpns v where v.vendor_id = d.id)::int as vpn_count,
        (select count(*) from ips i join vpns v on v.id = i.vpn_id where v.vendor_id = d.id)::int as total_ips,
        (select count(distinct i.country) from ips i join vpns v on v.id = i.vpn_id where v.vendor_id = d.id)::int
          as countries
      from vendors d order by total_ips desc, d.name`);
    expect(data.vendorIpFootprint).toEqual(expected);
  });

  it('vpnMonthlyIpGrowth averages each VPN distinct addresses over the months it was seen', async () => {
    const expected = await rows<{ vpnname: string; avg: string | null }>(`
      select v.name as vpnname,
        (select round(avg(n), 2) from (
           select count(distinct address) as n from ip_history h where h.vpn_id = v.id
           group by date_trunc('month', h.seen_on::timestamp)) m) as avg
      from vpns v`);
    const got = byVpn(data.vpnMonthlyIpGrowth, (r) => r.avg_monthly_unique_ips);
    for (const e of expected) {
      expect(got.get(e.vpnname)).toEqual({ vpnname: e.vpnname, avg_monthly_unique_ips: Number(e.avg ?? 0) });
    }
  });

  it('vendorPairs counts the addresses two vendors both used, largest first', async () => {
    const expected = await rows<{ a: string; b: string; shared_ip_count: number }>(
      `
      with used as (select distinct h.address, d.name from ip_history h join vpns v on v.id = h.vpn_id
                    join vendors d on d.id = v.vendor_id)
      select x.name as a, y.name as b, count(*)::int as shared_ip_count
      from used x join used y on y.address = x.address and x.name < y.name
      group by x.name, y.name
      order by shared_ip_count desc, a, b
      limit $1`,
      [LIMITS.vendorPairs],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(data.vendorPairs).toEqual(
      expected.map((e) => ({ vendors: [e.a, e.b], shared_ip_count: e.shared_ip_count })),
    );
  });

  it('topCountries ranks countries by tracked addresses with their VPNs and ISPs', async () => {
    const expected = await rows(
      `
      select country, count(*)::int as ip_count, count(distinct vpn_id)::int as vpn_count,
             count(distinct isp_id)::int as isp_count
      from ips where country is not null group by country order by ip_count desc, country limit $1`,
      [LIMITS.topCountries],
    );
    expect(data.topCountries).toEqual(expected);
  });

  it('vpnCountriesCount counts the countries of each VPN current addresses', async () => {
    const expected = await rows<{ vpnname: string; unique_countries: number }>(`
      select v.name as vpnname, (select count(distinct country) from ips i where i.vpn_id = v.id)::int as unique_countries
      from vpns v`);
    const got = byVpn(data.vpnCountriesCount, (r) => r.unique_countries);
    for (const e of expected) expect(got.get(e.vpnname)).toEqual(e);
  });

  it('vendorsByOrigin groups vendors by the country they come from', async () => {
    const expected = await rows(`
      select origin_country as vendororigin, count(*)::int as total_vendors,
             array_agg(name order by name) as vendors_list
      from vendors group by origin_country order by total_vendors desc, vendororigin`);
    expect(data.vendorsByOrigin).toEqual(expected);
  });

  it('ispCountryBreakdown counts per country the ISPs carrying VPN addresses and names the largest', async () => {
    const expected = await rows(`
      select i.country, count(distinct i.isp_id)::int as isp_count, count(*)::int as ip_count,
        (select s.name from ips j join isps s on s.id = j.isp_id where j.is_vpn and j.country = i.country
         group by s.name order by count(*) desc, s.name limit 1) as top_isp
      from ips i where i.is_vpn and i.country is not null
      group by i.country order by ip_count desc, i.country`);
    expect(data.ispCountryBreakdown).toEqual(expected);
  });

  it('ispIpCounts ranks ISPs by tracked addresses', async () => {
    const expected = await rows(
      `
      select s.name as isp, count(*)::int as unique_ips
      from ips i join isps s on s.id = i.isp_id group by s.id, s.name order by unique_ips desc, s.name limit $1`,
      [LIMITS.ispIpCounts],
    );
    expect(data.ispIpCounts).toEqual(expected);
  });

  it('ispServiceBreakdown counts VPN, proxy and Tor addresses per ISP', async () => {
    const expected = await rows(
      `
      select s.name as isp, count(*) filter (where i.is_vpn)::int as vpn_ips,
             count(*) filter (where i.is_proxy)::int as proxy_ips, count(*) filter (where i.is_tor)::int as tor_ips
      from ips i join isps s on s.id = i.isp_id group by s.id, s.name
      order by count(*) filter (where i.is_vpn) + count(*) filter (where i.is_proxy)
               + count(*) filter (where i.is_tor) desc, s.name
      limit $1`,
      [LIMITS.ispServiceBreakdown],
    );
    expect(data.ispServiceBreakdown).toEqual(expected);
    expect(data.ispServiceBreakdown.some((r) => r.tor_ips > 0)).toBe(true);
    expect(data.ispServiceBreakdown.some((r) => r.proxy_ips > 0)).toBe(true);
  });

  it('ispVpnUsage lists the top 50 ISPs by distinct VPNs using their addresses', async () => {
    const expected = await rows(
      `
      select s.name as isp, count(distinct i.vpn_id)::int as vpn_count, count(*) filter (where i.is_vpn)::int as ip_count
      from ips i join isps s on s.id = i.isp_id group by s.id, s.name having count(distinct i.vpn_id) > 0
      order by vpn_count desc, ip_count desc, s.name limit $1`,
      [LIMITS.ispVpnUsage],
    );
    expect(LIMITS.ispVpnUsage).toBe(50);
    expect(data.ispVpnUsage).toEqual(expected);
  });

  it('ipTrends counts last month new and legacy addresses and new and deactivated subdomains per VPN', async () => {
    const expected = await rows<Record<string, number | string>>(
      `
      select v.name as vpnname,
        (select count(distinct h.address) from ip_history h where h.vpn_id = v.id and h.seen_on >= $1 and h.seen_on < $2
           and not exists (select 1 from ip_history e where e.address = h.address and e.vpn_id = v.id and e.seen_on < $1)
        )::int as new_ips_last_month,
        (select count(distinct h.address) from ip_history h where h.vpn_id = v.id and h.seen_on >= $1 and h.seen_on < $2
           and exists (select 1 from ip_history e where e.address = h.address and e.vpn_id = v.id and e.seen_on < $1)
        )::int as legacy_ips_last_month,
        (select count(*) from subdomains s where s.vpn_id = v.id and s.first_seen >= $1 and s.first_seen < $2)::int
          as new_subdomains_last_month,
        (select count(distinct sh.subdomain_id) from subdomain_history sh join subdomains s on s.id = sh.subdomain_id
          where s.vpn_id = v.id and sh.status = 'dead' and sh.seen_on >= $1 and sh.seen_on < $2)::int
          as deactivated_subdomains_last_month
      from vpns v`,
      [m0, m1],
    );
    const got = byVpn(data.ipTrends, (r) => r.new_ips_last_month + r.legacy_ips_last_month);
    for (const e of expected) expect(got.get(e.vpnname as string)).toEqual(e);
    const sum = (k: keyof (typeof data.ipTrends)[number]) =>
      data.ipTrends.reduce((n, r) => n + (r[k] as number), 0);
    expect(sum('new_ips_last_month')).toBeGreaterThan(0);
    expect(sum('legacy_ips_last_month')).toBeGreaterThan(0);
    expect(sum('new_subdomains_last_month')).toBeGreaterThan(0);
    expect(sum('deactivated_subdomains_last_month')).toBeGreaterThan(0);
  });

  it('reusedIps lists addresses that more than one VPN used, most VPNs first', async () => {
    const expected = await rows(
      `
      select host(h.address) as ip, count(distinct h.vpn_id)::int as vpn_count,
             array_agg(distinct v.name order by v.name) as vpns
      from ip_history h join vpns v on v.id = h.vpn_id
      group by h.address having count(distinct h.vpn_id) > 1
      order by vpn_count desc, h.address limit $1`,
      [LIMITS.reusedIps],
    );
    expect(expected.length).toBe(LIMITS.reusedIps);
    expect(data.reusedIps).toEqual(expected);
  });

  it('monthlyIpGrowth counts distinct addresses seen in each month, oldest first', async () => {
    const expected = await rows(`
      select to_char(date_trunc('month', seen_on::timestamp), 'YYYY-MM') as month, count(distinct address)::int as unique_ips
      from ip_history group by 1 order by 1`);
    expect(data.monthlyIpGrowth).toEqual(expected);
    expect(data.monthlyIpGrowth).toHaveLength(24);
    // The dataset grows: the last month has more addresses than the first.
    expect(data.monthlyIpGrowth.at(-1)!.unique_ips).toBeGreaterThan(data.monthlyIpGrowth[0]!.unique_ips);
  });

  it('shares the answer through Redis for 5 minutes with the time it was computed', async () => {
    const firstRes = await get(app, ANALYTICS_PATH, adminHeaders());
    expect(firstRes.headers['content-type']).toMatch(/^application\/json/);
    expect(firstRes.headers['cache-control']).toBe('no-store');
    const first = firstRes.json();
    const second = (await get(app, ANALYTICS_PATH, adminHeaders('view_only'))).json();
    expect(second.generatedAt).toBe(first.generatedAt);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ttl = await redis.ttl(`${prefix}:analytics:ipdb:advanced-analytics`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
    } finally {
      redis.disconnect();
    }
  });

  it('refuses callers without a valid gateway identity with 401', async () => {
    for (const headers of [{}, adminHeaders('admin', 'another-secret-0123456789abcdef0123')]) {
      const res = await get(app, ANALYTICS_PATH, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    }
  });
});
