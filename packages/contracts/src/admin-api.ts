/**
 * Request and response bodies of the admin calls, with the spec's messages.
 * Services build their route schemas from these; the admin SPA builds its forms and hooks on them.
 */
import { z } from 'zod';
import {
  ADMIN_ROLES,
  CSV_EXPORT_LIMIT,
  DEFAULT_TABLE_PAGE_SIZE,
  MAX_LIST_LIMIT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOTP_CODE_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './admin-constants.js';

export const ADMIN_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username too long',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  passwordTooShort: 'Password must be at least 10 characters',
  passwordPolicy:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  totpFormat: '2FA code must be 6 digits and contain only numbers',
  sixDigitCode: 'Please enter a 6-digit verification code',
  invalidCode: 'Invalid verification code',
  captchaMissing: 'Please complete the CAPTCHA verification.',
  captchaFailed: 'CAPTCHA verification failed. Please try again.',
  /** The one answer to every refused sign-in, so nobody can tell which part was wrong. */
  invalidCredentials: 'Invalid username or password',
  twoFactorRequired: 'Two-factor authentication code required',
  challengeExpired: 'Your sign-in step has expired. Please sign in again.',
  loginRateLimited: 'Too many sign-in attempts from this address. Please wait a minute and try again.',
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired. Please sign in again.',
  viewOnly: 'View-only accounts cannot perform this action',
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Please enter your current password to change it',
  currentPasswordWrong: 'Current password is incorrect',
  /** Asked for an own e-mail change and for turning 2FA off (re-authentication, issue 13). */
  currentPasswordConfirm: 'Please enter your current password to confirm this change',
  /** Sign-in while the attempt counter (Redis) cannot count: fail closed (issue 13). */
  signInUnavailable: 'Sign-in is temporarily unavailable. Please try again shortly.',
  accountUnlocked: 'Account unlocked',
  twoFactorReset: 'Two-factor authentication reset',
  noChanges: 'No changes detected to save',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  cannotChangeSelf: 'You cannot delete, deactivate or demote your own account',
  lastAdmin: 'The last active admin cannot be removed, deactivated or demoted',
  adminUserNotFound: 'Admin user not found',
  sessionNotFound: 'Session not found',
  crossOrigin: 'Cross-origin requests are not allowed',
  jsonRequired: 'Content-Type must be application/json',
  listLimit: `limit must not exceed ${MAX_LIST_LIMIT}, or be ${CSV_EXPORT_LIMIT} for an export`,
} as const;

// ---- fields ----
export const usernameField = z
  .string({ error: ADMIN_MESSAGES.allFieldsRequired })
  .trim()
  .min(USERNAME_MIN_LENGTH, ADMIN_MESSAGES.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, ADMIN_MESSAGES.usernameTooLong)
  .regex(/^[A-Za-z0-9_]+$/, ADMIN_MESSAGES.usernameCharacters);

export const adminEmailField = z
  .string({ error: 'Valid email address is required' })
  .trim()
  .max(254, 'Valid email address is required')
  .pipe(z.email({ error: 'Valid email address is required', pattern: z.regexes.email }));

/** The password policy, on create, reset and change. */
export const passwordField = z
  .string({ error: ADMIN_MESSAGES.allFieldsRequired })
  .min(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must not exceed ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).+$/, ADMIN_MESSAGES.passwordPolicy);

export const adminRoleSchema = z.enum(ADMIN_ROLES);

export const totpCodeField = z
  .string({ error: ADMIN_MESSAGES.sixDigitCode })
  .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), ADMIN_MESSAGES.sixDigitCode);

// ---- entities as answered ----
export const adminUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  isActive: z.boolean(),
  twoFactorEnabled: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** ISO date-time while the account is locked by failed sign-ins, else null. */
  lockedUntil: z.string().nullable(),
  /** Failed sign-ins (and wrong current passwords / 2FA codes) counted toward the lockout. */
  failedLoginAttempts: z.number().int().min(0),
  /**
   * Issue 16: set by a reset or by the Add Admin User dialog; until the operator chooses a new
   * password every other admin call answers 403 `password_change_required`. auth-service always
   * sends it; absent reads as false.
   */
  mustChangePassword: z.boolean().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A session as listed, plus `isCurrent` so the panel can mark the caller's own. */
export const listedSessionSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  lastActivity: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
});
export type ListedSession = z.infer<typeof listedSessionSchema>;

// ---- generic answers ----
export const okResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof okResponseSchema>;

