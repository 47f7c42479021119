/**
 * The operators' review calls (the Overview, and the Waitlist, VPN Requests, Contacts and Logs
 * lists): the rows as answered, the list queries with their filters and whitelisted sort columns,
 * the status-and-notes update, the overview stats and their percentages, and what each value of
 * the logs' action filter matches.
 */
import { z } from 'zod';
import { RECORD_STATUSES, type RecordStatus } from './constants.js';
import { filterField, listQuerySchema, paginationSchema } from './admin-api.js';

/** Messages of the review calls that the spec does not word. */
export const REVIEW_MESSAGES = {
  entryNotFound: 'Entry not found',
  logNotFound: 'Log entry not found',
  adminLogProtected: 'Admin audit log entries cannot be deleted',
  invalidStatus: 'Status must be Waiting, Pending or Complete',
  notesTooLong: 'Notes must not exceed 5000 characters',
  nothingToUpdate: 'Send a status, notes or both',
  updated: 'Updated successfully',
  deleted: 'Entry deleted successfully',
} as const;

export const NOTES_MAX_LENGTH = 5000;

// ---- rows as answered ----
const recordStatusSchema = z.enum(RECORD_STATUSES, { error: REVIEW_MESSAGES.invalidStatus });

/**
 * What every row of the three form lists carries for concurrent editing (issue 16): `version`
 * starts at 1 and goes up by one at every status or notes change; `updatedAt` is the row's last
 * change (ISO) and `updatedBy` the operator who last changed its status or notes (null when none).
 */
const reviewBookkeeping = {
  version: z.number().int().min(1),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const waitlistEntrySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  company: z.string().nullable(),
  useCase: z.string().nullable(),
  isVerified: z.boolean(),
  status: recordStatusSchema,
  notes: z.string(),
  createdAt: z.string(),
  ipAddress: z.string().nullable(),
  ...reviewBookkeeping,
});
export type WaitlistEntryRow = z.infer<typeof waitlistEntrySchema>;

export const vpnRequestRowSchema = z.object({
  id: z.uuid(),
  vpnName: z.string(),
  userEmail: z.string(),
  playstoreLink: z.string(),
  /** What the visitor wrote about the VPN (not a column of the spec's table; shown on hover). */
  additionalInfo: z.string(),
  requestNumber: z.string().nullable(),
  isVerified: z.boolean(),
  status: recordStatusSchema,
  notes: z.string(),
  createdAt: z.string(),
  ...reviewBookkeeping,
});
export type VpnRequestRow = z.infer<typeof vpnRequestRowSchema>;

export const contactRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  isVerified: z.boolean(),
  status: recordStatusSchema,
  notes: z.string(),
  createdAt: z.string(),
  ...reviewBookkeeping,
});
export type ContactRow = z.infer<typeof contactRowSchema>;

