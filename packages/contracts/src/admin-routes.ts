// Plain data with no zod, so code that only needs paths does not bundle the schemas.
/** Every admin call, method and path, relative to the `/admin-<hex>` prefix. */
export const ADMIN_API = {
  me: { method: 'GET', path: '/auth/me' },
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  setup2fa: { method: 'POST', path: '/auth/setup-2fa' },
  verify2fa: { method: 'POST', path: '/auth/verify-2fa' },
  verify2faSetup: { method: 'POST', path: '/auth/verify-2fa-setup' },
  disable2fa: { method: 'POST', path: '/auth/disable-2fa' },
  updateProfile: { method: 'POST', path: '/auth/update-profile' },
  /** Issue 16: the only call (with me and logout) allowed while a new password is required. */
  changePassword: { method: 'POST', path: '/auth/change-password' },
  /** Ends the caller's other sessions (the one in use stays: Sign out ends that one). */
  endOtherSessions: { method: 'POST', path: '/auth/end-other-sessions' },
  backupCodes: { method: 'GET', path: '/auth/backup-codes' },
  regenerateBackupCodes: { method: 'POST', path: '/auth/backup-codes/regenerate' },
  createAdminUser: { method: 'POST', path: '/admin-users' },
  /** `/admin-users/{id}` (PUT, DELETE) and `/admin-users/{id}/reset-password` (POST). */
  adminUser: { path: '/admin-users' },
  /** `{id}` is the operator's id. Admin role only; both audited. */
  unlockAdminUser: { method: 'POST', path: '/admin-users/{id}/unlock' },
  resetAdminUser2fa: { method: 'POST', path: '/admin-users/{id}/reset-2fa' },
  /** Admin role only, audited: ends every session of that operator (issue 16). */
  endAdminUserSessions: { method: 'POST', path: '/admin-users/{id}/end-sessions' },
  listAdminUsers: { method: 'GET', path: '/data/admin-users' },
  activeSessions: { method: 'GET', path: '/data/active-sessions' },
  disconnectSession: { method: 'POST', path: '/data/disconnect-session' },
  overview: { method: 'GET', path: '/dashboard/overview' },
  waitlist: { path: '/data/waitlist' },
  vpnRequests: { path: '/data/vpn-requests' },
  contacts: { path: '/data/contacts' },
  logs: { path: '/data/logs' },
  advancedAnalytics: { method: 'GET', path: '/vpn-db/advanced-analytics' },
  searchIp: { method: 'POST', path: '/vpn-db/search-ip' },
  /** Refresh the analytics views now (admin role only, audited, one at a time). */
  refreshAnalytics: { method: 'POST', path: '/vpn-db/refresh' },
} as const;

/**
 * The one admin call the gateway lets through without a session: step 1 and step 2 of sign-in.
 * Everything else under the prefix is authenticated before it reaches a service.
 */
export const ADMIN_UNAUTHENTICATED_PATHS: readonly string[] = [ADMIN_API.login.path];

/** Service-internal: the gateway resolves a session cookie to an identity (never routed from outside). */
export const INTERNAL_SESSION_RESOLVE_PATH = '/internal/sessions/resolve';
