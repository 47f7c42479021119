/**
 * What the sessions tab shows about a session: a browser guess, a location guess, relative times
 * and the 'Expiring Soon' rule. Pure functions; `now` is passed in.
 */
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { formatDateTime } from '../../components/data-table/format.js';

export type BrowserGuess = 'Chrome' | 'Firefox' | 'Safari' | 'Edge' | 'Unknown';

/**
 * Order matters: Edge's user agent also names Chrome and Safari, and Chrome's names Safari.
 * Mobile spellings count too (EdgA/EdgiOS, FxiOS, CriOS).
 */
export function guessBrowser(userAgent: string | null | undefined): BrowserGuess {
  const ua = userAgent ?? '';
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  // HeadlessChrome/ has no word boundary before "Chrome".
  if (/(?:\b|Headless)(Chrome|Chromium|CriOS)\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua)) return 'Safari';
  return 'Unknown';
}

export type LocationGuess = 'Local' | 'Private Network' | 'External' | 'Unknown';

/** 127.x or localhost: Local; 192.168.x or 10.x: Private Network; any other address: External. */
export function guessLocation(ipAddress: string | null | undefined): LocationGuess {
  if (!ipAddress) return 'Unknown';
  // An IPv4 client seen through an IPv6 socket arrives as ::ffff:a.b.c.d.
  const ip = ipAddress
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  if (ip === 'localhost' || ip === '::1' || ip.startsWith('127.')) return 'Local';
  if (ip.startsWith('192.168.') || ip.startsWith('10.')) return 'Private Network';
  return 'External';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '5 minutes ago', 'in 11 hours', 'yesterday', 'just now'. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    // Round to the nearest unit, but only switch to a unit once a whole one has passed.
    if (abs >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

/** The panel's one date-and-time format, for the tooltip beside a relative time. */
export function formatAbsolute(iso: string): string {
  return formatDateTime(iso, '—');
}

/** Under one hour left before the absolute expiry (not the idle timeout), and not already expired. */
export function isExpiringSoon(expiresAt: string, now: number = Date.now()): boolean {
  const remaining = Date.parse(expiresAt) - now;
  return remaining > 0 && remaining < ADMIN_TIMINGS.expiringSoonMs;
}
