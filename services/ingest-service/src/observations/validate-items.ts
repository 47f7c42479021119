/**
 * One by one, the items of a collector batch: each is checked against its schema, its address
 * parsed strictly (an IPv4-mapped IPv6 address is stored as the IPv4 address it carries) and
 * refused when special-purpose (a collector behind NAT reporting 10.0.0.1 would poison the data),
 * and its time refused when it lies in the future. A bad item is refused with its reason; the
 * rest go on.
 *
 * Observations are checked by a hand-written fast accept first (quick-check.ts) and by zod only
 * when that is not sure, so a well-formed batch of 5,000 skips zod's generic parse; what passes
 * and the reasons for a refusal are zod's either way.
 */
import {
  INGEST_ITEM_ERRORS,
  observationSchema,
  resolutionSchema,
  type IngestItemErrorCode,
  type Observation,
  type RefusedItem,
  type Resolution,
} from '@tunnelscope/contracts';
import { formatAddress, isBogon, parseAddress } from '@tunnelscope/ip-index';
import { quickObservation } from './quick-check.js';

/** A collector's clock may run a little ahead of ours; more than this is a bug in the collector. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export interface ValidObservation extends Observation {
  /** The address in canonical form (RFC 5952 for IPv6, IPv4 for a mapped address). */
  address: string;
  at: Date;
}

export interface ValidResolution extends Resolution {
  address: string | null;
  at: Date;
}

type List = RefusedItem['list'];

function refusal(list: List, index: number, code: IngestItemErrorCode, detail?: string): RefusedItem {
  return { list, index, code, detail: detail ?? INGEST_ITEM_ERRORS[code] };
}

/** The canonical address, or the refusal code. */
function checkAddress(text: string): { address: string } | { code: IngestItemErrorCode } {
  const parsed = parseAddress(text);
  if (!parsed) return { code: 'invalid_ip' };
  if (isBogon(parsed)) return { code: 'special_purpose_ip' };
  return { address: formatAddress(parsed) };
}

function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return INGEST_ITEM_ERRORS.invalid_item;
  const path = issue.path.map(String).join('.');
  return `${path ? `${path}: ` : ''}${issue.message}`.slice(0, 200);
}

export function validateObservations(
  items: readonly unknown[],
  now: Date,
): { valid: (ValidObservation & { index: number })[]; refused: RefusedItem[] } {
  const valid: (ValidObservation & { index: number })[] = [];
  const refused: RefusedItem[] = [];
  const latest = now.getTime() + FUTURE_TOLERANCE_MS;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    let data = quickObservation(item);
    if (!data) {
      const parsed = observationSchema.safeParse(item);
      if (!parsed.success) {
        refused.push(refusal('observations', index, 'invalid_item', firstIssue(parsed.error)));
        continue;
      }
      data = parsed.data;
    }
    const checked = checkAddress(data.ip);
    if ('code' in checked) {
      refused.push(refusal('observations', index, checked.code));
      continue;
    }
    const at = new Date(data.observedAt);
    if (at.getTime() > latest) {
      refused.push(refusal('observations', index, 'future_timestamp'));
      continue;
    }
    const observation = data as ValidObservation & { index: number };
    observation.address = checked.address;
    observation.at = at;
    observation.index = index;
    valid.push(observation);
  }
  return { valid, refused };
}

export function validateResolutions(
  items: readonly unknown[],
  now: Date,
): { valid: (ValidResolution & { index: number })[]; refused: RefusedItem[] } {
  const valid: (ValidResolution & { index: number })[] = [];
  const refused: RefusedItem[] = [];
  items.forEach((item, index) => {
    const parsed = resolutionSchema.safeParse(item);
    if (!parsed.success)
      return refused.push(refusal('resolutions', index, 'invalid_item', firstIssue(parsed.error)));
    let address: string | null = null;
    if (parsed.data.ip !== null) {
      const checked = checkAddress(parsed.data.ip);
      if ('code' in checked) return refused.push(refusal('resolutions', index, checked.code));
      address = checked.address;
    }
    const at = new Date(parsed.data.resolvedAt);
    if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
      return refused.push(refusal('resolutions', index, 'future_timestamp'));
    valid.push({ ...parsed.data, hostname: parsed.data.hostname.toLowerCase(), address, at, index });
  });
  return { valid, refused };
}
