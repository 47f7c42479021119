/**
 * The detection API (`/api/v1/*`, answered by lookup-service): the one source of its paths,
 * limits, answer, errors and the admin calls that manage its keys. The OpenAPI document and the
 * public `/docs/api` page are generated from these schemas, so they cannot drift from the server.
 */
import { z } from 'zod';
import { filterField, listQuerySchema, paginationSchema } from './admin-api.js';

export const DETECTION_API_PREFIX = '/api/v1';

export const DETECTION_API = {
  check: { method: 'GET', path: '/api/v1/vpn/check' },
  batch: { method: 'POST', path: '/api/v1/vpn/check' },
  usage: { method: 'GET', path: '/api/v1/usage' },
  openapi: { method: 'GET', path: '/api/v1/openapi.json' },
  exportMmdb: { method: 'GET', path: '/api/v1/export/tunnelscope.mmdb' },
  exportCsv: { method: 'GET', path: '/api/v1/export/tunnelscope.csv' },
} as const;

/** The public page that documents the API (a route of the public SPA, not of the API). */
export const DETECTION_API_DOCS_PATH = '/docs/api';

export const BATCH_MAX_IPS = 1000;

/**
 * Every answer of `/api/v1/*` names the snapshot it came from: `X-Data-Version: 42; date=2026-11-25`
 * (the IP database's data version, then the date that version was made).
 */
export const DATA_VERSION_HEADER = 'X-Data-Version';
export function formatDataVersion(dataVersion: { version: number; date: string }): string {
  return `${dataVersion.version}; date=${dataVersion.date}`;
}

/**
 * The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers) on every keyed answer:
 * `RateLimit-Policy: "burst";q=50;w=1, "daily";q=10000;w=86400` and
 * `RateLimit: "daily";r=9941;t=3600` (the policy closest to running out: remaining and seconds to reset).
 */
export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy';
export const RATE_LIMIT_HEADER = 'RateLimit';
export const RATE_LIMIT_POLICIES = { burst: 'burst', daily: 'daily' } as const;

/** Query parameters that would carry a key in the URL (logs, proxies, browser history): refused. */
export const KEY_QUERY_PARAMETERS = ['key', 'api_key', 'apikey', 'token'] as const;

/**
 * `ts_live_` + 32 random base62 characters + a 6-character base62 checksum of those 32: a typo is
 * refused without a database hit, and secret scanners can recognise a leaked key by its shape.
 */
export const API_KEY_PREFIX = 'ts_live_';
export const API_KEY_PATTERN = /^ts_live_[A-Za-z0-9]{38}$/;
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;

export const API_KEY_DEFAULTS = {
  dailyQuota: 10_000,
  burstPerSecond: 50,
  allowExport: false,
} as const;
/** A rotated key's old secret stays valid for at most this long. */
export const API_KEY_MAX_GRACE_HOURS = 7 * 24;

// ---------------------------------------------------------------------------------------------
// The answer

/**
 * Stable codes that explain `confidence`; each with what it means. Documented on `/docs/api`
 * and in the OpenAPI document from this one list. Only codes the data can back are listed: a
 * code is added here when the index first emits it (none for non-exit Tor relays or for a
 * vendor's whole networks while the IP database lists neither).
 */
export const EVIDENCE_CODES = {
  vpn_exit_observed: 'Our collectors saw this address used as an exit of the named VPN.',
  seen_recently: 'The address was observed in the last 30 days.',
  live_subdomain: 'A live server hostname of the VPN resolves to this address.',
  proxy_observed: 'The address was observed relaying traffic as an open or commercial proxy.',
  tor_exit: 'Our collectors saw this address used as a Tor exit relay.',
  hosting_network: 'The network belongs to a hosting or data-centre provider (its AS owner).',
  collector: 'The VPN, proxy or Tor flag comes from our own collectors (see `sources`).',
  tor_exit_list: "The address is on the Tor Project's list of exit relays (see `sources`).",
  icloud_relay_egress:
    "The address is in Apple's published iCloud Private Relay egress ranges (see `sources`).",
  cloud_ranges: "The address is in a cloud provider's published IP ranges (see `sources`).",
  stale_detection: 'Detected before, but last seen longer ago than max_age_days: flags cleared.',
  special_purpose: 'A private, loopback, documentation or other special-purpose address: never looked up.',
} as const;
export type EvidenceCode = keyof typeof EVIDENCE_CODES;
export const evidenceCodeSchema = z.enum(Object.keys(EVIDENCE_CODES) as [EvidenceCode, ...EvidenceCode[]]);

