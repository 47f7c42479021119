import type { ColumnType, Kysely } from 'kysely';

/**
 * The IP database tables this service writes or reads (packages/ipdb-schema defines them).
 * Bulk writes go through SQL with unnest arrays (observations/upsert-observations.ts, feeds/apply-feed.ts); these
 * types serve the small queries.
 */
export interface CollectorsTable {
  id: string;
  name: string;
  token_hash: Buffer;
  created_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export interface VpnsTable {
  id: ColumnType<number, never, never>;
  vendor_id: number;
  name: string;
  automation: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<string, string | undefined, string>;
  last_updated: Date | null;
  last_run: Date | null;
  needs_review: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface VendorsTable {
  id: ColumnType<number, never, never>;
  name: string;
  origin_country: string;
}

export interface CollectionTargetsTable {
  vpn_name: string;
  reason: 'vpn_request' | 'manual';
  request_number: string | null;
  added_at: ColumnType<Date, Date | undefined, never>;
}

export interface FeedRunsTable {
  id: ColumnType<number, never, never>;
  feed: string;
  started_at: Date;
  finished_at: Date;
  source: string;
  fetched_bytes: number;
  parsed: number;
  added: number;
  removed: number;
  unchanged: number;
  kept_previous: boolean;
  error: string | null;
}

export interface CollectorReportsTable {
  id: ColumnType<number, never, never>;
  collector_id: string;
  vpn_name: string;
  started_at: Date;
  finished_at: Date;
  status: 'success' | 'failed';
  observed: number;
  received_at: ColumnType<Date, Date | undefined, never>;
}

export interface IngestDatabase {
  collectors: CollectorsTable;
  vpns: VpnsTable;
  vendors: VendorsTable;
  collection_targets: CollectionTargetsTable;
  feed_runs: FeedRunsTable;
  collector_reports: CollectorReportsTable;
}

export type IngestDb = Kysely<IngestDatabase>;
