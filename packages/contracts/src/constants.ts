/** Business constants of the public site and its services, shared by every side. */

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
/** Wrong tries a code survives (at most 5); the next wrong try kills it. */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes e-mailed to one address in a rolling hour, all forms together. */
export const OTP_MAX_CODES_PER_HOUR = 5;
/** Codes e-mailed to one address in a rolling day, all forms together (issue 13). */
export const OTP_MAX_CODES_PER_DAY = 10;
/** Codes mailed from one client network (/24 IPv4, /64 IPv6) in a rolling hour, whatever the addresses (issue 13). */
export const OTP_MAX_CODES_PER_NETWORK_PER_HOUR = 30;

export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 2000;
export const IP_ADDRESS_MAX_LENGTH = 45;
export const STATUS_MAX_LENGTH = 20;

/** Input maximums of the public forms. A message saying "less than N" still allows exactly N. */
export const MAX_LENGTHS = {
  email: 254,
  name: 100,
  company: 100,
  message: 2000,
  vpnName: 100,
  url: 2048,
  subject: 200,
  useCase: 500,
} as const;

/** `{host}` of the spec: a Play Store link must start with this. */
export const PLAY_STORE_HOST = 'https://play.google.com';
export const PLAY_STORE_PREFIX = `${PLAY_STORE_HOST}/store/`;

/** The choices of the waitlist form's optional "use case" field (the values stored and sent). */
export const WAITLIST_USE_CASES = [
  'fraud-prevention',
  'security-monitoring',
  'content-protection',
  'compliance',
  'analytics',
  'research',
  'other',
] as const;
export type UseCase = (typeof WAITLIST_USE_CASES)[number];

export const RECORD_STATUSES = ['Waiting', 'Pending', 'Complete'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const DEFAULT_RECORD_STATUS: RecordStatus = 'Waiting';

/** Home-page stats shown when the IP database cannot be counted. */
export const STATS_FALLBACK = {
  ipsTracked: '200K+',
  vendorsSupported: '70+',
  accuracyRate: '99.7%',
  updateRate: '12H',
} as const;

/** Routes of the public SPA; anything else is its 404 page, served with HTTP 404. */
export const PUBLIC_ROUTES = [
  '/',
  '/waitlist',
  '/vpn-request',
  '/contact',
  '/privacy',
  '/terms',
  '/eula',
  '/security-demo',
  // The detection API's reference (issue 12); DETECTION_API_DOCS_PATH names the same page.
  '/docs/api',
] as const;

/** UI timings of the public site, in milliseconds. */
export const UI_TIMINGS = {
  copyConfirmationMs: 2000,
  consentWarningMs: 5000,
  scrollToAnchorDelayMs: 100,
  waitlistAutoSubmitDelayMs: 100,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
} as const;

export const CONTACT_REPLY_PROMISE_HOURS = 24;

/** Id of the JSON block in index.html that carries the runtime settings (runtime-config.ts). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