export const COMPANY_TYPES = ['hosting', 'isp', 'business', 'education', 'government'] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cidr = z.string().max(64);

/** Where a flag of the answer comes from: our collectors, or a public feed. */
export const DETECTION_SOURCES = {
  collector: 'Our VPN collection agents (an exit address seen while connected to the VPN).',
  tor_exit_list: "The Tor Project's bulk exit list.",
  icloud_relay_egress: "Apple's iCloud Private Relay egress ranges (RFC 8805 geofeed).",
  cloud_ranges: "Cloud providers' published IP ranges (AWS, Google Cloud, Oracle Cloud).",
} as const;
export type DetectionSource = keyof typeof DETECTION_SOURCES;
export const DETECTION_FLAGS = ['vpn', 'proxy', 'tor', 'relay', 'hosting'] as const;

/** One flag of the answer and the source that set it, with when that source last listed the address. */
export const detectionSourceSchema = z.object({
  flag: z.enum(DETECTION_FLAGS),
  source: z.enum(Object.keys(DETECTION_SOURCES) as [DetectionSource, ...DetectionSource[]]),
  /** The provider a feed names (a cloud's or a relay operator's name), else null. */
  provider: z.string().max(200).nullable(),
  /** When the source last saw or listed the address (YYYY-MM-DD). */
  last_seen: isoDate.nullable(),
});
export type DetectionSourceEntry = z.infer<typeof detectionSourceSchema>;

/** One address's answer: the landing page's sample fields first, in its order, then the rest. */
export const detectionAnswerSchema = z.object({
  ip: z.string().max(64),
  vendor: z.string().max(200).nullable(),
  is_vpn: z.boolean(),
  is_proxy: z.boolean(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2).nullable(),
  region: z.string().max(200).nullable(),
  city: z.string().max(200).nullable(),
  company: z
    .object({
      name: z.string().max(300),
      domain: z.string().max(253).nullable(),
      type: z.enum(COMPANY_TYPES).nullable(),
    })
    .nullable(),
  asn: z
    .object({
      /** Like `AS15169`. */
      asn: z.string().regex(/^AS\d+$/),
      name: z.string().max(300),
      route: cidr,
    })
    .nullable(),
  /** The most specific network of our data that holds the address, in CIDR. */
  network: cidr.nullable(),
  vpn: z.string().max(200).nullable(),
  is_tor: z.boolean(),
  is_relay: z.boolean(),
  is_hosting: z.boolean(),
  /** True when any of is_vpn, is_proxy, is_tor or is_relay is. */
  is_anonymous: z.boolean(),
  bogon: z.boolean(),
  /** 0–100. */
  confidence: z.number().int().min(0).max(100),
  evidence: z.array(evidenceCodeSchema),
  first_seen: isoDate.nullable(),
  last_seen: isoDate.nullable(),
  /** The source of each flag that is set (vpn, proxy, tor, relay, hosting from a feed), with its last-seen date. */
  sources: z.array(detectionSourceSchema),
});
export type DetectionAnswer = z.infer<typeof detectionAnswerSchema>;

export const checkQuerySchema = z.object({
  /** Absent: the caller's own address, as the gateway saw it. */
  ip: z.string().max(100).optional(),
  /** Detections last seen longer ago than this many days count as stale. */
  max_age_days: z.coerce.number().int().min(1).max(3650).optional(),
});

export const batchRequestSchema = z.object({
  ips: z.array(z.string().max(100)).min(1),
});

export const batchItemErrorSchema = z.object({
  ip: z.string().max(100),
  error: z.object({ code: z.literal('invalid_ip'), detail: z.string().max(300) }),
});
export const batchResponseSchema = z.object({
  results: z.array(z.union([detectionAnswerSchema, batchItemErrorSchema])),
});

