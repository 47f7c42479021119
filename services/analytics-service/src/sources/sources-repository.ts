/**
 * What fed the IP database lately, for the Database Analytics tab's "Data sources" section
 * (issue 17 item 4). ingest-service writes these tables (packages/ipdb-schema migration
 * 20261126000000_ingest); this service only reads them. Each read is an index probe or a count
 * over a feed's own rows: nothing here scans `ips` or `ip_history`.
 */
import { sql, type Kysely } from 'kysely';
import {
  FEEDS,
  type CollectorStatus,
  type FeedName,
  type FeedStatus,
  type IngestStatus,
} from '@tunnelscope/contracts';
import type { IpdbDatabase } from '../ipdb/schema.js';

type Db = Kysely<IpdbDatabase>;

/** Collectors listed at most (a fleet is a few dozen machines; the cap keeps the answer bounded). */
export const COLLECTORS_LIMIT = 500;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

interface FeedRow {
  feed: FeedName;
  ranges: number;
  started_at: Date | null;
  finished_at: Date | null;
  source: string | null;
  parsed: number | null;
  added: number | null;
  removed: number | null;
  unchanged: number | null;
  kept_previous: boolean | null;
  error: string | null;
}

/**
 * Every feed, run or not, in `FEEDS` order: its newest run (`feed_runs_feed_started_idx`) and the
 * count of its rows in `feed_ranges` (the primary key's leading column).
 */
export async function readFeedStatus(db: Db): Promise<FeedStatus[]> {
  const { rows } = await sql<FeedRow>`
    select f.feed, r.started_at, r.finished_at, r.source, r.parsed, r.added, r.removed, r.unchanged,
      r.kept_previous, r.error,
      (select count(*)::int from feed_ranges fr where fr.feed = f.feed) as ranges
    from unnest(${sql.val([...FEEDS])}::text[]) with ordinality as f(feed, position)
    left join lateral (
      select * from feed_runs fr where fr.feed = f.feed order by fr.started_at desc, fr.id desc limit 1
    ) r on true
    order by f.position
  `.execute(db);
  return rows.map((row) => ({
    feed: row.feed,
    ranges: row.ranges,
    lastRun:
      row.started_at && row.finished_at
        ? {
            startedAt: row.started_at.toISOString(),
            finishedAt: row.finished_at.toISOString(),
            source: row.source ?? '',
            parsed: row.parsed ?? 0,
            added: row.added ?? 0,
            removed: row.removed ?? 0,
            unchanged: row.unchanged ?? 0,
            keptPrevious: row.kept_previous ?? false,
            error: row.error,
          }
        : null,
  }));
}

interface CollectorRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  vpn_name: string | null;
  status: 'success' | 'failed' | null;
  started_at: Date | null;
  finished_at: Date | null;
  observed: number | null;
  received_at: Date | null;
}

/**
 * Every collector with its newest report by the time it arrived (a late retry of an old run is
 * not "the last report"). Active collectors first, then by name.
 */
export async function readCollectorStatus(db: Db): Promise<CollectorStatus[]> {
  const { rows } = await sql<CollectorRow>`
    select c.id, c.name, c.created_at, c.revoked_at, c.last_used_at,
      r.vpn_name, r.status, r.started_at, r.finished_at, r.observed, r.received_at
    from collectors c
    left join lateral (
      select cr.vpn_name, cr.status, cr.started_at, cr.finished_at, cr.observed, cr.received_at
      from collector_reports cr
      where cr.collector_id = c.id
      order by cr.received_at desc, cr.id desc
      limit 1
    ) r on true
    order by c.revoked_at is not null, c.name, c.id
    limit ${COLLECTORS_LIMIT}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
    lastReport:
      row.vpn_name !== null && row.status && row.started_at && row.finished_at && row.received_at
        ? {
            vpn: row.vpn_name,
            status: row.status,
            startedAt: row.started_at.toISOString(),
            finishedAt: row.finished_at.toISOString(),
            observed: row.observed ?? 0,
            receivedAt: row.received_at.toISOString(),
          }
        : null,
  }));
}

/** VPNs a collector created that an operator has not reviewed yet (`vpns` has hundreds of rows). */
export async function countVpnsNeedingReview(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from vpns where needs_review`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** The whole section: three short reads side by side on the request pool. */
export async function readIngestStatus(db: Db): Promise<IngestStatus> {
  const [feeds, collectors, vpnsNeedingReview] = await Promise.all([
    readFeedStatus(db),
    readCollectorStatus(db),
    countVpnsNeedingReview(db),
  ]);
  return { feeds, collectors, vpnsNeedingReview };
}