export const paginationSchema = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().int().min(0),
  pages: z.number().int().min(0),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The query of every list call: page, limit (up to 100, or 10000 for an
 * export), search, the list's own filters, a whitelisted sort column and an order.
 */
export function listQuerySchema<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
>(opts: { sortColumns: Sort; defaultSort: Sort[number]; filters: Filters }) {
  return z.object({
    page: z.coerce.number().int().min(1, 'page must be at least 1').max(1_000_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      // A page holds at most 100 rows; the one bigger size is a CSV export's.
      .refine((limit) => limit <= MAX_LIST_LIMIT || limit === CSV_EXPORT_LIMIT, ADMIN_MESSAGES.listLimit)
      .default(DEFAULT_TABLE_PAGE_SIZE),
    search: z.string().trim().max(200, 'search must not exceed 200 characters').optional(),
    sort: z.enum(opts.sortColumns).default(opts.defaultSort as Sort[number]),
    order: z.enum(SORT_ORDERS).default('desc'),
    ...opts.filters,
  });
}

/** `all` or one of `values`; absent means all. */
export function filterField<const V extends readonly [string, ...string[]]>(values: V) {
  return z.enum(['all', ...values] as unknown as readonly ['all', ...V]).default('all');
}

// ---- authentication ----
export const loginRequestSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, ADMIN_MESSAGES.invalidCredentials),
  totpCode: z
    .union([z.literal(''), z.string().regex(/^\d{6}$/, ADMIN_MESSAGES.totpFormat)], {
      error: ADMIN_MESSAGES.totpFormat,
    })
    .optional(),
  rememberMe: z.boolean().default(false),
  turnstileToken: z.string().max(2048).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The caller's session as the server sees it (issue 16): the panel's idle warning counts down to
 * `idleExpiresAt` from `serverTime`, so neither the client's clock nor its guess of the last
 * activity decides. `idleExpiresAt` is null for Remember me (no idle timeout).
 */
export const sessionViewSchema = z.object({
  lastActivity: z.string(),
  idleExpiresAt: z.string().nullable(),
  expiresAt: z.string(),
  serverTime: z.string(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  data: z.object({ user: adminUserSchema, session: sessionViewSchema.optional() }).optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  requires2FA: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: adminUserSchema, session: sessionViewSchema.optional() }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const setup2faResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** `data:image/png;base64,…` */
    qrCode: z.string(),
    secret: z.string(),
    /** Issued when 2FA is enabled (verify answers them), so always empty here. */
    backupCodes: z.array(z.string()),
  }),
});
export type Setup2faResponse = z.infer<typeof setup2faResponseSchema>;

export const verify2faRequestSchema = z.strictObject({
  secret: z.string({ error: 'Secret is required' }).min(1, 'Secret is required').max(128),
  totpCode: totpCodeField,
});
export type Verify2faRequest = z.infer<typeof verify2faRequestSchema>;

/** Turning 2FA off re-authenticates: the current password is required whether or not 2FA is on. */
export const disable2faRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: ADMIN_MESSAGES.currentPasswordConfirm })
    .min(1, ADMIN_MESSAGES.currentPasswordConfirm)
    .max(PASSWORD_MAX_LENGTH),
});
export type Disable2faRequest = z.infer<typeof disable2faRequestSchema>;

export const verify2faResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  /** The 10 single-use backup codes, shown once. */
  data: z.object({ backupCodes: z.array(z.string()) }),
});
export type Verify2faResponse = z.infer<typeof verify2faResponseSchema>;

export const updateProfileRequestSchema = z
  .strictObject({
    username: usernameField.optional(),
    email: adminEmailField.optional(),
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: passwordField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== undefined && !v.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: ADMIN_MESSAGES.currentPasswordRequired,
      });
    }
    if (v.username === undefined && v.email === undefined && v.newPassword === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: ADMIN_MESSAGES.noChanges });
    }
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: adminUserSchema }),
});

// ---- admin users ----
export const createAdminUserRequestSchema = z.strictObject({
  username: usernameField,
  email: adminEmailField,
  password: passwordField,
  role: adminRoleSchema.default('admin'),
});
export type CreateAdminUserRequest = z.input<typeof createAdminUserRequestSchema>;

