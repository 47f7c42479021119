/**
 * The real public data the project ships, as index entries: the @ip-location-db CSVs (AS numbers
 * and organisations, DB-IP countries), IPv4 and IPv6, overlaid into disjoint pieces that each
 * carry one (AS, country) pair, the shape the detection API's index holds.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRange, rangeSpan, type Family, type Span } from '@tunnelscope/ip-index';

const here = path.dirname(fileURLToPath(import.meta.url));
// The data packages are dependencies of ipdb-dataset, which already reads them.
const fromDataset = createRequire(path.join(here, '../../packages/ipdb-dataset/package.json'));

export function dataDir(pkg: '@ip-location-db/asn' | '@ip-location-db/dbip-country'): string {
  return path.dirname(fromDataset.resolve(`${pkg}/package.json`));
}

export function packageVersion(pkg: '@ip-location-db/asn' | '@ip-location-db/dbip-country'): string {
  return (JSON.parse(fs.readFileSync(path.join(dataDir(pkg), 'package.json'), 'utf8')) as { version: string })
    .version;
}

interface Row<T> {
  span: Span;
  value: T;
}

/** `start,end,rest` lines; `rest` may be a quoted CSV field with "" escapes. */
function readCsv<T>(file: string, value: (fields: string) => T): Array<Row<T>> {
  const rows: Array<Row<T>> = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    rows.push({ span: parseRange(line.slice(0, a), line.slice(a + 1, b)), value: value(line.slice(b + 1)) });
  }
  rows.sort((x, y) => (x.span.start < y.span.start ? -1 : x.span.start > y.span.start ? 1 : 0));
  return rows;
}

function unquote(field: string): string {
  return field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
}

export interface Piece {
  span: Span;
  asn: number; // index into `asns`, or -1
  country: number; // index into `countries`, or -1
}

/** Disjoint pieces where either list has data, each with what both lists say there. */
function overlay<A, B>(
  family: Family,
  as: Array<Row<A>>,
  bs: Array<Row<B>>,
  ai: (v: A) => number,
  bi: (v: B) => number,
): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  let j = 0;
  let pos = 0n;
  const inf = 1n << 129n;
  while (i < as.length || j < bs.length) {
    const a = as[i];
    const b = bs[j];
    if (a && a.span.end < pos) {
      i++;
      continue;
    }
    if (b && b.span.end < pos) {
      j++;
      continue;
    }
    const aIn = a !== undefined && a.span.start <= pos;
    const bIn = b !== undefined && b.span.start <= pos;
    if (!aIn && !bIn) {
      pos = a && b ? (a.span.start < b.span.start ? a.span.start : b.span.start) : (a ?? b)!.span.start;
      continue;
    }
    let end = inf;
    if (a) end = minBig(end, aIn ? a.span.end : a.span.start - 1n);
    if (b) end = minBig(end, bIn ? b.span.end : b.span.start - 1n);
    pieces.push({
      span: rangeSpan(family, pos, end),
      asn: aIn ? ai(a.value) : -1,
      country: bIn ? bi(b.value) : -1,
    });
    pos = end + 1n;
  }
  return pieces;
}

function minBig(x: bigint, y: bigint): bigint {
  return x < y ? x : y;
}

export interface Dataset {
  pieces: Record<Family, Piece[]>;
  asns: Array<{ number: number; name: string }>;
  countries: string[];
  csvRows: number;
}

export function loadDataset(): Dataset {
  const asns: Array<{ number: number; name: string }> = [];
  const asnIds = new Map<string, number>();
  const countries: string[] = [];
  const countryIds = new Map<string, number>();
  const asnOf = (fields: string) => {
    const comma = fields.indexOf(',');
    const key = fields;
    let id = asnIds.get(key);
    if (id === undefined) {
      id = asns.length;
      asns.push({ number: Number(fields.slice(0, comma)), name: unquote(fields.slice(comma + 1)) });
      asnIds.set(key, id);
    }
    return id;
  };
  const countryOf = (code: string) => {
    let id = countryIds.get(code);
    if (id === undefined) {
      id = countries.length;
      countries.push(code);
      countryIds.set(code, id);
    }
    return id;
  };
  const asnDir = dataDir('@ip-location-db/asn');
  const countryDir = dataDir('@ip-location-db/dbip-country');
  let csvRows = 0;
  const pieces = {} as Record<Family, Piece[]>;
  for (const family of [4, 6] as const) {
    const as = readCsv(path.join(asnDir, `asn-ipv${family}.csv`), asnOf);
    const cs = readCsv(path.join(countryDir, `dbip-country-ipv${family}.csv`), countryOf);
    csvRows += as.length + cs.length;
    pieces[family] = overlay(
      family,
      as,
      cs,
      (v) => v,
      (v) => v,
    );
  }
  return { pieces, asns, countries, csvRows };
}
