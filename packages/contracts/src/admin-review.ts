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
] as const;
export type LogActionFilter = (typeof LOG_ACTION_FILTERS)[number];

/**
 * What each filter value matches: the source table and its stored actions. `admin_login` matches
 * the sign-in events (`login_success`, `login_failed`, and `login_2fa_required` for a right
 * password answered with "now the code") and `admin_logout` the stored `logout`.
 */
export const LOG_ACTION_FILTER_MATCHES: Record<
  LogActionFilter,
  { type: LogType; actions: readonly string[] }
> = {
  // `login_2fa_required` is a right password answered with "now the code" (step 1 of a 2FA
  // sign-in): a sign-in event, not a failure.
  admin_login: { type: 'admin', actions: ['login_success', 'login_failed', 'login_2fa_required'] },
  admin_logout: { type: 'admin', actions: ['logout'] },
  session_disconnect: { type: 'admin', actions: ['session_disconnect'] },
  active_sessions_view: { type: 'admin', actions: ['active_sessions_view'] },
  admin_user_unlock: { type: 'admin', actions: ['admin_user_unlock'] },
  admin_user_reset_2fa: { type: 'admin', actions: ['admin_user_reset_2fa'] },
  waitlist_attempt: { type: 'visitor', actions: ['waitlist_attempt'] },
  otp_sent: { type: 'visitor', actions: ['otp_sent'] },
  otp_verified: { type: 'visitor', actions: ['otp_verified'] },
  vpn_request_attempt: { type: 'visitor', actions: ['vpn_request_attempt'] },
  contact_form: { type: 'visitor', actions: ['contact_form'] },
};

export const LOG_SORT_COLUMNS = ['createdAt'] as const;
export const logListQuerySchema = listQuerySchema({
  sortColumns: LOG_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: { action: filterField(LOG_ACTION_FILTERS) },
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

/** PATCH body of a waitlist entry, VPN request or contact: status, notes, or both. */
export const reviewUpdateRequestSchema = z
  .strictObject({
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
  data: z.object({ status: recordStatusSchema, notes: z.string() }),
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