export const updateAdminUserRequestSchema = z.strictObject({
  username: usernameField.optional(),
  email: adminEmailField.optional(),
  password: passwordField.optional(),
  role: adminRoleSchema.optional(),
  isActive: z.boolean().optional(),
  /**
   * Required (400 without it) when the caller changes their OWN password or e-mail; a wrong one
   * answers 403 `invalid_current_password` and counts toward the lockout. Ignored otherwise.
   */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type UpdateAdminUserRequest = z.input<typeof updateAdminUserRequestSchema>;

export const adminUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: adminUserSchema }),
});

export const ADMIN_USER_SORT_COLUMNS = ['createdAt', 'username', 'email', 'lastLogin', 'role'] as const;
export const adminUserListQuerySchema = listQuerySchema({
  sortColumns: ADMIN_USER_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: {
    role: filterField(ADMIN_ROLES),
    status: filterField(['active', 'inactive']),
  },
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(adminUserSchema), pagination: paginationSchema }),
});
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** The answer of Unlock and Reset 2FA (`POST /admin-users/{id}/unlock`, `…/reset-2fa`). */
export const adminUserActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ user: adminUserSchema }),
});
export type AdminUserActionResponse = z.infer<typeof adminUserActionResponseSchema>;

/** 403 answer to a wrong current password (re-authentication). */
export const INVALID_CURRENT_PASSWORD_ERROR = 'invalid_current_password';
/** 503 answer to a sign-in that cannot be counted. */
export const SIGN_IN_UNAVAILABLE_ERROR = 'service_unavailable';

/**
 * An account id in a path, in its canonical lower case: Postgres reads `ABC…` and `abc…` as the
 * same uuid, so an id is compared with the caller's own only once lowered (issue 13: the upper-case
 * form of the own id got past "you cannot change yourself").
 */
export const adminIdParamsSchema = z.object({
  id: z.uuid({ error: ADMIN_MESSAGES.adminUserNotFound }).transform((id) => id.toLowerCase()),
});

// ---- sessions ----
export const activeSessionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ sessions: z.array(listedSessionSchema) }),
});
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;

export const disconnectSessionRequestSchema = z.strictObject({
  sessionId: z.uuid({ error: ADMIN_MESSAGES.sessionNotFound }),
});
export type DisconnectSessionRequest = z.infer<typeof disconnectSessionRequestSchema>;

// ---- operator safety (issue 16, item 8) ----
/** 403 `error` of every admin call but the password choice while a new password is required. */
export const PASSWORD_CHANGE_REQUIRED_ERROR = 'password_change_required';

export const SAFETY_MESSAGES = {
  passwordChangeRequired: 'You must choose a new password before you continue',
  passwordChanged: 'Password changed',
  samePassword: 'The new password must be different from the current one',
  sessionsEnded: 'Sessions ended',
  backupCodesRegenerated: 'New backup codes generated',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
} as const;

/** `POST /auth/change-password`: the forced first-sign-in choice (and usable any time). */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: ADMIN_MESSAGES.currentPasswordRequired })
    .min(1, ADMIN_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: adminUserSchema }),
});

/** How many sessions an "End all sessions" ended. */
export const endSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ended: z.number().int().min(0) }),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

/** `GET /auth/backup-codes`: how many unused backup codes are left (0 without 2FA). */
export const backupCodesStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ remaining: z.number().int().min(0), twoFactorEnabled: z.boolean() }),
});
export type BackupCodesStatus = z.infer<typeof backupCodesStatusResponseSchema>['data'];

/** `POST /auth/backup-codes/regenerate`: needs the current authenticator code (not a backup code). */
export const regenerateBackupCodesRequestSchema = z.strictObject({ totpCode: totpCodeField });
export type RegenerateBackupCodesRequest = z.infer<typeof regenerateBackupCodesRequestSchema>;

// ---- identity between the gateway and the services ----
/** Who is calling, as the gateway vouches for it (signed; see service-kit admin-identity). */
export const adminIdentitySchema = z.object({
  adminId: z.uuid(),
  sessionId: z.uuid(),
  username: z.string().max(50),
  email: z.string().max(254),
  role: adminRoleSchema,
  twoFactorEnabled: z.boolean(),
  /**
   * The operator must choose a new password first (issue 16): service-kit's requireAdminSession
   * refuses every call with 403 `password_change_required` while it is true.
   */
  mustChangePassword: z.boolean().optional(),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;

export const sessionResolveRequestSchema = z.strictObject({
  /** The cookie's token as the browser sent it. */
  token: z.string().min(1).max(512),
  /** False for the panel's background calls: `lastActivity` stays where it was. */
  touch: z.boolean(),
});
export const sessionResolveResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ identity: adminIdentitySchema }),
});
