/**
 * The ingest API (`/ingest/v1/*`, answered by ingest-service, issue 17): what our VPN collection
 * agents send — exit addresses they observed, hostnames they resolved, run reports — and the list
 * of VPNs they are asked to cover. Authenticated by a collector token in `Authorization: Bearer`;
 * errors are RFC 9457 problems like the detection API's.
 */
import { z } from 'zod';

export const INGEST_API_PREFIX = '/ingest/v1';

export const INGEST_API = {
  observations: { method: 'POST', path: '/ingest/v1/observations' },
  runs: { method: 'POST', path: '/ingest/v1/runs' },
  targets: { method: 'GET', path: '/ingest/v1/targets' },
} as const;

/**
 * `ts_col_` + 32 random base62 characters + a 6-character base62 checksum of those 32 (the API
 * key's scheme with its own prefix): a typo is refused without a look-up, and secret scanners can
 * tell a leaked collector token from a leaked API key.
 */
export const COLLECTOR_TOKEN_PREFIX = 'ts_col_';
export const COLLECTOR_TOKEN_PATTERN = /^ts_col_[A-Za-z0-9]{38}$/;

/** Observations and resolutions together, per request; more is 413 `batch_too_large`. */
export const INGEST_BATCH_MAX_ITEMS = 5000;

const name = z.string().trim().min(1).max(100);
const instant = z.iso.datetime({ offset: true });
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals');
// RFC 1123 host names: labels of letters, digits and hyphens, at most 253 characters.
const hostname = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/,
    'a host name',
  );

/** One exit address a collector saw while connected to `vpn`. */
export const observationSchema = z.strictObject({
  vpn: name,
  /** The company behind the VPN; needed only when the VPN is new to the database. */
  vendor: name.optional(),
  ip: z.string().max(64),
  observedAt: instant,
  location: z.strictObject({ country: countryCode, city: z.string().trim().min(1).max(100) }).optional(),
  protocol: z.string().trim().min(1).max(32).optional(),
});
export type Observation = z.infer<typeof observationSchema>;

/** What a VPN server's host name resolved to (`ip: null`: it no longer resolves — the server is dead). */
export const resolutionSchema = z.strictObject({
  hostname,
  vpn: name,
  ip: z.string().max(64).nullable(),
  resolvedAt: instant,
});
export type Resolution = z.infer<typeof resolutionSchema>;

/**
 * The body: both lists optional. Items are checked one by one (a bad item is refused with its
 * reason and the rest applied), so the body schema only checks that each list is a list.
 */
export const ingestBatchSchema = z.strictObject({
  observations: z.array(z.unknown()).optional(),
  resolutions: z.array(z.unknown()).optional(),
});

export const INGEST_ITEM_ERRORS = {
  invalid_item: 'The item does not have the documented shape.',
  invalid_ip: 'The ip is not one IPv4 or IPv6 address.',
  special_purpose_ip: 'The ip is a private, loopback, documentation or other special-purpose address.',
  unknown_vendor: 'The VPN is new to the database and the item names no vendor to create it under.',
  future_timestamp: 'The timestamp is more than five minutes in the future.',
} as const;
export type IngestItemErrorCode = keyof typeof INGEST_ITEM_ERRORS;

export const refusedItemSchema = z.object({
  list: z.enum(['observations', 'resolutions']),
  index: z.number().int().nonnegative(),
  code: z.enum(Object.keys(INGEST_ITEM_ERRORS) as [IngestItemErrorCode, ...IngestItemErrorCode[]]),
  detail: z.string(),
});
export type RefusedItem = z.infer<typeof refusedItemSchema>;

export const ingestBatchResponseSchema = z.object({
  /** Items accepted (valid), whether or not they changed anything. */
  accepted: z.object({ observations: z.number().int(), resolutions: z.number().int() }),
  /** Rows the batch changed; 0 for a batch sent twice. */
  changed: z.object({ addresses: z.number().int(), history: z.number().int(), hostnames: z.number().int() }),
  /** VPNs created by this batch (flagged for review in the back-office). */
  createdVpns: z.array(z.string()),
  /** The data version after the batch (bumped once when it changed anything), or null when nothing changed. */
  dataVersion: z.number().int().nullable(),
  refused: z.array(refusedItemSchema),
});
export type IngestBatchResponse = z.infer<typeof ingestBatchResponseSchema>;

export const RUN_STATUSES = ['success', 'failed'] as const;
export const runReportSchema = z.strictObject({
  vpn: name,
  startedAt: instant,
  finishedAt: instant,
  status: z.enum(RUN_STATUSES),
  observed: z.number().int().min(0).max(10_000_000),
});
export type RunReport = z.infer<typeof runReportSchema>;
export const runReportResponseSchema = z.object({
  vpn: z.string(),
  status: z.enum(RUN_STATUSES),
  lastRun: z.string(),
  /** False when the same report had already been received (a retry). */
  recorded: z.boolean(),
});

export const collectionTargetSchema = z.object({
  vpn: z.string(),
  vendor: z.string().nullable(),
  reason: z.enum(['vpn_request', 'automation', 'manual']),
  lastRun: z.string().nullable(),
  status: z.string().nullable(),
});
export const targetsResponseSchema = z.object({ targets: z.array(collectionTargetSchema) });
export type CollectionTarget = z.infer<typeof collectionTargetSchema>;

export const INGEST_ERRORS = {
  invalid_body: { status: 400, title: 'Invalid request body' },
  missing_token: { status: 401, title: 'Missing collector token' },
  invalid_token: { status: 401, title: 'Invalid collector token' },
  revoked_token: { status: 401, title: 'Revoked collector token' },
  not_found: { status: 404, title: 'Not found' },
  unknown_vpn: { status: 404, title: 'Unknown VPN' },
  batch_too_large: { status: 413, title: 'Batch too large' },
  rate_limited: { status: 429, title: 'Too many requests' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const;
export type IngestErrorCode = keyof typeof INGEST_ERRORS;

/** `type` of an ingest problem: a URN, since no public page documents this internal API. */
export function ingestProblemType(code: IngestErrorCode): string {
  return `urn:tunnelscope:ingest:${code}`;
}

// ---------------------------------------------------------------------------------------------
// Public feeds

export const FEEDS = ['tor', 'relay', 'cloud'] as const;
export type FeedName = (typeof FEEDS)[number];

/** A feed run's log row, as `pnpm feeds:run` prints it and the back-office shows it. */
export const feedRunSchema = z.object({
  feed: z.enum(FEEDS),
  startedAt: z.string(),
  finishedAt: z.string(),
  source: z.string(),
  fetchedBytes: z.number().int(),
  parsed: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  durationMs: z.number().int(),
  keptPrevious: z.boolean(),
  error: z.string().nullable(),
});
export type FeedRun = z.infer<typeof feedRunSchema>;
