/**
 * A batch's observations into `ips` and `ip_history`, in ONE statement: the items go to
 * PostgreSQL once, as five parallel arrays, and SQL does the rest (bench/ingest, issue 17's speed):
 *
 * - `ips`: per address, the newest observation (by its own time; ties: the later item in the
 *   batch) decides VPN and location, and the batch's earliest and latest UTC days widen
 *   `first_seen` / `last_seen`; a stored row that is newer keeps its VPN and location.
 * - `ip_history`: per address and UTC day, the newest observation of that day.
 *
 * Rows whose stored values already are the outcome are left out BEFORE the upsert, by a plain
 * read: `insert … on conflict do update` locks (and so writes WAL and dirties the page of) every
 * conflicting row even when its `where` then updates nothing, which made a re-sent batch cost
 * almost as much as a fresh one. Leaving a row out on a read without a lock is safe because every
 * write here only moves a row forward — `last_checked` and `last_seen` up, `first_seen` down, VPN
 * and location only from a newer observation — so a row that is already at or past this batch's
 * outcome stays there whatever a concurrent batch does. The upserts themselves still merge with
 * the locked current row (the same expressions, written once below), so two batches racing on a
 * fresh address both end right.
 *
 * Rows are written in address order (and day), so concurrent batches lock shared rows in the
 * same order and cannot deadlock; `ips` before `ip_history`, as before.
 */
import { sql, type Transaction } from 'kysely';
import type { IngestDatabase } from '../db/schema.js';
import type { ValidObservation } from './validate-items.js';

// The merge of an incoming row (`excluded`) into a stored one (`i` / `h`), used by the read that
// skips no-op rows and by the upsert itself. Fixed text, no input: safe for sql.raw.
const NEWER = 'excluded.last_checked >= i.last_checked';
const IPS_MERGE = {
  vpn_id: `case when ${NEWER} then excluded.vpn_id else i.vpn_id end`,
  is_vpn: `case when ${NEWER} then true else i.is_vpn end`,
  country: `case when ${NEWER} and excluded.country is not null then excluded.country else i.country end`,
  city: `case when ${NEWER} and excluded.country is not null then excluded.city else i.city end`,
  first_seen: 'least(i.first_seen, excluded.first_seen)',
  last_seen: 'greatest(i.last_seen, excluded.last_seen)',
  last_checked: 'greatest(i.last_checked, excluded.last_checked)',
};
// ip_history keeps no time of day: within a day, the batch's newest observation wins.
const HISTORY_MERGE = {
  vpn_id: 'excluded.vpn_id',
  country: 'coalesce(excluded.country, h.country)',
  city: 'case when excluded.country is not null then excluded.city else h.city end',
  is_vpn: 'true',
};

const assignments = (merge: Record<string, string>) =>
  sql.raw(
    Object.entries(merge)
      .map(([column, expression]) => `${column} = ${expression}`)
      .join(', '),
  );
/** True when merging would change the stored row `alias` (null-safe). */
const changes = (alias: string, merge: Record<string, string>) =>
  sql.raw(
    `(${Object.keys(merge)
      .map((column) => `${alias}.${column}`)
      .join(', ')}) is distinct from (${Object.values(merge).join(', ')})`,
  );

export async function upsertObservations(
  trx: Transaction<IngestDatabase>,
  observations: readonly (ValidObservation & { vpnId: number })[],
): Promise<{ addresses: number; history: number }> {
  if (observations.length === 0) return { addresses: 0, history: 0 };
  const result = await sql<{ addresses: number; history: number }>`
    with input as (
      select t.address, t.observed_at, t.vpn_id, t.country, t.city, t.ord,
        (t.observed_at at time zone 'UTC')::date as seen_on
      from unnest(
        ${observations.map((o) => o.address)}::inet[],
        ${observations.map((o) => o.at.toISOString())}::timestamptz[],
        ${observations.map((o) => o.vpnId)}::int[],
        ${observations.map((o) => o.location?.country ?? null)}::text[],
        ${observations.map((o) => o.location?.city ?? null)}::text[]
      ) with ordinality as t(address, observed_at, vpn_id, country, city, ord)
    ),
    address_rows as (
      select distinct on (address) address, country, city, vpn_id,
        min(seen_on) over same_address as first_seen,
        max(seen_on) over same_address as last_seen,
        observed_at as last_checked
      from input
      window same_address as (partition by address)
      order by address, observed_at desc, ord desc
    ),
    address_changes as (
      select excluded.* from address_rows excluded
      left join ips i on i.address = excluded.address
      where i.address is null or ${changes('i', IPS_MERGE)}
    ),
    written_addresses as (
      insert into ips as i (address, country, city, vpn_id, is_vpn, first_seen, last_seen, last_checked)
      select address, country, city, vpn_id, true, first_seen, last_seen, last_checked
      from address_changes order by address
      on conflict (address) do update set ${assignments(IPS_MERGE)}
      where ${changes('i', IPS_MERGE)}
      returning 1
    ),
    history_rows as (
      select distinct on (address, seen_on) address, seen_on, vpn_id, country, city
      from input
      order by address, seen_on, observed_at desc, ord desc
    ),
    history_changes as (
      select excluded.* from history_rows excluded
      left join ip_history h on h.address = excluded.address and h.seen_on = excluded.seen_on
      where h.address is null or ${changes('h', HISTORY_MERGE)}
    ),
    written_history as (
      insert into ip_history as h (address, seen_on, vpn_id, country, city, is_vpn)
      select address, seen_on, vpn_id, country, city, true
      from history_changes order by address, seen_on
      on conflict (address, seen_on) do update set ${assignments(HISTORY_MERGE)}
      where ${changes('h', HISTORY_MERGE)}
      returning 1
    )
    -- Read in this order: ips first, then ip_history (lock order, see above).
    select (select count(*) from written_addresses)::int as addresses,
      (select count(*) from written_history)::int as history
  `.execute(trx);
  const row = result.rows[0];
  return { addresses: row?.addresses ?? 0, history: row?.history ?? 0 };
}