/** Where a merged log row comes from: `admin_logs` or the visitors' `registration_logs`. */
export const LOG_TYPES = ['admin', 'visitor'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/**
 * A row of the merged Logs list (visitors' attempts and operators' actions in one time order).
 * `id` names its source and row (`visitor:123`, `admin:<uuid>`), so ids of the two tables never
 * collide. `email` is the visitor's e-mail, or the operator's username on admin rows.
 * `errorMessage` is the visitor row's error text, or on admin rows an object with `error` or
 * `message` when the action failed.
 */
export const logRowSchema = z.object({
  id: z.string(),
  type: z.enum(LOG_TYPES),
  email: z.string().nullable(),
  action: z.string(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  errorMessage: z
    .union([z.string(), z.object({ error: z.string().optional(), message: z.string().optional() })])
    .nullable(),
  /** Admin rows: what was acted on. */
  resource: z.string().nullable(),
  resourceId: z.string().nullable(),
  /** Visitor rows: `additional_data`; admin rows: the audit details. */
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type LogRow = z.infer<typeof logRowSchema>;

// ---- list queries ----
const verifiedFilter = filterField(['true', 'false']);

export const WAITLIST_SORT_COLUMNS = ['createdAt', 'email'] as const;
export const waitlistListQuerySchema = listQuerySchema({
  sortColumns: WAITLIST_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: { verified: verifiedFilter },
});
export type WaitlistListQuery = z.input<typeof waitlistListQuerySchema>;

export const VPN_REQUEST_SORT_COLUMNS = ['createdAt', 'vpnName', 'userEmail'] as const;
export const vpnRequestListQuerySchema = listQuerySchema({
  sortColumns: VPN_REQUEST_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: { verified: verifiedFilter },
});
export type VpnRequestListQuery = z.input<typeof vpnRequestListQuerySchema>;

export const CONTACT_SORT_COLUMNS = ['createdAt', 'email'] as const;
export const contactListQuerySchema = listQuerySchema({
  sortColumns: CONTACT_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: { verified: verifiedFilter },
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

/** The Logs table's action filter values, 'all' aside. */
export const LOG_ACTION_FILTERS = [
  'admin_login',
  'admin_logout',
  'session_disconnect',
  'active_sessions_view',
  'admin_user_unlock',
  'admin_user_reset_2fa',
  'waitlist_attempt',
  'otp_sent',
  'otp_verified',
  'vpn_request_attempt',
  'contact_form',
  // Issue 16: every other action the services store is selectable too. Admin (auth-service,
  // forms-service's review lists, analytics-service, lookup-service's API keys):
  'login_success',
  'login_failed',
  'login_2fa_required',
  'permission_denied',
  'two_factor_setup',
  'two_factor_enabled',
  'two_factor_disabled',
  'profile_updated',
  'admin_user_created',
  'admin_user_updated',
  'admin_user_deleted',
  'admin_password_reset',
  'admin_users_export',
  'waitlist_entry_updated',
  'waitlist_entry_deleted',
  'vpn_request_updated',
  'vpn_request_deleted',
  'contact_updated',
  'contact_deleted',
  'log_entry_deleted',
  'waitlist_export',
  'vpn_requests_export',
  'contacts_export',
  'logs_export',
  'analytics_refresh',
  'analytics_view',
  'ip_search',
  'api_key_created',
  'api_key_rotated',
  'api_key_revoked',
  // Bulk actions over a selection (issue 16), forms-service's review lists and Logs:
  'waitlist_bulk_status',
  'waitlist_bulk_delete',
  'vpn_requests_bulk_status',
  'vpn_requests_bulk_delete',
  'contacts_bulk_status',
  'contacts_bulk_delete',
  'logs_bulk_delete',
  // Operator safety (issue 16), auth-service:
  'sessions_ended',
  'password_changed',
  'backup_codes_regenerated',
  // The retention job's run (issue 16), written by forms-service and auth-service.
  'retention_purge',
  // …and visitor (forms-service's registration_logs):
  'otp_failed',
  'security_event',
  'rate_limited',
] as const;
export type LogActionFilter = (typeof LOG_ACTION_FILTERS)[number];

/** The filter values that stand for more than their own stored action, or for another name. */
const LOG_ACTION_GROUPS = {
  // `login_2fa_required` is a right password answered with "now the code" (step 1 of a 2FA
  // sign-in): a sign-in event, not a failure.
  admin_login: { type: 'admin', actions: ['login_success', 'login_failed', 'login_2fa_required'] },
  admin_logout: { type: 'admin', actions: ['logout'] },
} as const satisfies Partial<Record<LogActionFilter, { type: LogType; actions: readonly string[] }>>;

/** The visitor side's stored actions (forms-service's registration_logs); every other is admin. */
const VISITOR_LOG_ACTIONS: ReadonlySet<string> = new Set([
  'waitlist_attempt',
  'otp_sent',
  'otp_verified',
  'otp_failed',
  'vpn_request_attempt',
  'contact_form',
  'security_event',
  'rate_limited',
]);

/**
 * What each filter value matches: the source table and its stored actions. `admin_login` matches
 * the sign-in events (`login_success`, `login_failed`, and `login_2fa_required` for a right
 * password answered with "now the code") and `admin_logout` the stored `logout`; every other
 * value matches the stored action of its own name.
 */
export const LOG_ACTION_FILTER_MATCHES: Record<
  LogActionFilter,
  { type: LogType; actions: readonly string[] }
> = Object.fromEntries(
  LOG_ACTION_FILTERS.map((f): [LogActionFilter, { type: LogType; actions: readonly string[] }] => [
    f,
    f in LOG_ACTION_GROUPS
      ? LOG_ACTION_GROUPS[f as keyof typeof LOG_ACTION_GROUPS]
      : { type: VISITOR_LOG_ACTIONS.has(f) ? 'visitor' : 'admin', actions: [f] },
  ]),
) as Record<LogActionFilter, { type: LogType; actions: readonly string[] }>;

/** Messages of the Logs list's own filters. */
export const LOG_FILTER_MESSAGES = {
  badInstant: 'from and to must be ISO date-times with a time zone, e.g. 2026-11-26T00:00:00Z',
  fromAfterTo: 'from must be before to',
} as const;

const instantField = z.iso.datetime({ offset: true, error: LOG_FILTER_MESSAGES.badInstant }).optional();

export const LOG_SORT_COLUMNS = ['createdAt'] as const;
/**
 * The Logs list's query: the shared paging, search and sort; `action`; `result=failed` (failed
 * rows only); `type` (one side: admin or visitor); and a time range, `from` inclusive and `to`
 * exclusive (ISO instants with a zone), each optional.
 */
export const logListQuerySchema = listQuerySchema({
  sortColumns: LOG_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: {
    action: filterField(LOG_ACTION_FILTERS),
    result: filterField(['failed']),
    type: filterField(LOG_TYPES),
    from: instantField,
    to: instantField,
  },
}).refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
  error: LOG_FILTER_MESSAGES.fromAfterTo,
  path: ['from'],
});
export type LogListQuery = z.input<typeof logListQuerySchema>;

/**
 * `pagination` of the review lists. `totalIsLowerBound` is set when a search matched more rows
 * than are counted exactly (`SEARCH_COUNT_LIMIT`): `total` is then that limit plus one and the
 * table says "1,000+". Counting a broad match (say every `gmail` address of a million rows)
 * would cost more than a page is allowed (docs/ARCHITECTURE.md); an export still takes up to
 * 10,000 matching rows.
 */
export const reviewPaginationSchema = paginationSchema.extend({
  totalIsLowerBound: z.boolean().optional(),
});
export type ReviewPagination = z.infer<typeof reviewPaginationSchema>;
/** Matches of a search beyond this are not counted one by one (see reviewPaginationSchema). */
export const SEARCH_COUNT_LIMIT = 1_000;

export const waitlistListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(waitlistEntrySchema), pagination: reviewPaginationSchema }),
});
export const vpnRequestListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ requests: z.array(vpnRequestRowSchema), pagination: reviewPaginationSchema }),
});
export const contactListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ contacts: z.array(contactRowSchema), pagination: reviewPaginationSchema }),
});
export const logListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ logs: z.array(logRowSchema), pagination: reviewPaginationSchema }),
});

