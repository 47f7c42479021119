/**
 * The words beside the detection API's schemas: what each answer field, nested field and error
 * code means. Plain data, typed against detection-api.ts so a field or code added there without a
 * sentence here fails to compile. The public `/docs/api` page renders these next to the types it
 * reads from the schemas; the OpenAPI document may use them as descriptions.
 */
import { BATCH_MAX_IPS, type DetectionAnswer, type DetectionErrorCode } from './detection-api.js';

type Company = NonNullable<DetectionAnswer['company']>;
type Asn = NonNullable<DetectionAnswer['asn']>;

/** One sentence or two per top-level field of the answer, in the answer's order. */
export const DETECTION_ANSWER_FIELD_DOCS = {
  ip: 'The address you asked about, echoed as you sent it. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) may be answered in its IPv4 form.',
  vendor: 'The company behind the VPN service using the address (for example Nord Security), or null.',
  is_vpn: 'The address is an exit of a commercial VPN service.',
  is_proxy: 'The address relays traffic as an open or commercial proxy.',
  country:
    'Country of the address, as an ISO 3166-1 alpha-2 code (NL, US …), or null where no data gives it.',
  region: 'Region, state or province of the address, or null.',
  city: 'City of the address, or null.',
  company:
    'The organisation that holds the network: its name, its web domain (null where no data gives it) and its type. Null when unknown.',
  asn: 'The autonomous system that announces the address: its number, its name and the announced route. Null when unknown.',
  network: 'The most specific network of our data that holds the address, in CIDR notation.',
  vpn: 'The VPN service (the product, for example NordVPN) using the address, or null.',
  is_tor: "The address is a Tor exit relay (seen by our collectors or on the Tor Project's exit list).",
  is_relay:
    "The address is egress of a privacy relay: in Apple's published iCloud Private Relay ranges, whose advertised location the answer then gives.",
  is_hosting:
    "The network belongs to a hosting, cloud or data-centre provider (its AS owner, or a cloud provider's published ranges).",
  is_anonymous: 'True when any of is_vpn, is_proxy, is_tor or is_relay is true.',
  bogon:
    'The address is private, loopback, link-local, documentation, CGNAT, multicast or otherwise special-purpose: never looked up, every flag false.',
  confidence: 'How sure we are of the flags, from 0 to 100, computed from the evidence.',
  evidence: 'Stable codes that explain the answer and its confidence (see Evidence codes).',
  first_seen:
    'The first day our collectors observed the address in use (YYYY-MM-DD), or null when never seen.',
  last_seen: 'The last day our collectors observed the address in use (YYYY-MM-DD), or null when never seen.',
  sources:
    'Where each flag that is set comes from: { flag, source, provider, last_seen } with source collector, tor_exit_list, icloud_relay_egress or cloud_ranges, the provider a feed names (or null) and the last day that source saw or listed the address. Empty when no flag is set by a source (hosting known only from the AS owner is explained by hosting_network).',
} as const satisfies Record<keyof DetectionAnswer, string>;

/** The fields inside `company` and `asn`, named `company.name`, `asn.route` …. */
export const DETECTION_ANSWER_NESTED_FIELD_DOCS = {
  'company.name': 'Name of the organisation.',
  'company.domain': 'Its web domain, or null where no data gives it.',
  'company.type': 'hosting, isp, business, education or government where the data tells; otherwise null.',
  'asn.asn': 'The autonomous system number, like AS15169.',
  'asn.name': 'The name the autonomous system is registered under.',
  'asn.route': 'The announced route that holds the address, in CIDR notation.',
} as const satisfies Record<`company.${keyof Company & string}` | `asn.${keyof Asn & string}`, string>;

/** When each problem code is answered. */
export const DETECTION_ERROR_DOCS = {
  invalid_ip:
    'The ip parameter (or a batch item) is not one IPv4 or IPv6 address: empty, a CIDR, a range or anything else.',
  invalid_body: `The batch body is not JSON, or not an object whose ips is an array of 1 to ${BATCH_MAX_IPS} strings.`,
  key_in_query:
    'A key was sent in the query string (key, api_key, apikey or token). Send it in the X-API-Key header instead: URLs end up in logs.',
  missing_api_key: 'No key in X-API-Key or Authorization: Bearer.',
  invalid_api_key: 'The key does not have the ts_live_ format, fails its checksum, or is unknown.',
  revoked_api_key: 'The key was revoked, or rotated and its grace period is over.',
  export_not_allowed: 'The key may not download the offline export. Ask us to enable it.',
  client_not_allowed: "The call came from an address outside the key's allowed networks.",
  not_found: 'No such path under /api/v1.',
  batch_too_large: `The batch holds more than ${BATCH_MAX_IPS} addresses. Split it.`,
  quota_exceeded: "The key's daily quota is used up. Retry-After says when it resets.",
  rate_limited: "More requests in one second than the key's burst allows. Retry-After says when to retry.",
  index_loading: 'The service has just started and is still loading its data. Retry in a few seconds.',
  service_unavailable: 'The service cannot answer right now. Retry later.',
} as const satisfies Record<DetectionErrorCode, string>;

/** The credit DB-IP's CC BY 4.0 licence asks for wherever its geolocation data is shown. */
export const DB_IP_ATTRIBUTION = { text: 'IP Geolocation by DB-IP', href: 'https://db-ip.com' } as const;