export const usageResponseSchema = z.object({
  dataVersion: z.object({ version: z.number().int(), date: isoDate }),
  today: z.object({ used: z.number().int(), limit: z.number().int(), resetsAt: z.string() }),
  month: z.object({ used: z.number().int() }),
  burstPerSecond: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Errors: RFC 9457 problem details

export const DETECTION_ERRORS = {
  invalid_ip: { status: 400, title: 'Invalid IP address' },
  invalid_body: { status: 400, title: 'Invalid request body' },
  key_in_query: { status: 400, title: 'API key in the query string' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  revoked_api_key: { status: 401, title: 'Revoked API key' },
  export_not_allowed: { status: 403, title: 'Export not allowed' },
  client_not_allowed: { status: 403, title: 'Client not allowed' },
  not_found: { status: 404, title: 'Not found' },
  batch_too_large: { status: 413, title: 'Batch too large' },
  quota_exceeded: { status: 429, title: 'Daily quota exceeded' },
  rate_limited: { status: 429, title: 'Too many requests' },
  index_loading: { status: 503, title: 'Index loading' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const;
export type DetectionErrorCode = keyof typeof DETECTION_ERRORS;

/**
 * `type` of each problem: a URI reference (relative, so it follows whatever origin serves the
 * site) to the docs page's entry for the code.
 */
export function problemType(code: DetectionErrorCode): string {
  return `${DETECTION_API_DOCS_PATH}#error-${code}`;
}

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.enum(Object.keys(DETECTION_ERRORS) as [DetectionErrorCode, ...DetectionErrorCode[]]),
  instance: z.string().optional(),
  requestId: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

// ---------------------------------------------------------------------------------------------
// Admin: API keys (behind the admin session, under /admin-<hex>)

export const ADMIN_API_KEYS_PATH = '/api-keys';

export const apiKeyViewSchema = z.object({
  id: z.string().uuid(),
  name: z.string().max(100),
  ownerEmail: z.string().max(254),
  /** The first 12 characters (`ts_live_` + 4), enough to tell keys apart, useless to an attacker. */
  prefix: z.string().max(16),
  dailyQuota: z.number().int(),
  burstPerSecond: z.number().int(),
  allowExport: z.boolean(),
  allowedNetworks: z.array(z.string().max(64)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Until when a rotated-away secret still works (null when none does). */
  graceUntil: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  ownerEmail: z.string().trim().max(254).email('Please enter a valid email address'),
  dailyQuota: z.number().int().min(1).max(100_000_000).optional(),
  burstPerSecond: z.number().int().min(1).max(10_000).optional(),
  allowExport: z.boolean().optional(),
  allowedNetworks: z.array(z.string().max(64)).max(100).optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createApiKeyResponseSchema = z.object({
  success: z.literal(true),
  /** The secret: sent this once, never stored or shown again. */
  key: z.string().regex(API_KEY_PATTERN),
  apiKey: apiKeyViewSchema,
});

export const rotateApiKeyRequestSchema = z.object({
  graceHours: z.number().int().min(0).max(API_KEY_MAX_GRACE_HOURS).default(24),
});

export const apiKeyUsageResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** One entry per day, oldest first, days without calls included with 0. */
    days: z.array(z.object({ date: isoDate, count: z.number().int() })),
    dailyQuota: z.number().int(),
  }),
});

export const API_KEY_MESSAGES = {
  notFound: 'API key not found',
  revoked: 'This API key is revoked',
  created: 'API key created. Copy it now: it will not be shown again.',
  rotated: 'API key rotated. Copy the new key now: it will not be shown again.',
  revokedNow: 'API key revoked',
  invalidNetwork:
    'Each allowed network must be an IPv4 or IPv6 network in CIDR notation (e.g. 203.0.113.0/24)',
} as const;

/** The admin calls on API keys, relative to the `/admin-<hex>` prefix (`{id}` is the key's uuid). */
export const ADMIN_API_KEYS_API = {
  list: { method: 'GET', path: '/api-keys' },
  create: { method: 'POST', path: '/api-keys' },
  rotate: { method: 'POST', path: '/api-keys/{id}/rotate' },
  revoke: { method: 'DELETE', path: '/api-keys/{id}' },
  usage: { method: 'GET', path: '/api-keys/{id}/usage' },
} as const;

export const API_KEY_SORT_COLUMNS = ['createdAt', 'name', 'ownerEmail', 'lastUsedAt', 'dailyQuota'] as const;
/** The shared list query: paging, search on name and owner e-mail, sort, and a status filter. */
export const apiKeyListQuerySchema = listQuerySchema({
  sortColumns: API_KEY_SORT_COLUMNS,
  defaultSort: 'createdAt',
  filters: { status: filterField(['active', 'revoked']) },
});
export type ApiKeyListQuery = z.input<typeof apiKeyListQuerySchema>;

export const apiKeyListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(apiKeyViewSchema), pagination: paginationSchema }),
});
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: API_KEY_MESSAGES.notFound }) });

/** The new secret, sent this once; the old one keeps working until `apiKey.graceUntil`. */
export const rotateApiKeyResponseSchema = createApiKeyResponseSchema;

export const revokeApiKeyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  apiKey: apiKeyViewSchema,
});

/** Days of usage the admin chart shows (today included). */
export const API_KEY_USAGE_DAYS = 30;
