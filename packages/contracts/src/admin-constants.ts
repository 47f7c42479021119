/** Business constants of the admin panel and its services, shared by every side. */

export const ADMIN_ROLES = ['admin', 'view_only'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const DEFAULT_ADMIN_ROLE: AdminRole = 'admin';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 10;
/** Longest password accepted anywhere: argon2 cost grows with input, so it is bounded. */
export const PASSWORD_MAX_LENGTH = 128;
/** The special characters of the password policy: a password needs at least one of them. */
export const PASSWORD_SPECIALS = '@$!%*?&';
export const TOTP_CODE_LENGTH = 6;
export const BACKUP_CODE_COUNT = 10;

/** Sign-in protection: an account locks after this many failed sign-ins, for this long. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
export const LOGIN_ATTEMPTS_PER_IP_PER_MINUTE = 10;
/** Lifetime of the step-1 challenge that step 2 must present. */
export const LOGIN_CHALLENGE_TTL_SECONDS = 5 * 60;

/** Session lifetimes: an absolute limit, and an idle limit renewed by each call. */
export const SESSION_TTL_HOURS = 12;
export const SESSION_IDLE_MINUTES = 30;
export const REMEMBER_ME_DAYS = 30;

/**
 * Cookie names. Behind TLS the session cookie takes the `__Secure-` prefix (and `Secure`), so a
 * browser refuses to let plain-HTTP pages overwrite it.
 */
export const ADMIN_SESSION_COOKIE = 'ts_admin_session';
export const ADMIN_SESSION_COOKIE_SECURE = `__Secure-${ADMIN_SESSION_COOKIE}`;
export const ADMIN_CHALLENGE_COOKIE = 'ts_admin_2fa';
export const ADMIN_CHALLENGE_COOKIE_SECURE = `__Secure-${ADMIN_CHALLENGE_COOKIE}`;

/**
 * Sent by the panel's own background calls (the 30-second sessions poll and the auth check on
 * load): they do not move `lastActivity` and do not write `active_sessions_view`.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-admin-background';

/** The panel's UI timings and limits. */
export const ADMIN_TIMINGS = {
  retryAttempts: 3,
  retryDelayMs: 500,
  postLoginReloadCheckMs: 600,
  sessionsRefreshMs: 30_000,
  expiringSoonMs: 60 * 60 * 1000,
  analyticsCacheMs: 5 * 60 * 1000,
  analyticsFetchDelayMs: 100,
  copyConfirmationMs: 2000,
  profileReloadMs: 1500,
} as const;

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 25;
/** Largest `limit` of a list call, except an export. */
export const MAX_LIST_LIMIT = 100;
export const CSV_EXPORT_LIMIT = 10_000;
export const MAX_PAGER_BUTTONS = 5;
export const DEFAULT_SORT_ORDER = 'desc';
export const TOP_ISP_LIMIT = 50;

/** The address shown as the example in the IP search's message (its `{ip}`). */
export const EXAMPLE_IP = '8.8.8.8';
