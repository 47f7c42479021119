/**
 * The IP database calls of the admin panel (database analytics and IP search) and the analytics
 * payload. Field names are the spec's (snake_case, as the panel reads them); where the
 * spec leaves inner fields open ("not shown"), they are named here once and documented in
 * services/analytics-service/README.md.
 */
import { z } from 'zod';
import { EXAMPLE_IP } from './admin-constants.js';

export const IP_SEARCH_MESSAGES = {
  required: 'Please enter an IP address to search',
  invalid: `Please enter a valid IPv4 address (e.g., ${EXAMPLE_IP})`,
} as const;

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** A dotted quad with octets 0 to 255; leading zeros are refused as ambiguous. */
export const IPV4_PATTERN = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export const searchIpRequestSchema = z.strictObject({
  ipAddress: z
    .string({ error: IP_SEARCH_MESSAGES.required })
    .max(64, IP_SEARCH_MESSAGES.invalid)
    .trim()
    .min(1, IP_SEARCH_MESSAGES.required)
    .regex(IPV4_PATTERN, IP_SEARCH_MESSAGES.invalid),
});
export type SearchIpRequest = z.input<typeof searchIpRequestSchema>;

export const IP_RECORD_TYPES = ['current', 'history', 'subdomain', 'subdomain_history'] as const;
export type IpRecordType = (typeof IP_RECORD_TYPES)[number];

