/**
 * Applies one collector batch to the IP database in one transaction, idempotently: a batch sent
 * twice changes nothing the second time (every upsert writes only when a value really changes,
 * and recency is decided by the observation's own time, not by arrival order), and the data
 * version is bumped once, only when the batch changed what the detection API answers from.
 *
 * - VPNs are matched by name, case-insensitively. A VPN new to the database is created under the
 *   vendor an observation names (a new vendor gets origin country `ZZ`, "unknown", until an
 *   operator sets it) and flagged `needs_review`; items of a new VPN that no item gives a vendor
 *   for are refused with `unknown_vendor`, never silently dropped.
 * - `ips`: one row per address; the newest observation (by time) decides the VPN and location;
 *   `first_seen` / `last_seen` only widen.
 * - `ip_history`: one row per address and UTC day (its key); the latest observation of the day wins.
 *   Both in one statement that skips rows already at the outcome (upsert-observations.ts).
 * - `subdomains` / `subdomain_history`: a host name's newest resolution (by time) moves it to its
 *   address or marks it dead (`ip: null`); a change writes a history row dated that day.
 *
 * Rows are written in address order, so two concurrent batches lock shared rows in the same order
 * and cannot deadlock.
 */
import type { RefusedItem } from '@tunnelscope/contracts';
import { sql, type Transaction } from 'kysely';
import type { IngestDatabase, IngestDb } from '../db/schema.js';
import { upsertObservations } from './upsert-observations.js';
import type { ValidObservation, ValidResolution } from './validate-items.js';

type Trx = Transaction<IngestDatabase>;
type Indexed<T> = T & { index: number };

/** A vendor created for a collector's new VPN gets this until an operator knows better. */
export const UNKNOWN_ORIGIN_COUNTRY = 'ZZ';

export interface BatchOutcome {
  accepted: { observations: number; resolutions: number };
  changed: { addresses: number; history: number; hostnames: number };
  createdVpns: string[];
  dataVersion: number | null;
  refused: RefusedItem[];
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The VPN id of every name the batch uses, creating new VPNs under their vendor. Names without a
 * VPN and without any vendor to create it under are left out (their items are refused).
 */
async function resolveVpns(
  trx: Trx,
  observations: readonly Indexed<ValidObservation>[],
  resolutions: readonly Indexed<ValidResolution>[],
): Promise<{ ids: Map<string, number>; created: string[] }> {
  const names = new Map<string, string>();
  for (const item of [...observations, ...resolutions]) {
    const key = item.vpn.toLowerCase();
    if (!names.has(key)) names.set(key, item.vpn);
  }
  const ids = new Map<string, number>();
  if (names.size === 0) return { ids, created: [] };
  const known = await sql<{ id: number; name: string }>`
    select id, name from vpns where lower(name) = any(${[...names.keys()]}::text[])
  `.execute(trx);
  for (const row of known.rows) ids.set(row.name.toLowerCase(), row.id);

  const created: string[] = [];
  for (const [key, name] of [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (ids.has(key)) continue;
    const vendor = observations.find((o) => o.vpn.toLowerCase() === key && o.vendor)?.vendor;
    if (!vendor) continue;
    await sql`
      insert into vendors (name, origin_country) values (${vendor}, ${UNKNOWN_ORIGIN_COUNTRY})
      on conflict (name) do nothing
    `.execute(trx);
    const inserted = await sql<{ id: number }>`
      insert into vpns (vendor_id, name, needs_review)
      select id, ${name}, true from vendors where name = ${vendor}
      on conflict (name) do nothing
      returning id
    `.execute(trx);
    if (inserted.rows[0]) {
      ids.set(key, inserted.rows[0].id);
      created.push(name);
    } else {
      // Created meanwhile by a concurrent batch (the unique name decided): use it.
      const row = await sql<{ id: number }>`select id from vpns where name = ${name}`.execute(trx);
      if (row.rows[0]) ids.set(key, row.rows[0].id);
    }
  }
  return { ids, created };
}

/** The newest item per key (ties: the later item in the batch). */
function newestBy<T extends { at: Date }>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const seen = out.get(key);
    if (!seen || item.at.getTime() >= seen.at.getTime()) out.set(key, item);
  }
  return out;
}

interface SubdomainRow {
  id: number;
  name: string;
  address: string | null;
  status: 'live' | 'dead';
  vpn_id: number;
  last_checked: Date;
}

