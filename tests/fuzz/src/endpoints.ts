/**
 * Every endpoint the gateway proxies, as data: method, path (with `{id}` for a path parameter),
 * who may call it, and the contracts' schemas of its body and query. The fuzzer draws its
 * requests from this list; `endpoints.test.ts` fails when the contracts or the services' route
 * files name a route this list lacks.
 */
import {
  ADMIN_API,
  ADMIN_API_KEYS_API,
  DETECTION_API,
  INGEST_API,
  INGEST_STATUS_API,
  PUBLIC_API,
  adminUserListQuerySchema,
  apiKeyListQuerySchema,
  batchRequestSchema,
  bulkActionRequestSchema,
  changePasswordRequestSchema,
  checkQuerySchema,
  checkWaitlistEmailRequestSchema,
  contactListQuerySchema,
  contactRequestSchema,
  createAdminUserRequestSchema,
  createApiKeyRequestSchema,
  disable2faRequestSchema,
  disconnectSessionRequestSchema,
  logBulkRequestSchema,
  logListQuerySchema,
  logRowsRequestSchema,
  loginRequestSchema,
  observationSchema,
  recordRowsRequestSchema,
  regenerateBackupCodesRequestSchema,
  refreshAnalyticsRequestSchema,
  resolutionSchema,
  reviewUpdateRequestSchema,
  rotateApiKeyRequestSchema,
  runReportSchema,
  searchIpRequestSchema,
  securityLogRequestSchema,
  updateAdminUserRequestSchema,
  updateProfileRequestSchema,
  verify2faRequestSchema,
  verifyOtpRequestSchema,
  vpnRequestListQuerySchema,
  vpnRequestSchema,
  waitlistListQuerySchema,
  waitlistRequestSchema,
} from '@tunnelscope/contracts';
import { z } from 'zod';

/**
 * `public`: the site's JSON API (`{ success:false, error, message }` on refusal), no credentials.
 * `admin`: under `/admin-<hex>`, a session cookie (admin or view_only), the same error shape.
 * `detection`: `/api/v1/*`, an `X-API-Key`, RFC 9457 problem+json on refusal.
 * `ingest`: `/ingest/v1/*`, a collector token in `Authorization: Bearer`, RFC 9457 problem+json
 * on refusal (type `urn:tunnelscope:ingest:<code>`).
 */
export type Scope = 'public' | 'admin' | 'detection' | 'ingest';

/** What a path parameter is: the fuzzer draws real ids of that kind besides junk. */
export type IdKind = 'adminUser' | 'waitlist' | 'vpnRequest' | 'contact' | 'log' | 'apiKey';

export interface Endpoint {
  /** Stable name, used in the figures. */
  name: string;
  scope: Scope;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the admin prefix for `admin`; `{id}` is the path parameter. */
  path: string;
  idKind?: IdKind;
  body?: z.ZodType;
  query?: z.ZodType;
  /** `services/<service>/src/routes/<file>` that registers it (checked by endpoints.test.ts). */
  source: string;
}

const FORMS = 'forms-service/src/routes';
const AUTH = 'auth-service/src/routes';
const ANALYTICS = 'analytics-service/src/routes';
const LOOKUP = 'lookup-service/src/routes';
const INGEST = 'ingest-service/src/routes';
/** The review lists' record calls live beside their service code, not under routes/. */
const RECORDS = 'forms-service/src/review/records/record-routes.ts';

/**
 * The batch as a collector sends it: the contract checks only that each list is a list (items are
 * judged one by one), so cases are drawn from the item schemas — a few items, then mutated.
 */
const fuzzBatchSchema = z.strictObject({
  observations: z.array(observationSchema).max(5).optional(),
  resolutions: z.array(resolutionSchema).max(5).optional(),
});