/** One IP search result; fields a record's group does not have are null. */
export const ipSearchRecordSchema = z.object({
  data_type: z.enum(IP_RECORD_TYPES),
  ip: z.string(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  isp: z.string().nullable(),
  vpnname: z.string().nullable(),
  vendorname: z.string().nullable(),
  is_vpn: z.boolean().nullable(),
  is_proxy: z.boolean().nullable(),
  is_tor: z.boolean().nullable(),
  /** ISO timestamps. */
  lastchecked: z.string().nullable(),
  historydate: z.string().nullable(),
  subdomainname: z.string().nullable(),
  /** live or dead, for the subdomain groups. */
  subdomain: z.string().nullable(),
  subdomain_lastchecked: z.string().nullable(),
});
export type IpSearchRecord = z.infer<typeof ipSearchRecordSchema>;

export const searchIpResponseSchema = z.object({
  success: z.boolean(),
  data: z.array(ipSearchRecordSchema).optional(),
  recordCount: z.number().int().optional(),
  searchedIp: z.string().optional(),
  networkError: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type SearchIpResponse = z.infer<typeof searchIpResponseSchema>;

const count = z.number().int().min(0);

export const analyticsPayloadSchema = z.object({
  entityTotals: z.object({
    total_ips: count,
    total_subdomains: count,
    total_vpns: count,
    total_vendors: count,
  }),
  tableMetadata: z.array(
    z.object({
      table_name: z.string(),
      rows_estimate: count,
      total_size_bytes: count,
      /** Last vacuum or analyze (manual or automatic), ISO; null shows 'Never'. */
      last_maintenance: z.string().nullable(),
    }),
  ),
  vpnUpdateStatus: z.array(
    z.object({
      vpnid: z.number().int(),
      vpnname: z.string(),
      lastupdated: z.string().nullable(),
      lastrun: z.string().nullable(),
      status: z.string(),
      automation: z.boolean(),
    }),
  ),
  /** Per VPN. */
  vpnSummaryStats: z.array(
    z.object({
      vpnname: z.string(),
      vendorname: z.string(),
      total_iphistory: count,
      total_distinct_ips: count,
      total_live_subdomains: count,
      total_dead_subdomains: count,
      total_isps: count,
      total_countries: count,
      total_cities: count,
    }),
  ),
  vendorVpnList: z.array(z.object({ vendorname: z.string(), vpn_list: z.array(z.string()) })),
  /** Distinct current addresses of all a vendor's VPNs. */
  vendorIpFootprint: z.array(
    z.object({ vendorname: z.string(), vpn_count: count, total_ips: count, countries: count }),
  ),
  vpnMonthlyIpGrowth: z.array(z.object({ vpnname: z.string(), avg_monthly_unique_ips: z.number() })),
  /** Two vendors whose VPNs used the same address (history included). */
  vendorPairs: z.array(z.object({ vendors: z.array(z.string()), shared_ip_count: count })),
  topCountries: z.array(
    z.object({ country: z.string(), ip_count: count, vpn_count: count, isp_count: count }),
  ),
  vpnCountriesCount: z.array(z.object({ vpnname: z.string(), unique_countries: count })),
  vendorsByOrigin: z.array(
    z.object({ vendororigin: z.string(), total_vendors: count, vendors_list: z.array(z.string()) }),
  ),
  /** Per country: how many ISPs carry VPN addresses, and the largest of them. */
  ispCountryBreakdown: z.array(
    z.object({ country: z.string(), isp_count: count, ip_count: count, top_isp: z.string().nullable() }),
  ),
  ispIpCounts: z.array(z.object({ isp: z.string(), unique_ips: count })),
  ispServiceBreakdown: z.array(
    z.object({ isp: z.string(), vpn_ips: count, proxy_ips: count, tor_ips: count }),
  ),
  /** Top 50 ISPs by the number of distinct VPNs using their addresses. */
  ispVpnUsage: z.array(z.object({ isp: z.string(), vpn_count: count, ip_count: count })),
  /** Per VPN, over the last complete calendar month. */
  ipTrends: z.array(
    z.object({
      vpnname: z.string(),
      new_ips_last_month: count,
      legacy_ips_last_month: count,
      new_subdomains_last_month: count,
      deactivated_subdomains_last_month: count,
    }),
  ),
  reusedIps: z.array(z.object({ ip: z.string(), vpn_count: count, vpns: z.array(z.string()) })),
  /** `YYYY-MM`, oldest first. */
  monthlyIpGrowth: z.array(z.object({ month: z.string(), unique_ips: count })),
});
export type AnalyticsPayload = z.infer<typeof analyticsPayloadSchema>;

export const analyticsResponseSchema = z.object({
  success: z.boolean(),
  data: analyticsPayloadSchema.optional(),
  networkError: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  /** When the answer was computed (ISO); a cached answer keeps its time. */
  generatedAt: z.string().optional(),
  /**
   * The data's age: when the last refresh of the analytics views finished (ISO), null when they
   * were never refreshed. The figures are as fresh as this, whatever `generatedAt` says.
   */
  refreshedAt: z.string().nullable().optional(),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** `POST /vpn-db/refresh` (admin role only): refresh the analytics views now (issue 13). */
export const ANALYTICS_REFRESH_MESSAGES = {
  completed: 'Analytics refreshed',
  running: 'The refresh is running; the figures will update when it finishes.',
  inProgress: 'An analytics refresh is already running. Please wait until it has finished.',
} as const;

/**
 * The answer to a refresh request: 200 with `running: false` once the views are refreshed (the
 * new age in `refreshedAt`), or 202 with `running: true` when the refresh outlasts the wait (it
 * goes on; `refreshedAt` is still the previous run's). A refresh already running answers 409
 * `ANALYTICS_REFRESH_MESSAGES.inProgress`; an unreachable IP database answers 200 with
 * `networkError: true` (`ipDatabaseOfflineSchema`), as every `/vpn-db` call does.
 */
export const refreshAnalyticsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().max(200),
  data: z.object({
    running: z.boolean(),
    /** When the last finished refresh of the views ended (ISO), null if never. */
    refreshedAt: z.string().nullable(),
    /** How long the refresh took, when it finished within the wait. */
    durationMs: z.number().int().min(0).nullable(),
  }),
});
export type RefreshAnalyticsResponse = z.infer<typeof refreshAnalyticsResponseSchema>;

/** The request carries nothing: `{}` (the panel's JSON POST); any field is refused with a 400. */
export const refreshAnalyticsRequestSchema = z.strictObject({});

/** The refresh's answer while the IP database cannot be reached (200, as every `/vpn-db` call). */
export const refreshAnalyticsOfflineSchema = z.object({
  success: z.literal(false),
  networkError: z.literal(true),
  error: z.string().max(64),
  message: z.string().max(500),
});
