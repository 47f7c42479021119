/**
 * What goes into the offline export, shared by the MMDB and the CSV: the special-purpose ranges
 * (the MMDB answers them as bogons), each answer as an MMDB record and as a CSV row, and the
 * DB-IP credit both files carry.
 */
import { DB_IP_ATTRIBUTION, type DetectionAnswer } from '@tunnelscope/contracts';
import { SPECIAL_RANGES, parseCidr, type Family, type MmdbValue } from '@tunnelscope/ip-index';
import { bogonAnswer } from '../index/snapshot.js';

export type ExportAnswer = Omit<DetectionAnswer, 'ip'>;

/** What DB-IP's CC BY 4.0 licence asks for, in words a file can carry. */
export const EXPORT_ATTRIBUTION = `${DB_IP_ATTRIBUTION.text} (${DB_IP_ATTRIBUTION.href}), licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).`;

export function exportDescription(dataVersion: { version: number; date: string }): string {
  return `TunnelScope VPN, proxy and Tor detection data, data version ${dataVersion.version} of ${dataVersion.date}. ${EXPORT_ATTRIBUTION}`;
}

const MAPPED_START = 0xffffn << 32n;

/**
 * The special-purpose ranges as sorted, merged spans per family. `::ffff:0:0/96` is kept as the
 * IPv6 block it is: the CIDR parser reads a mapped address as IPv4, which would make it 0.0.0.0/0.
 */
function specialSpans(): Record<Family, { start: bigint; end: bigint }[]> {
  const spans: Record<Family, { start: bigint; end: bigint }[]> = { 4: [], 6: [] };
  for (const [cidr] of SPECIAL_RANGES) {
    const span = parseCidr(cidr);
    if (cidr.includes(':') && span.family === 4) {
      spans[6].push({ start: MAPPED_START | span.start, end: MAPPED_START | span.end });
    } else {
      spans[span.family].push({ start: span.start, end: span.end });
    }
  }
  for (const family of [4, 6] as const) {
    const sorted = spans[family].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const merged: { start: bigint; end: bigint }[] = [];
    for (const s of sorted) {
      const last = merged.at(-1);
      if (last && s.start <= last.end + 1n) {
        if (s.end > last.end) last.end = s.end;
      } else {
        merged.push({ ...s });
      }
    }
    spans[family] = merged;
  }
  return spans;
}

export const SPECIAL_SPANS = specialSpans();

/**
 * An answer as an MMDB record: the answer's own field names and nesting, nulls left out (the
 * format has no null; a reader's missing key reads as null).
 */
export function toMmdbRecord(answer: ExportAnswer): MmdbValue {
  const record: Record<string, MmdbValue> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (value === null) continue;
    if (key === 'company' || key === 'asn') {
      record[key] = withoutNulls(value as Record<string, string | null>);
    } else if (key === 'sources') {
      record[key] = (value as ExportAnswer['sources']).map(withoutNulls);
    } else {
      record[key] = value as MmdbValue;
    }
  }
  return record;
}

function withoutNulls(value: Record<string, string | null> | object): Record<string, MmdbValue> {
  const out: Record<string, MmdbValue> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = v as MmdbValue;
  return out;
}

/** The record of every special-purpose range, so the MMDB answers them as the API does. */
export const BOGON_RECORD = toMmdbRecord(bogonAnswer());

/** CSV columns: the block, then the answer's fields in its order (nested ones flattened). */
export const CSV_COLUMNS = [
  'network',
  'vendor',
  'is_vpn',
  'is_proxy',
  'country',
  'region',
  'city',
  'company_name',
  'company_domain',
  'company_type',
  'asn',
  'asn_name',
  'asn_route',
  'answer_network',
  'vpn',
  'is_tor',
  'is_relay',
  'is_hosting',
  'is_anonymous',
  'confidence',
  'evidence',
  'first_seen',
  'last_seen',
  'sources',
] as const;

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 says) for `block` and its answer. */
export function csvRow(block: string, a: ExportAnswer): string {
  const fields: (string | number | boolean | null)[] = [
    block,
    a.vendor,
    a.is_vpn,
    a.is_proxy,
    a.country,
    a.region,
    a.city,
    a.company?.name ?? null,
    a.company?.domain ?? null,
    a.company?.type ?? null,
    a.asn?.asn ?? null,
    a.asn?.name ?? null,
    a.asn?.route ?? null,
    a.network,
    a.vpn,
    a.is_tor,
    a.is_relay,
    a.is_hosting,
    a.is_anonymous,
    a.confidence,
    // Evidence codes are snake_case words, so a space separates them without quoting.
    a.evidence.join(' '),
    a.first_seen,
    a.last_seen,
    // A list of objects: JSON text (quoted as any field holding a quote), empty when none.
    a.sources.length === 0 ? null : JSON.stringify(a.sources),
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/**
 * The attribution as the CSV's first line, a `#` comment: a column would repeat the same sentence
 * on each of up to a million rows; most CSV readers skip it on request (pandas `comment='#'`,
 * csv-parse `comment: '#'`, `tail -n +2`).
 */
export function csvPreamble(dataVersion: { version: number; date: string }): string {
  return `# ${exportDescription(dataVersion)}\r\n`;
}
