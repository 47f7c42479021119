/**
 * A hand-written fast accept for the common, well-formed observation, so a batch of 5,000 does
 * not pay zod's generic object parse 5,000 times (bench/ingest, issue 17's speed). It only ever
 * ACCEPTS: it answers the exact value `observationSchema` would produce (strings trimmed), or
 * `undefined` — "not sure" — and the caller then asks zod, which decides and words the refusal.
 * So what is accepted and refused, and why, stays zod's, in packages/contracts; this file must
 * accept nothing zod refuses (quick-check.test.ts compares the two over thousands of mutated
 * items, including every boundary below).
 */
import type { Observation } from '@tunnelscope/contracts';

const OBSERVATION_KEYS = new Set(['vpn', 'vendor', 'ip', 'observedAt', 'location', 'protocol']);

/**
 * RFC 3339 with seconds and a `Z` or `±hh:mm` offset, as `z.iso.datetime({ offset: true })`
 * takes it; the day of the month is checked against the month (and leap years) below.
 */
const INSTANT =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const COUNTRY = /^[A-Z]{2}$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = INSTANT.exec(value);
  return m !== null && Number(m[3]) <= daysInMonth(Number(m[1]), Number(m[2]));
}

/** A trimmed string of `min`…`max` characters (zod's `.trim().min().max()`), or undefined. */
function trimmed(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= max ? text : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** What `observationSchema.parse(item)` returns, when the item is plainly well-formed; else undefined. */
export function quickObservation(item: unknown): Observation | undefined {
  if (!isPlainObject(item)) return undefined;
  for (const key of Object.keys(item)) if (!OBSERVATION_KEYS.has(key)) return undefined;
  const vpn = trimmed(item.vpn, 100);
  const { ip, observedAt } = item;
  if (vpn === undefined || typeof ip !== 'string' || ip.length > 64 || !isInstant(observedAt))
    return undefined;
  const out: Observation = { vpn, ip, observedAt };
  if (item.vendor !== undefined) {
    const vendor = trimmed(item.vendor, 100);
    if (vendor === undefined) return undefined;
    out.vendor = vendor;
  }
  if (item.location !== undefined) {
    const location = item.location;
    if (!isPlainObject(location)) return undefined;
    const keys = Object.keys(location);
    if (keys.length !== 2 || !('country' in location) || !('city' in location)) return undefined;
    const { country } = location;
    const city = trimmed(location.city, 100);
    if (typeof country !== 'string' || !COUNTRY.test(country) || city === undefined) return undefined;
    out.location = { country, city };
  }
  if (item.protocol !== undefined) {
    const protocol = trimmed(item.protocol, 32);
    if (protocol === undefined) return undefined;
    out.protocol = protocol;
  }
  return out;
}
