/**
 * The sample request and answer the landing page and `/docs/api` show. Plain data with no zod, so
 * the home route's initial chunk stays small; the tests parse the answer with the contracts'
 * schema and hold the paths equal to the contracts' own.
 *
 * The address is a real public one: 37.120.192.0/19 is announced by AS9009 (M247 Europe SRL, a
 * hosting network) in the public ASN data the index is built from, and DB-IP places
 * 37.120.192.0/24 in Amsterdam, North Holland. An address like the documentation range
 * 203.0.113.0/24 would be answered as a bogon, not as this sample shows. The VPN fields are what
 * the generated IP database gives such an address (its vendors are real brand names; which
 * addresses they use is generated), and no data source gives M247 a web domain, so it is null as
 * the API answers it.
 */
import { apiKeyVariable } from '@tunnelscope/contracts';

/** The detection call: shown as an example, never called by the site. */
export const API_PATH = '/api/v1/vpn/check';
export const SAMPLE_IP = '37.120.192.18';

/** The landing page's sample: the spec's fields, in the order the API sends them. */
export const SAMPLE_RESPONSE = {
  ip: SAMPLE_IP,
  vendor: 'Nord Security',
  is_vpn: true,
  is_proxy: false,
  country: 'NL',
  region: 'North Holland',
  city: 'Amsterdam',
  company: { name: 'M247 Europe SRL', domain: null, type: 'hosting' },
  asn: { asn: 'AS9009', name: 'M247 Europe SRL', route: '37.120.192.0/19' },
} as const;

/** The same answer in full, as `/docs/api` shows it. */
export const SAMPLE_FULL_ANSWER = {
  ...SAMPLE_RESPONSE,
  // A detected address is its own most specific network (services/lookup-service/README.md).
  network: '37.120.192.18/32',
  vpn: 'NordVPN',
  is_tor: false,
  is_relay: false,
  is_hosting: true,
  is_anonymous: true,
  bogon: false,
  // VPN exit 70, seen in the last 30 days +15, hosting network +5: lookup-service's rule.
  confidence: 90,
  evidence: ['vpn_exit_observed', 'collector', 'seen_recently', 'hosting_network'],
  first_seen: '2025-03-14',
  last_seen: '2026-11-24',
  // The VPN flag's source: our collectors, last on the day above.
  sources: [{ flag: 'vpn', source: 'collector', provider: null, last_seen: '2026-11-24' }],
} as const;

/** The shell variable the samples read the key from: `TUNNELSCOPE_API_KEY` for the brand TunnelScope. */
export function keyVariable(brandName: string): string {
  // The contracts' one definition: the gateway fills it into the prerendered pages (issue 15).
  return apiKeyVariable(brandName);
}

export function sampleRequest(origin: string, brandName: string, ip: string = SAMPLE_IP): string {
  return `curl "${origin}${API_PATH}?ip=${ip}" \\\n  -H "X-API-Key: $${keyVariable(brandName)}"`;
}
