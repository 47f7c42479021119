import { sql, type Kysely } from 'kysely';

/**
 * Pre-aggregated analytics (services/analytics-service/README.md "Analytics"): materialized
 * views that the admin analytics read instead of scanning `ips` (millions of rows) and
 * `ip_history` (tens of millions) at request time, and one function that refreshes them all in
 * one transaction, so a reader sees either the previous set or the new one. Frozen once written:
 * a change is a new migration that replaces a view and the function.
 *
 * "The report month" is the last complete calendar month in UTC at refresh time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function ipdb_month(d date) returns date
    language sql immutable parallel safe
    as $$ select date_trunc('month', d::timestamp)::date $$
  `.execute(db);
  await sql`
    create function ipdb_report_month() returns date
    language sql stable parallel safe
    as $$ select (date_trunc('month', now() at time zone 'UTC') - interval '1 month')::date $$
  `.execute(db);

  // Intermediate: one row per (address, VPN) pair ever observed. Read by the views below only.
  await sql`
    create materialized view mv_ip_vpn as
    with p as (select ipdb_report_month() as m0)
    select h.address, h.vpn_id,
      min(h.seen_on) as first_seen,
      max(h.seen_on) as last_seen,
      count(*) as history_rows,
      count(distinct ipdb_month(h.seen_on)) as active_months,
      bool_or(ipdb_month(h.seen_on) = p.m0) as seen_in_report_month
    from ip_history h cross join p
    where h.vpn_id is not null
    group by h.address, h.vpn_id
  `.execute(db);
  await sql`create unique index mv_ip_vpn_key on mv_ip_vpn (address, vpn_id)`.execute(db);
  await sql`create index mv_ip_vpn_vpn_idx on mv_ip_vpn (vpn_id)`.execute(db);

  await sql`
    create materialized view mv_entity_totals as
    select 1 as id,
      (select count(*) from ips) as total_ips,
      (select count(*) from subdomains) as total_subdomains,
      (select count(*) from vpns) as total_vpns,
      (select count(*) from vendors) as total_vendors,
      now() as refreshed_at
  `.execute(db);
  await sql`create unique index mv_entity_totals_key on mv_entity_totals (id)`.execute(db);

  // Everything the panel shows per VPN. History facets come from one scan with grouping sets;
  // `grouping(isp_id, country, city, month)` is a bit mask of the columns a set leaves out:
  // 7 = (vpn, isp), 11 = (vpn, country), 9 = (vpn, country, city), 14 = (vpn, month).
  await sql`
    create materialized view mv_vpn_stats as
    with p as (
      select ipdb_report_month() as m0, (ipdb_report_month() + interval '1 month')::date as m1
    ),
    facets as (
      select vpn_id, isp_id, country, city, ipdb_month(seen_on) as month,
        grouping(isp_id, country, city, ipdb_month(seen_on)) as g
      from ip_history
      where vpn_id is not null
      group by grouping sets (
        (vpn_id, isp_id), (vpn_id, country), (vpn_id, country, city), (vpn_id, ipdb_month(seen_on))
      )
    ),
    facet_counts as (
      select vpn_id,
        count(*) filter (where g = 7 and isp_id is not null) as total_isps,
        count(*) filter (where g = 11 and country is not null) as total_countries,
        count(*) filter (where g = 9 and city is not null) as total_cities,
        count(*) filter (where g = 14) as months_seen
      from facets
      group by vpn_id
    ),
    per_ip as (
      select vpn_id,
        count(*) as total_distinct_ips,
        sum(history_rows) as total_iphistory,
        sum(active_months) as ip_months,
        count(*) filter (where seen_in_report_month and first_seen >= p.m0) as new_ips,
        count(*) filter (where seen_in_report_month and first_seen < p.m0) as legacy_ips
      from mv_ip_vpn cross join p
      group by vpn_id
    ),
    subs as (
      select vpn_id,
        count(*) filter (where status = 'live') as live,
        count(*) filter (where status = 'dead') as dead,
        count(*) filter (where first_seen >= p.m0 and first_seen < p.m1) as created
      from subdomains cross join p
      group by vpn_id
    ),
    deactivated as (
      select s.vpn_id, count(distinct h.subdomain_id) as n
      from subdomain_history h
      join subdomains s on s.id = h.subdomain_id
      cross join p
      where h.status = 'dead' and h.seen_on >= p.m0 and h.seen_on < p.m1
      group by s.vpn_id
    ),
    current_geo as (
      select vpn_id, count(*) as current_ips, count(distinct country) as current_countries
      from ips
      where vpn_id is not null
      group by vpn_id
    )
    select v.id as vpn_id,
      p.m0 as report_month,
      coalesce(pi.total_iphistory, 0)::bigint as total_iphistory,
      coalesce(pi.total_distinct_ips, 0)::bigint as total_distinct_ips,
      coalesce(s.live, 0)::bigint as total_live_subdomains,
      coalesce(s.dead, 0)::bigint as total_dead_subdomains,
      coalesce(fc.total_isps, 0)::bigint as total_isps,
      coalesce(fc.total_countries, 0)::bigint as total_countries,
      coalesce(fc.total_cities, 0)::bigint as total_cities,
      coalesce(round(pi.ip_months::numeric / nullif(fc.months_seen, 0), 2), 0) as avg_monthly_unique_ips,
      coalesce(cg.current_ips, 0)::bigint as current_ips,
      coalesce(cg.current_countries, 0)::bigint as current_countries,
      coalesce(pi.new_ips, 0)::bigint as new_ips_last_month,
      coalesce(pi.legacy_ips, 0)::bigint as legacy_ips_last_month,
      coalesce(s.created, 0)::bigint as new_subdomains_last_month,
      coalesce(d.n, 0)::bigint as deactivated_subdomains_last_month
    from vpns v
    cross join p
    left join per_ip pi on pi.vpn_id = v.id
    left join facet_counts fc on fc.vpn_id = v.id
    left join subs s on s.vpn_id = v.id
    left join deactivated d on d.vpn_id = v.id
    left join current_geo cg on cg.vpn_id = v.id
  `.execute(db);
  await sql`create unique index mv_vpn_stats_key on mv_vpn_stats (vpn_id)`.execute(db);

  await sql`
    create materialized view mv_vendor_footprint as
    select d.id as vendor_id,
      count(distinct v.id) as vpn_count,
      count(i.address) as total_ips,
      count(distinct i.country) as countries
    from vendors d
    left join vpns v on v.vendor_id = d.id
    left join ips i on i.vpn_id = v.id
    group by d.id
  `.execute(db);
  await sql`create unique index mv_vendor_footprint_key on mv_vendor_footprint (vendor_id)`.execute(db);

  // Pairs of vendors whose VPNs used the same address at any time (history included).
  await sql`
    create materialized view mv_vendor_pairs as
    with iv as (
      select distinct i.address, v.vendor_id
      from mv_ip_vpn i
      join vpns v on v.id = i.vpn_id
    ),
    shared as (
      select address from iv group by address having count(*) > 1
    )
    select a.vendor_id as vendor_a, b.vendor_id as vendor_b, count(*) as shared_ip_count
    from iv a
    join iv b on b.address = a.address and b.vendor_id > a.vendor_id
    where a.address in (select address from shared)
    group by a.vendor_id, b.vendor_id
  `.execute(db);
  await sql`create unique index mv_vendor_pairs_key on mv_vendor_pairs (vendor_a, vendor_b)`.execute(db);
  await sql`create index mv_vendor_pairs_rank on mv_vendor_pairs (shared_ip_count desc)`.execute(db);

  // Per country of the tracked addresses; the vpn_* columns count the addresses VPNs use now.
  await sql`
    create materialized view mv_country_stats as
    with c as (
      select country,
        count(*) as ip_count,
        count(distinct vpn_id) as vpn_count,
        count(distinct isp_id) as isp_count,
        count(*) filter (where is_vpn) as vpn_ip_count,
        count(distinct isp_id) filter (where is_vpn) as vpn_isp_count
      from ips
      where country is not null
      group by country
    ),
    top_isp as (
      select distinct on (i.country) i.country, s.name as top_isp
      from ips i
      join isps s on s.id = i.isp_id
      where i.is_vpn and i.country is not null
      group by i.country, s.name
      order by i.country, count(*) desc, s.name
    )
    select c.country, c.ip_count, c.vpn_count, c.isp_count, c.vpn_ip_count, c.vpn_isp_count, t.top_isp
    from c
    left join top_isp t using (country)
  `.execute(db);
  await sql`create unique index mv_country_stats_key on mv_country_stats (country)`.execute(db);

  await sql`
    create materialized view mv_isp_stats as
    select i.isp_id,
      count(*) as unique_ips,
      count(*) filter (where i.is_vpn) as vpn_ips,
      count(*) filter (where i.is_proxy) as proxy_ips,
      count(*) filter (where i.is_tor) as tor_ips,
      count(distinct i.vpn_id) as vpn_count
    from ips i
    where i.isp_id is not null
    group by i.isp_id
  `.execute(db);
  await sql`create unique index mv_isp_stats_key on mv_isp_stats (isp_id)`.execute(db);

  // Addresses that more than one VPN used (history included).
  await sql`
    create materialized view mv_reused_ips as
    select i.address, count(*) as vpn_count, array_agg(v.name order by v.name) as vpns
    from mv_ip_vpn i
    join vpns v on v.id = i.vpn_id
    group by i.address
    having count(*) > 1
  `.execute(db);
  await sql`create unique index mv_reused_ips_key on mv_reused_ips (address)`.execute(db);
  await sql`create index mv_reused_ips_rank on mv_reused_ips (vpn_count desc, address)`.execute(db);

  // Distinct addresses observed in each calendar month (any VPN, Tor and proxies included). An
  // address counts in a month at its first row of that month: walking the primary key in order
  // streams twenty million rows instead of hashing twenty million (address, month) pairs.
  await sql`
    create materialized view mv_monthly_ips as
    select month, count(*) as unique_ips
    from (
      select ipdb_month(seen_on) as month,
        lag(ipdb_month(seen_on)) over (partition by address order by seen_on) as previous
      from ip_history
    ) x
    where previous is distinct from month
    group by month
  `.execute(db);
  await sql`create unique index mv_monthly_ips_key on mv_monthly_ips (month)`.execute(db);

  await sql`
    create table analytics_refresh_runs (
      id bigint generated always as identity primary key,
      trigger text not null,
      started_at timestamptz not null,
      finished_at timestamptz not null,
      duration_ms integer not null,
      steps jsonb not null
    )
  `.execute(db);

  // Refreshes every view in dependency order inside the caller's transaction and records the
  // run. `concurrent` keeps the views readable meanwhile (the service's scheduled job); a bulk
  // load with no readers passes false, which is faster. mv_ip_vpn is read by no request, so it
  // is always rebuilt outright.
  await sql`
    create function ipdb_refresh_analytics(concurrent boolean default true, run_trigger text default 'manual')
    returns table (step text, ms double precision)
    language plpgsql
    as $$
    declare
      views text[] := array[
        'mv_ip_vpn', 'mv_entity_totals', 'mv_vpn_stats', 'mv_vendor_footprint', 'mv_vendor_pairs',
        'mv_country_stats', 'mv_isp_stats', 'mv_reused_ips', 'mv_monthly_ips'
      ];
      v text;
      started timestamptz := clock_timestamp();
      t timestamptz;
      steps jsonb := '[]'::jsonb;
    begin
      perform set_config('work_mem', '256MB', true);
      perform set_config('maintenance_work_mem', '512MB', true);
      foreach v in array views loop
        t := clock_timestamp();
        if concurrent and v <> 'mv_ip_vpn' then
          execute format('refresh materialized view concurrently %I', v);
        else
          execute format('refresh materialized view %I', v);
        end if;
        step := v;
        ms := round((extract(epoch from clock_timestamp() - t) * 1000)::numeric, 1);
        steps := steps || jsonb_build_object('view', v, 'ms', ms);
        return next;
      end loop;
      insert into analytics_refresh_runs (trigger, started_at, finished_at, duration_ms, steps)
      values (
        run_trigger, started, clock_timestamp(),
        round(extract(epoch from clock_timestamp() - started) * 1000)::integer, steps
      );
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ipdb_refresh_analytics(boolean, text)`.execute(db);
  await sql`drop table if exists analytics_refresh_runs`.execute(db);
  for (const view of [
    'mv_monthly_ips',
    'mv_reused_ips',
    'mv_isp_stats',
    'mv_country_stats',
    'mv_vendor_pairs',
    'mv_vendor_footprint',
    'mv_vpn_stats',
    'mv_entity_totals',
    'mv_ip_vpn',
  ]) {
    await sql`drop materialized view if exists ${sql.table(view)}`.execute(db);
  }
  await sql`drop function if exists ipdb_report_month()`.execute(db);
  await sql`drop function if exists ipdb_month(date)`.execute(db);
}
