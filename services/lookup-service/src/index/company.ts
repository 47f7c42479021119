/**
 * What kind of organisation owns a network, from the AS organisation name of the public ASN data
 * (the only owner data every address has). A curated rule, not a registry: names of hosting,
 * cloud and data-centre providers (and the providers VPN fleets are known to rent from) make a
 * network `hosting`; universities and schools `education`; ministries and public administrations
 * `government`; access and transit carriers `isp`; companies whose name only says they are a
 * company `business`; anything else stays unknown (null), which is honest for a name alone.
 */
export const COMPANY_TYPE_CODES = [null, 'hosting', 'isp', 'business', 'education', 'government'] as const;
export type CompanyTypeCode = 0 | 1 | 2 | 3 | 4 | 5;

const HOSTING =
  /\b(hosting|hoster|cloud|data ?cent(?:er|re)s?|datacenter|servers?|colocation|colo|vps|dedicated|m247|ovh|ovhcloud|digitalocean|hetzner|leaseweb|choopa|vultr|constant company|linode|akamai|amazon|aws|microsoft|azure|google cloud|oracle|alibaba cloud|tencent cloud|contabo|scaleway|ionos|datacamp|cdn77|zenlayer|psychz|quadranet|colocrossing|hostroyale|tzulo|xtom|clouvider|packethub|gsl networks|performive|31173 services|aeza|stark industries|frantech|hostwinds|datapacket|sharktech|servers\.com|serverius|worldstream|nforce|g-core|gcore|hivelocity|i3d|selectel|timeweb|kamatera|upcloud|interserver|netcup|hostkey|flokinet|cloudflare|fastly)\b/i;
/** Access networks whose names happen to contain a hosting word ("Cable & Data Centre"). */
const NOT_HOSTING = /\b(telecom\w*|telecomunica\w*|telekom|mobile|movil|cable|broadband|wireless|bank)\b/i;
const EDUCATION =
  /\b(universit\w*|universidad|universidade|universitat|college|school|academy|institute of technology|research and education|education\w*|edu)\b/i;
const GOVERNMENT =
  /\b(government|ministry|ministerio|ministere|federal|municipal\w*|county of|city of|state of|department of|agency|parliament|bundes\w*)\b/i;
const ISP =
  /\b(telecom\w*|telecomunica\w*|telekom|telefonica|communications?|broadband|cable|fib(?:er|re)|wireless|mobile|movil|internet service|isp|net(?:works?)? (?:ltd|llc|inc)|telco|vodafone|orange|comcast|verizon|at&t|charter|cox|t-mobile|rostelecom|chinanet|china unicom|china mobile|jio|airtel)\b/i;
const BUSINESS =
  /\b(inc|llc|ltd|limited|gmbh|s\.?a\.?|corp(?:oration)?|co\.|company|plc|ag|bv|s\.?r\.?l\.?|pty)\b\.?/i;

/** The company type of an AS organisation name (0 = unknown). */
export function companyTypeOf(orgName: string): CompanyTypeCode {
  const name = orgName.slice(0, 300);
  if (HOSTING.test(name) && !NOT_HOSTING.test(name)) return 1;
  if (EDUCATION.test(name)) return 4;
  if (GOVERNMENT.test(name)) return 5;
  if (ISP.test(name)) return 2;
  if (BUSINESS.test(name)) return 3;
  return 0;
}