export const ENDPOINTS: readonly Endpoint[] = [
  // ---- the public site's API ----
  {
    name: 'stats',
    scope: 'public',
    method: 'GET',
    path: PUBLIC_API.stats.path,
    source: `${ANALYTICS}/stats/index.ts`,
  },
  {
    name: 'check-waitlist-email',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.checkWaitlistEmail.path,
    body: checkWaitlistEmailRequestSchema,
    source: `${FORMS}/waitlist/index.ts`,
  },
  {
    name: 'waitlist',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.waitlist.path,
    body: waitlistRequestSchema,
    source: `${FORMS}/waitlist/index.ts`,
  },
  {
    name: 'verify-waitlist-otp',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.verifyWaitlistOtp.path,
    body: verifyOtpRequestSchema,
    source: `${FORMS}/waitlist/index.ts`,
  },
  {
    name: 'vpn-request',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.vpnRequest.path,
    body: vpnRequestSchema,
    source: `${FORMS}/vpn-requests/index.ts`,
  },
  {
    name: 'verify-vpn-otp',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.verifyVpnOtp.path,
    body: verifyOtpRequestSchema,
    source: `${FORMS}/vpn-requests/index.ts`,
  },
  {
    name: 'contact',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.contact.path,
    body: contactRequestSchema,
    source: `${FORMS}/contacts/index.ts`,
  },
  {
    name: 'verify-contact-otp',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.verifyContactOtp.path,
    body: verifyOtpRequestSchema,
    source: `${FORMS}/contacts/index.ts`,
  },
  {
    name: 'security-log',
    scope: 'public',
    method: 'POST',
    path: PUBLIC_API.securityLog.path,
    body: securityLogRequestSchema,
    source: `${FORMS}/security-log/index.ts`,
  },

  // ---- the detection API ----
  {
    name: 'v1-check',
    scope: 'detection',
    method: 'GET',
    path: DETECTION_API.check.path,
    query: checkQuerySchema,
    source: `${LOOKUP}/v1/index.ts`,
  },
  {
    name: 'v1-batch',
    scope: 'detection',
    method: 'POST',
    path: DETECTION_API.batch.path,
    body: batchRequestSchema,
    query: checkQuerySchema.pick({ max_age_days: true }),
    source: `${LOOKUP}/v1/index.ts`,
  },
  {
    name: 'v1-usage',
    scope: 'detection',
    method: 'GET',
    path: DETECTION_API.usage.path,
    source: `${LOOKUP}/v1/index.ts`,
  },
  {
    name: 'v1-openapi',
    scope: 'detection',
    method: 'GET',
    path: DETECTION_API.openapi.path,
    source: `${LOOKUP}/v1/index.ts`,
  },
  {
    name: 'v1-export-mmdb',
    scope: 'detection',
    method: 'GET',
    path: DETECTION_API.exportMmdb.path,
    source: `${LOOKUP}/export/index.ts`,
  },
  {
    name: 'v1-export-csv',
    scope: 'detection',
    method: 'GET',
    path: DETECTION_API.exportCsv.path,
    source: `${LOOKUP}/export/index.ts`,
  },

  // ---- the collector API ----
  {
    name: 'ingest-observations',
    scope: 'ingest',
    method: 'POST',
    path: INGEST_API.observations.path,
    body: fuzzBatchSchema,
    source: `${INGEST}/v1/index.ts`,
  },
  {
    name: 'ingest-runs',
    scope: 'ingest',
    method: 'POST',
    path: INGEST_API.runs.path,
    body: runReportSchema,
    source: `${INGEST}/v1/index.ts`,
  },
  {
    name: 'ingest-targets',
    scope: 'ingest',
    method: 'GET',
    path: INGEST_API.targets.path,
    source: `${INGEST}/v1/index.ts`,
  },

  // ---- admin: sign-in, own account ----
  {
    name: 'auth-me',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.me.path,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-login',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.login.path,
    body: loginRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-logout',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.logout.path,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-setup-2fa',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.setup2fa.path,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-verify-2fa',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.verify2fa.path,
    body: verify2faRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-verify-2fa-setup',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.verify2faSetup.path,
    body: verify2faRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-disable-2fa',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.disable2fa.path,
    body: disable2faRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-update-profile',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.updateProfile.path,
    body: updateProfileRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },

  {
    name: 'auth-change-password',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.changePassword.path,
    body: changePasswordRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-end-other-sessions',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.endOtherSessions.path,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-backup-codes',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.backupCodes.path,
    source: `${AUTH}/auth/index.ts`,
  },
  {
    name: 'auth-backup-codes-regenerate',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.regenerateBackupCodes.path,
    body: regenerateBackupCodesRequestSchema,
    source: `${AUTH}/auth/index.ts`,
  },

  // ---- admin: operators and sessions ----
  {
    name: 'admin-users-list',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.listAdminUsers.path,
    query: adminUserListQuerySchema,
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-create',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.createAdminUser.path,
    body: createAdminUserRequestSchema,
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-update',
    scope: 'admin',
    method: 'PUT',
    path: `${ADMIN_API.adminUser.path}/{id}`,
    idKind: 'adminUser',
    body: updateAdminUserRequestSchema,
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-delete',
    scope: 'admin',
    method: 'DELETE',
    path: `${ADMIN_API.adminUser.path}/{id}`,
    idKind: 'adminUser',
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-reset-password',
    scope: 'admin',
    method: 'POST',
    path: `${ADMIN_API.adminUser.path}/{id}/reset-password`,
    idKind: 'adminUser',
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-unlock',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.unlockAdminUser.path,
    idKind: 'adminUser',
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-reset-2fa',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.resetAdminUser2fa.path,
    idKind: 'adminUser',
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'admin-users-end-sessions',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.endAdminUserSessions.path,
    idKind: 'adminUser',
    source: `${AUTH}/admin-users/index.ts`,
  },
  {
    name: 'active-sessions',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.activeSessions.path,
    source: `${AUTH}/sessions/index.ts`,
  },
  {
    name: 'disconnect-session',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.disconnectSession.path,
    body: disconnectSessionRequestSchema,
    source: `${AUTH}/sessions/index.ts`,
  },

  // ---- admin: the review lists ----
  {
    name: 'overview',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.overview.path,
    source: `${FORMS}/admin/index.ts`,
  },
  ...(
    [
      ['waitlist', ADMIN_API.waitlist.path, waitlistListQuerySchema, 'waitlist'],
      ['vpn-requests', ADMIN_API.vpnRequests.path, vpnRequestListQuerySchema, 'vpnRequest'],
      ['contacts', ADMIN_API.contacts.path, contactListQuerySchema, 'contact'],
    ] as const
  ).flatMap(([name, path, query, idKind]): Endpoint[] => [
    { name: `${name}-list`, scope: 'admin', method: 'GET', path, query, source: `${FORMS}/admin/index.ts` },
    {
      name: `${name}-update`,
      scope: 'admin',
      method: 'PATCH',
      path: `${path}/{id}`,
      idKind,
      body: reviewUpdateRequestSchema,
      source: `${FORMS}/admin/index.ts`,
    },
    {
      name: `${name}-delete`,
      scope: 'admin',
      method: 'DELETE',
      path: `${path}/{id}`,
      idKind,
      source: `${FORMS}/admin/index.ts`,
    },
    // The record calls of issue 16 (registered by review/records/record-routes.ts, outside routes/).
    {
      name: `${name}-detail`,
      scope: 'admin',
      method: 'GET',
      path: `${path}/{id}`,
      idKind,
      source: RECORDS,
    },
    {
      name: `${name}-bulk`,
      scope: 'admin',
      method: 'POST',
      path: `${path}/bulk`,
      body: bulkActionRequestSchema,
      source: RECORDS,
    },
    { name: `${name}-ids`, scope: 'admin', method: 'GET', path: `${path}/ids`, query, source: RECORDS },
    {
      name: `${name}-rows`,
      scope: 'admin',
      method: 'POST',
      path: `${path}/rows`,
      body: recordRowsRequestSchema,
      source: RECORDS,
    },
  ]),
  {
    name: 'logs-list',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.logs.path,
    query: logListQuerySchema,
    source: `${FORMS}/admin/index.ts`,
  },
  {
    name: 'logs-bulk',
    scope: 'admin',
    method: 'POST',
    path: `${ADMIN_API.logs.path}/bulk`,
    body: logBulkRequestSchema,
    source: `${FORMS}/admin/index.ts`,
  },
  {
    name: 'logs-ids',
    scope: 'admin',
    method: 'GET',
    path: `${ADMIN_API.logs.path}/ids`,
    query: logListQuerySchema,
    source: `${FORMS}/admin/index.ts`,
  },
  {
    name: 'logs-rows',
    scope: 'admin',
    method: 'POST',
    path: `${ADMIN_API.logs.path}/rows`,
    body: logRowsRequestSchema,
    source: `${FORMS}/admin/index.ts`,
  },
  {
    name: 'logs-delete',
    scope: 'admin',
    method: 'DELETE',
    path: `${ADMIN_API.logs.path}/{id}`,
    idKind: 'log',
    source: `${FORMS}/admin/index.ts`,
  },

  // ---- admin: the IP database ----
  {
    name: 'advanced-analytics',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API.advancedAnalytics.path,
    source: `${ANALYTICS}/vpn-db/index.ts`,
  },
  {
    name: 'analytics-refresh',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.refreshAnalytics.path,
    body: refreshAnalyticsRequestSchema,
    source: `${ANALYTICS}/vpn-db/index.ts`,
  },
  {
    name: 'search-ip',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API.searchIp.path,
    body: searchIpRequestSchema,
    source: `${ANALYTICS}/vpn-db/index.ts`,
  },
  {
    name: 'ingest-status',
    scope: 'admin',
    method: 'GET',
    path: INGEST_STATUS_API.path,
    source: `${ANALYTICS}/vpn-db/index.ts`,
  },

  // ---- admin: API keys ----
  {
    name: 'api-keys-list',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API_KEYS_API.list.path,
    query: apiKeyListQuerySchema,
    source: `${LOOKUP}/admin/index.ts`,
  },
  {
    name: 'api-keys-create',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API_KEYS_API.create.path,
    body: createApiKeyRequestSchema,
    source: `${LOOKUP}/admin/index.ts`,
  },
  {
    name: 'api-keys-rotate',
    scope: 'admin',
    method: 'POST',
    path: ADMIN_API_KEYS_API.rotate.path,
    idKind: 'apiKey',
    body: rotateApiKeyRequestSchema,
    source: `${LOOKUP}/admin/index.ts`,
  },
  {
    name: 'api-keys-revoke',
    scope: 'admin',
    method: 'DELETE',
    path: ADMIN_API_KEYS_API.revoke.path,
    idKind: 'apiKey',
    source: `${LOOKUP}/admin/index.ts`,
  },
  {
    name: 'api-keys-usage',
    scope: 'admin',
    method: 'GET',
    path: ADMIN_API_KEYS_API.usage.path,
    idKind: 'apiKey',
    source: `${LOOKUP}/admin/index.ts`,
  },
];

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