// ---- writes ----
export const reviewIdParamsSchema = z.object({ id: z.uuid({ error: REVIEW_MESSAGES.entryNotFound }) });

/** `visitor:<positive integer>` or `admin:<uuid>`. */
export const logIdParamsSchema = z.object({
  id: z
    .string()
    .max(64)
    .regex(
      /^(visitor:[1-9]\d{0,17}|admin:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
      REVIEW_MESSAGES.logNotFound,
    ),
});

/**
 * PATCH body of a waitlist entry, VPN request or contact: status, notes, or both. `version` is the
 * row's version the operator edited: when the row has moved on since, the PATCH is refused with a
 * 409 (admin-records.ts `versionConflictSchema`) instead of overwriting the other change.
 */
export const reviewUpdateRequestSchema = z
  .strictObject({
    version: z.number().int().min(1).optional(),
    status: recordStatusSchema.optional(),
    notes: z
      .string({ error: REVIEW_MESSAGES.notesTooLong })
      .max(NOTES_MAX_LENGTH, REVIEW_MESSAGES.notesTooLong)
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, REVIEW_MESSAGES.nothingToUpdate);
export type ReviewUpdateRequest = z.infer<typeof reviewUpdateRequestSchema>;

export const reviewUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    status: recordStatusSchema,
    notes: z.string(),
    version: z.number().int().min(1),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  }),
});

// ---- overview ----
const formCountsSchema = z.object({ total: z.number().int().min(0), verified: z.number().int().min(0) });
export const dashboardStatsSchema = z.object({
  waitlist: formCountsSchema,
  vpnRequests: formCountsSchema,
  contacts: formCountsSchema,
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const overviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ stats: dashboardStatsSchema }),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/** verified ÷ total as a rounded percentage, dividing by at least 1 so an empty list shows 0%. */
export function verifiedPercentage(counts: { total: number; verified: number }): number {
  return Math.round((counts.verified / Math.max(counts.total, 1)) * 100);
}

/** The Overview's three rates: Verification Rate, VPN Request Filled, Contact Response. */
export function overviewPercentages(stats: DashboardStats): {
  verificationRate: number;
  vpnRequestFilled: number;
  contactResponse: number;
} {
  return {
    verificationRate: verifiedPercentage(stats.waitlist),
    vpnRequestFilled: verifiedPercentage(stats.vpnRequests),
    contactResponse: verifiedPercentage(stats.contacts),
  };
}

export type { RecordStatus };
