/**
 * The Database Analytics tab's "Data sources" section (issue 17 item 4): what fed the IP
 * database lately. For each public feed its last run (the newest `feed_runs` row) and how many
 * ranges it lists now (`feed_ranges`); for each collector its token's dates and its last run
 * report (`collector_reports`); and how many VPNs a collector created that nobody reviewed yet
 * (`vpns.needs_review`). analytics-service answers it from the IP database.
 */
import { z } from 'zod';
import { FEEDS, RUN_STATUSES } from './ingest-api.js';

/** `GET /vpn-db/sources`, relative to the `/admin-<hex>` prefix: read-only, both roles. */
export const INGEST_STATUS_API = { method: 'GET', path: '/vpn-db/sources' } as const;

const count = z.number().int().min(0);
/** ISO 8601 times, as the service writes them (`Date#toISOString`). */
const time = z.string().max(40);

/** A feed's newest run, whether its data was applied or the previous data kept. */
export const feedLastRunSchema = z.object({
  startedAt: time,
  finishedAt: time,
  /** The URL (or URLs, comma-separated) the run fetched. */
  source: z.string().max(4000),
  parsed: count,
  added: count,
  removed: count,
  unchanged: count,
  /** True when the run's data was not applied: it failed, or parsed to less than half of the last. */
  keptPrevious: z.boolean(),
  error: z.string().max(4000).nullable(),
});
export type FeedLastRun = z.infer<typeof feedLastRunSchema>;

export const feedStatusSchema = z.object({
  feed: z.enum(FEEDS),
  /** Null when the feed has never run. */
  lastRun: feedLastRunSchema.nullable(),
  /** The networks the feed lists now (its rows in `feed_ranges`). */
  ranges: count,
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** A collector's newest run report (by the time it was received). */
export const collectorLastReportSchema = z.object({
  vpn: z.string().max(100),
  status: z.enum(RUN_STATUSES),
  startedAt: time,
  finishedAt: time,
  observed: count,
  receivedAt: time,
});
export type CollectorLastReport = z.infer<typeof collectorLastReportSchema>;

export const collectorStatusSchema = z.object({
  id: z.string().max(64),
  name: z.string().max(100),
  createdAt: time,
  /** When its token was revoked; null while it works. */
  revokedAt: time.nullable(),
  /** The last call its token authenticated; null if never used. */
  lastUsedAt: time.nullable(),
  lastReport: collectorLastReportSchema.nullable(),
});
export type CollectorStatus = z.infer<typeof collectorStatusSchema>;

export const ingestStatusSchema = z.object({
  /** One entry per feed, in `FEEDS` order (tor, relay, cloud), whether it ever ran or not. */
  feeds: z.array(feedStatusSchema),
  /** Every collector, active ones first, then by name. */
  collectors: z.array(collectorStatusSchema),
  /** VPNs a collector reported that nobody had created, still flagged for review. */
  vpnsNeedingReview: count,
});
export type IngestStatus = z.infer<typeof ingestStatusSchema>;

/**
 * The answer. An unreachable IP database answers 200 `{ success: false, networkError: true, … }`
 * (`ipDatabaseOfflineSchema`), as every `/vpn-db` call does.
 */
export const ingestStatusResponseSchema = z.object({
  success: z.literal(true),
  data: ingestStatusSchema,
  /** When the server read it (ISO); the section is always live, never cached. */
  generatedAt: time,
});
export type IngestStatusResponse = z.infer<typeof ingestStatusResponseSchema>;
