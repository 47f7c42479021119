/**
 * A reviewer's work on the records of the three form lists (Waitlist, VPN Requests, Contacts;
 * issue 16): bulk actions over a selection, "select all N matching", the selection's rows for an
 * export, a record's detail with its history, and the refusal of a stale edit (409).
 */
import { z } from 'zod';
import { CSV_EXPORT_LIMIT } from './admin-constants.js';
import { RECORD_STATUSES } from './constants.js';
import { contactRowSchema, logRowSchema, vpnRequestRowSchema, waitlistEntrySchema } from './admin-review.js';

export const RECORD_MESSAGES = {
  idsRequired: 'Select at least one row',
  tooManyIds: `At most ${CSV_EXPORT_LIMIT} rows at a time`,
  duplicateIds: 'Each row may be selected once',
  invalidId: 'Every id must be a UUID',
  invalidAction: 'Action must be set_status or delete',
  invalidStatus: 'Status must be Waiting, Pending or Complete',
} as const;

/**
 * Largest body of the calls that carry a selection (`bulk`, `rows`): 10,000 UUIDs in JSON are
 * about 390 KB. forms-service sets it on those routes and the gateway mirrors it.
 */
export const RECORD_IDS_BODY_LIMIT_BYTES = 512 * 1024;
/** The paths, below a list's, of the calls that carry a selection. */
export const RECORD_SELECTION_PATHS = ['bulk', 'rows'] as const;

/** The three form lists, as their paths name them. */
export const RECORD_LISTS = ['waitlist', 'vpn-requests', 'contacts'] as const;
export type RecordList = (typeof RECORD_LISTS)[number];

/** 1 to CSV_EXPORT_LIMIT distinct UUIDs (the cap of an export is the cap of a selection). */
export const recordIdsSchema = z
  .array(z.uuid({ error: RECORD_MESSAGES.invalidId }), { error: RECORD_MESSAGES.idsRequired })
  .min(1, RECORD_MESSAGES.idsRequired)
  .max(CSV_EXPORT_LIMIT, RECORD_MESSAGES.tooManyIds)
  .refine(
    (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
    RECORD_MESSAGES.duplicateIds,
  );

/** `POST /data/<list>/bulk`: set the status of, or delete, the selected rows, in one transaction. */
export const bulkActionRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      ids: recordIdsSchema,
      action: z.literal('set_status'),
      status: z.enum(RECORD_STATUSES, { error: RECORD_MESSAGES.invalidStatus }),
    }),
    z.strictObject({ ids: recordIdsSchema, action: z.literal('delete') }),
  ],
  { error: RECORD_MESSAGES.invalidAction },
);
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;
export type BulkAction = BulkActionRequest['action'];

/**
 * `changed`: rows whose status changed (or that were deleted); `unchanged`: rows found that
 * already had that status; `notFound`: ids that named no row (deleted meanwhile, say).
 */
export const bulkActionResultSchema = z.object({
  changed: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  notFound: z.number().int().min(0),
});
export type BulkActionResult = z.infer<typeof bulkActionResultSchema>;
export const bulkActionResponseSchema = z.object({ success: z.literal(true), data: bulkActionResultSchema });

/** `GET /data/<list>/ids?<the list's query>`: "select all N matching", up to CSV_EXPORT_LIMIT. */
export const matchingIdsSchema = z.object({
  ids: z.array(z.uuid()),
  /** How many rows match (a lower bound when `capped`). */
  total: z.number().int().min(0),
  /** More rows match than `ids` holds. */
  capped: z.boolean(),
});
export type MatchingIds = z.infer<typeof matchingIdsSchema>;
export const matchingIdsResponseSchema = z.object({ success: z.literal(true), data: matchingIdsSchema });

/** `POST /data/<list>/rows` `{ ids }`: the selected rows (for an export of a selection). */
export const recordRowsRequestSchema = z.strictObject({ ids: recordIdsSchema });
export const waitlistRowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(waitlistEntrySchema) }),
});
export const vpnRequestRowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(vpnRequestRowSchema) }),
});
export const contactRowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(contactRowSchema) }),
});

/**
 * One line of a record's history, newest first: an operator's change from the admin audit
 * (`kind: 'admin'`, `who` the username) or the visitor's own event for the record's e-mail
 * address from the registration logs (`kind: 'visitor'`, `who` the address).
 */