/** Moves each host name to its newest resolution; returns how many changed address or status. */
async function applyResolutions(
  trx: Trx,
  resolutions: readonly (ValidResolution & { vpnId: number })[],
): Promise<number> {
  const newest = [...newestBy(resolutions, (r) => r.hostname).values()].sort((a, b) =>
    a.hostname < b.hostname ? -1 : 1,
  );
  if (newest.length === 0) return 0;
  const existing = await sql<SubdomainRow>`
    select id, name, host(address) as address, status, vpn_id, last_checked
    from subdomains where name = any(${newest.map((r) => r.hostname)}::text[])
    order by name
    for update
  `.execute(trx);
  const byName = new Map(existing.rows.map((row) => [row.name, row]));
  let changed = 0;
  for (const r of newest) {
    const status = r.address ? 'live' : 'dead';
    const row = byName.get(r.hostname);
    if (!row) {
      const inserted = await sql<{ id: number }>`
        insert into subdomains (name, vpn_id, address, status, first_seen, last_checked)
        values (${r.hostname}, ${r.vpnId}, ${r.address}::inet, ${status}, ${day(r.at)}::date, ${r.at})
        on conflict (name) do nothing
        returning id
      `.execute(trx);
      const id = inserted.rows[0]?.id;
      if (id !== undefined && r.address) {
        await sql`
          insert into subdomain_history (subdomain_id, address, status, seen_on)
          values (${id}, ${r.address}::inet, 'live', ${day(r.at)}::date)
        `.execute(trx);
      }
      if (id !== undefined) changed++;
      continue;
    }
    // An older or the same resolution (a retry) changes nothing.
    if (r.at.getTime() <= row.last_checked.getTime()) continue;
    const address = r.address ?? row.address;
    const moved = status !== row.status || address !== row.address || r.vpnId !== row.vpn_id;
    await sql`
      update subdomains
      set address = ${address}::inet, status = ${status}, vpn_id = ${r.vpnId}, last_checked = ${r.at}
      where id = ${row.id}
    `.execute(trx);
    if (!moved) continue;
    changed++;
    if (address) {
      await sql`
        insert into subdomain_history (subdomain_id, address, status, seen_on)
        values (${row.id}, ${address}::inet, ${status}, ${day(r.at)}::date)
      `.execute(trx);
    }
  }
  return changed;
}

/**
 * Every `ips` and `ip_history` row written runs PostgreSQL's foreign-key check on `vpn_id`
 * (`select 1 from vpns where id = $1 for key share`), 10,000 of them for a fresh batch of 5,000.
 * `vpns` is a few pages, so the planner scans it whole for each check, and that scan was most of
 * a fresh batch's time (bench/ingest: 590 ms a batch on the large dataset, 135 ms with the checks
 * dropped on a scratch copy; slowest for a VPN on the table's last page — a newly created one).
 * The check's plan is made inside this transaction (PostgreSQL plans it on first use and on every
 * invalidation, per connection, and only this module writes those tables), so asking for index
 * scans here makes each check one primary-key probe. Everything else this transaction reads is
 * found by index already (the lookup of VPN names scans `vpns` either way).
 */
async function preferIndexScans(trx: Trx): Promise<void> {
  await sql`set local enable_seqscan = off`.execute(trx);
}

export async function applyBatch(
  db: IngestDb,
  observations: readonly Indexed<ValidObservation>[],
  resolutions: readonly Indexed<ValidResolution>[],
): Promise<BatchOutcome> {
  return db.transaction().execute(async (trx) => {
    await preferIndexScans(trx);
    const { ids, created } = await resolveVpns(trx, observations, resolutions);
    const refused: RefusedItem[] = [];
    const withVpn = <T extends Indexed<{ vpn: string }>>(items: readonly T[], list: RefusedItem['list']) =>
      items.flatMap((item) => {
        const vpnId = ids.get(item.vpn.toLowerCase());
        if (vpnId !== undefined) return [{ ...item, vpnId }];
        refused.push({
          list,
          index: item.index,
          code: 'unknown_vendor',
          detail: `The VPN ${JSON.stringify(item.vpn)} is new to the database and no observation in the batch names its vendor.`,
        });
        return [];
      });
    const obs = withVpn(observations, 'observations');
    const res = withVpn(resolutions, 'resolutions');

    const { addresses, history } = await upsertObservations(trx, obs);
    const hostnames = await applyResolutions(trx, res);

    let dataVersion: number | null = null;
    if (addresses + history + hostnames + created.length > 0) {
      // Once per applied batch, in its transaction: lookup replicas swap to it (ipdb-schema README).
      const bumped = await sql<{ version: string }>`
        update data_version set version = version + 1, changed_at = now() where id = 1
        returning version::text as version
      `.execute(trx);
      dataVersion = bumped.rows[0] ? Number(bumped.rows[0].version) : null;
    }
    return {
      accepted: { observations: obs.length, resolutions: res.length },
      changed: { addresses, history, hostnames },
      createdVpns: created,
      dataVersion,
      refused,
    };
  });
}
