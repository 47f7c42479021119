import type pg from 'pg';
import type { IpRecordType, IpSearchRecord } from '@tunnelscope/contracts';

/** At most this many records per group (an address has a few dozen at most in practice). */
export const GROUP_LIMIT = 500;

interface Row {
  data_type: IpRecordType;
  ip: string;
  country: string | null;
  city: string | null;
  isp: string | null;
  vpnname: string | null;
  vendorname: string | null;
  is_vpn: boolean | null;
  is_proxy: boolean | null;
  is_tor: boolean | null;
  lastchecked: Date | null;
  historydate: string | null;
  subdomainname: string | null;
  subdomain: string | null;
  subdomain_lastchecked: Date | null;
}

/**
 * Every record of one address in one round trip: each branch is an index probe on `address`
 * (the primary key of `ips`, of `ip_history`, and the address indexes of the subdomain tables).
 * Groups come in the panel's order; history newest first; subdomains by name.
 */
export const SEARCH_SQL = `
  select * from (
    select 'current'::text as data_type, host(i.address) as ip, i.country, i.city, s.name as isp,
      v.name as vpnname, d.name as vendorname, i.is_vpn, i.is_proxy, i.is_tor,
      i.last_checked as lastchecked, null::text as historydate, null::text as subdomainname,
      null::text as subdomain, null::timestamptz as subdomain_lastchecked, 1 as grp, null::date as day
    from ips i
    left join isps s on s.id = i.isp_id
    left join vpns v on v.id = i.vpn_id
    left join vendors d on d.id = v.vendor_id
    where i.address = $1::inet
  ) cur
  union all
  select * from (
    select 'history', host(h.address), h.country, h.city, s.name, v.name, d.name, h.is_vpn, h.is_proxy,
      h.is_tor, null::timestamptz, to_char(h.seen_on, 'YYYY-MM-DD'), null::text, null::text, null::timestamptz, 2,
      h.seen_on
    from ip_history h
    left join isps s on s.id = h.isp_id
    left join vpns v on v.id = h.vpn_id
    left join vendors d on d.id = v.vendor_id
    where h.address = $1::inet
    order by h.seen_on desc
    limit ${GROUP_LIMIT}
  ) hist
  union all
  select * from (
    select 'subdomain', host(sd.address), null::text, null::text, null::text, v.name, d.name, null::boolean,
      null::boolean, null::boolean, null::timestamptz, null::text, sd.name, sd.status, sd.last_checked, 3, null::date
    from subdomains sd
    join vpns v on v.id = sd.vpn_id
    join vendors d on d.id = v.vendor_id
    where sd.address = $1::inet
    order by sd.name
    limit ${GROUP_LIMIT}
  ) sub
  union all
  select * from (
    select 'subdomain_history', host(sh.address), null::text, null::text, null::text, v.name, d.name,
      null::boolean, null::boolean, null::boolean, null::timestamptz, to_char(sh.seen_on, 'YYYY-MM-DD'), sd.name,
      sh.status, null::timestamptz, 4, sh.seen_on
    from subdomain_history sh
    join subdomains sd on sd.id = sh.subdomain_id
    join vpns v on v.id = sd.vpn_id
    join vendors d on d.id = v.vendor_id
    where sh.address = $1::inet
    order by sh.seen_on desc, sd.name
    limit ${GROUP_LIMIT}
  ) subhist
  order by grp, day desc nulls last, subdomainname
`;

/** Anything that runs a query: the pool, or one of its clients. */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Runs the search as a named prepared statement: planning this union of twelve joins costs a few
 * milliseconds, more than running it, so each pooled connection plans it once and reuses it.
 */
export async function findByAddress(pool: Queryable, address: string): Promise<IpSearchRecord[]> {
  const { rows } = await pool.query<Row>({ name: 'ipdb-search-ip', text: SEARCH_SQL, values: [address] });
  return rows.map((r) => ({
    data_type: r.data_type,
    ip: r.ip,
    country: r.country,
    city: r.city,
    isp: r.isp,
    vpnname: r.vpnname,
    vendorname: r.vendorname,
    is_vpn: r.is_vpn,
    is_proxy: r.is_proxy,
    is_tor: r.is_tor,
    lastchecked: r.lastchecked ? r.lastchecked.toISOString() : null,
    historydate: r.historydate,
    subdomainname: r.subdomainname,
    subdomain: r.subdomain,
    subdomain_lastchecked: r.subdomain_lastchecked ? r.subdomain_lastchecked.toISOString() : null,
  }));
}