export const historyEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(['admin', 'visitor']),
  who: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Each of the two sources answers at most this many entries (the newest). */
export const HISTORY_LIMIT = 100;

/** A stored column's value as the drawer shows it. */
export const storedValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * `GET /data/<list>/:id`: the row as the list answers it, every stored field but the code's
 * secrets (`fields`, column name → value, timestamps as ISO), and the history.
 */
function recordDetailResponse<Row extends z.ZodType>(row: Row) {
  return z.object({
    success: z.literal(true),
    data: z.object({
      row,
      fields: z.record(z.string(), storedValueSchema),
      history: z.array(historyEntrySchema),
    }),
  });
}
export const waitlistDetailResponseSchema = recordDetailResponse(waitlistEntrySchema);
export const vpnRequestDetailResponseSchema = recordDetailResponse(vpnRequestRowSchema);
export const contactDetailResponseSchema = recordDetailResponse(contactRowSchema);
/** Any of the three (the drawer is one component for the three lists). */
export const recordDetailResponseSchema = recordDetailResponse(
  z.union([waitlistEntrySchema, vpnRequestRowSchema, contactRowSchema]),
);
export type RecordDetail = z.infer<typeof recordDetailResponseSchema>['data'];

/** What a stale PATCH is told the row holds now. */
export const currentReviewStateSchema = z.object({
  status: z.enum(RECORD_STATUSES),
  notes: z.string(),
  version: z.number().int().min(1),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CurrentReviewState = z.infer<typeof currentReviewStateSchema>;

export const VERSION_CONFLICT_CODE = 'version_conflict';

/** "Changed by <username> at <ISO time>": the refusal's wording. */
export function versionConflictMessage(state: Pick<CurrentReviewState, 'updatedBy' | 'updatedAt'>): string {
  return `Changed by ${state.updatedBy ?? 'someone else'} at ${state.updatedAt ?? 'an unknown time'}`;
}

/** HTTP 409 of a PATCH whose `version` is not the row's: nothing was written. */
export const versionConflictSchema = z.object({
  success: z.literal(false),
  // The admin error shape: `error` is the code, `message` says who changed the row and when.
  error: z.literal('CONFLICT'),
  message: z.string(),
  code: z.literal(VERSION_CONFLICT_CODE),
  current: currentReviewStateSchema,
  requestId: z.string().optional(),
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

// ---- Logs: bulk work on visitor rows (issue 16) ----

export const LOG_SELECTION_MESSAGES = {
  visitorOnly: 'Only visitor log rows can be selected (admin audit rows are kept)',
} as const;

/**
 * 1 to CSV_EXPORT_LIMIT distinct visitor log ids (`visitor:<n>`). Admin rows are audit rows that
 * cannot be deleted (DECISIONS), so they are never part of a selection.
 */
export const visitorLogIdsSchema = z
  .array(
    z
      .string()
      .max(32)
      .regex(/^visitor:[1-9]\d{0,17}$/, LOG_SELECTION_MESSAGES.visitorOnly),
    {
      error: RECORD_MESSAGES.idsRequired,
    },
  )
  .min(1, RECORD_MESSAGES.idsRequired)
  .max(CSV_EXPORT_LIMIT, RECORD_MESSAGES.tooManyIds)
  .refine((ids) => new Set(ids).size === ids.length, RECORD_MESSAGES.duplicateIds);

/** `POST /data/logs/bulk` `{ ids, action: "delete" }`: one transaction; answers bulkActionResponseSchema. */
export const logBulkRequestSchema = z.strictObject({
  ids: visitorLogIdsSchema,
  action: z.literal('delete', { error: 'Action must be delete' }),
});
export type LogBulkRequest = z.infer<typeof logBulkRequestSchema>;

/** `GET /data/logs/ids?<the Logs query>`: the matching visitor rows' ids, up to CSV_EXPORT_LIMIT. */
export const logMatchingIdsSchema = matchingIdsSchema.extend({ ids: z.array(z.string()) });
export const logMatchingIdsResponseSchema = z.object({
  success: z.literal(true),
  data: logMatchingIdsSchema,
});

/** `POST /data/logs/rows` `{ ids }`: the selected visitor rows (for an export of a selection). */
export const logRowsRequestSchema = z.strictObject({ ids: visitorLogIdsSchema });
export const logRowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(logRowSchema) }),
});
