/**
 * The collection list collectors read (`GET /ingest/v1/targets`): VPNs with automation on, and
 * every VPN on `collection_targets` — put there when an operator completes a public VPN request
 * (or by hand) — whether or not the database knows it yet, so a requested VPN gets collected.
 */
import type { CollectionTarget } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import type { IngestDb } from '../db/schema.js';

export async function listTargets(db: IngestDb): Promise<CollectionTarget[]> {
  const rows = await sql<{
    vpn: string;
    vendor: string | null;
    reason: CollectionTarget['reason'];
    last_run: Date | null;
    status: string | null;
  }>`
    select coalesce(v.name, t.vpn_name) as vpn, vd.name as vendor,
      coalesce(t.reason, 'automation') as reason, v.last_run, v.status
    from collection_targets t
    full join vpns v on lower(v.name) = lower(t.vpn_name)
    left join vendors vd on vd.id = v.vendor_id
    where t.vpn_name is not null or v.automation
    order by lower(coalesce(v.name, t.vpn_name))
  `.execute(db);
  return rows.rows.map((r) => ({
    vpn: r.vpn,
    vendor: r.vendor,
    reason: r.reason,
    lastRun: r.last_run ? r.last_run.toISOString() : null,
    status: r.status,
  }));
}

/** Puts a VPN on the collection list (idempotent: the first reason stays). */
export async function addTarget(
  db: IngestDb,
  target: { vpnName: string; reason: 'vpn_request' | 'manual'; requestNumber?: string | null },
): Promise<boolean> {
  const result = await sql`
    insert into collection_targets (vpn_name, reason, request_number)
    values (${target.vpnName}, ${target.reason}, ${target.requestNumber ?? null})
    on conflict do nothing
    returning 1
  `.execute(db);
  return result.rows.length > 0;
}
