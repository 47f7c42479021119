/**
 * The offline export against a real index: the small generated dataset in an IP database of the
 * suite's own, the index built from it with sample public data, the app with a key that may export
 * and one that may not. The MMDB is read back with the `maxmind` reader and the CSV with an
 * RFC 4180 parser, both compared with the API's own answers.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Reader } from 'maxmind';
import pg from 'pg';
import { migrate as migrateAuth } from '@tunnelscope/auth-service/migrations';
import { PROBLEM_CONTENT_TYPE, type DetectionAnswer } from '@tunnelscope/contracts';
import { generateDataset, SCALES } from '@tunnelscope/ipdb-dataset';
import { formatIPv4, formatIPv6, parseCidr } from '@tunnelscope/ip-index';
import { migrate as migrateIpdb } from '@tunnelscope/ipdb-schema';
import { createDb, createRedis, type Clock } from '@tunnelscope/service-kit';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  deleteKeysWithPrefix,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { LookupDatabase, LookupDb } from '../src/db/schema.js';
import { CSV_COLUMNS } from '../src/export/export-data.js';
import { createDetectionIndex, type DetectionIndex } from '../src/index/detection-index.js';
import { migrate } from '../src/migrations/index.js';
import { CLI_SUBJECT, apiCall } from './helpers.js';

const AS_OF = new Date('2026-11-20T00:00:00Z');
const MMDB = '/api/v1/export/tunnelscope.mmdb';
const CSV = '/api/v1/export/tunnelscope.csv';
const SAMPLES = 100_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Answer = Omit<DetectionAnswer, 'ip'>;

let ipdb: TestDatabase;
let appDatabase: TestDatabase;
let ipdbClient: pg.Client;
let db: LookupDb;
let redis: Redis;
let subscriber: Redis;
let index: DetectionIndex;
let app: FastifyInstance;
let config: Config;
let prefix: string;
let exportKey: string;
let plainKey: string;

beforeAll(async () => {
  ipdb = await createTestDatabase('lookup-export-ipdb');
  await generateDataset({ url: ipdb.url, scale: SCALES.small, seed: 11, asOf: AS_OF, migrate: migrateIpdb });
  ipdbClient = new pg.Client({ connectionString: ipdb.url });
  await ipdbClient.connect();

  appDatabase = await createTestDatabase('lookup_export');
  await migrateAuth(appDatabase.url);
  await migrate(appDatabase.url);
  prefix = uniqueRedisPrefix('lookup-export');
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: appDatabase.url,
    IPDB_URL: ipdb.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
  });
  db = createDb<LookupDatabase>(appDatabase.url, { max: 3 });
  redis = createRedis(TEST_REDIS_URL);
  subscriber = createRedis(TEST_REDIS_URL);
  index = createDetectionIndex({
    ipdbUrl: ipdb.url,
    logger: silent,
    now: () => AS_OF,
    publicData: 'sample',
    sampleEvery: 200,
    pollIntervalMs: 100,
  });
  await index.start();
  const clock: Clock = new TestClock();
  app = await buildApp({ config, db, redis, subscriber, index, clock });
  await app.ready();
  const create = async (allowExport: boolean) =>
    (
      await app.lookup.apiKeys.create(CLI_SUBJECT, {
        name: allowExport ? 'Exporter' : 'Plain',
        ownerEmail: `${randomUUID().slice(0, 8)}@example.com`,
        allowExport,
        dailyQuota: 1_000_000,
      })
    ).key;
  exportKey = await create(true);
  plainKey = await create(false);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await index?.close();
  if (redis) await deleteKeysWithPrefix(redis, prefix);
  redis?.disconnect();
  subscriber?.disconnect();
  await db?.destroy();
  await ipdbClient?.end();
  await appDatabase?.drop();
  await ipdb?.drop();
});

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** What the CSV row of an answer must say, column by column. */
function expectedRow(network: string, a: Answer): Record<(typeof CSV_COLUMNS)[number], string> {
  const s = (v: string | number | boolean | null | undefined) =>
    v === null || v === undefined ? '' : String(v);
  return {
    network,
    vendor: s(a.vendor),
    is_vpn: s(a.is_vpn),
    is_proxy: s(a.is_proxy),
    country: s(a.country),
    region: s(a.region),
    city: s(a.city),
    company_name: s(a.company?.name),
    company_domain: s(a.company?.domain),
    company_type: s(a.company?.type),
    asn: s(a.asn?.asn),
    asn_name: s(a.asn?.name),
    asn_route: s(a.asn?.route),
    answer_network: s(a.network),
    vpn: s(a.vpn),
    is_tor: s(a.is_tor),
    is_relay: s(a.is_relay),
    is_hosting: s(a.is_hosting),
    is_anonymous: s(a.is_anonymous),
    confidence: s(a.confidence),
    evidence: a.evidence.join(' '),
    first_seen: s(a.first_seen),
    last_seen: s(a.last_seen),
    sources: a.sources.length === 0 ? '' : JSON.stringify(a.sources),
  };
}

/** An MMDB record as the answer it stands for (a missing key is null; no record: no data). */
function answerOfRecord(r: Record<string, unknown> | null): Answer {
  const get = <T>(k: string, fallback: T): T => (r && k in r ? (r[k] as T) : fallback);
  const company = get<{ name: string; domain?: string; type?: string } | null>('company', null);
  const asn = get<{ asn: string; name: string; route: string } | null>('asn', null);
  return {
    vendor: get('vendor', null),
    is_vpn: get('is_vpn', false),
    is_proxy: get('is_proxy', false),
    country: get('country', null),
    region: get('region', null),
    city: get('city', null),
    company: company
      ? { name: company.name, domain: company.domain ?? null, type: (company.type ?? null) as never }
      : null,
    asn: asn ? { asn: asn.asn, name: asn.name, route: asn.route } : null,
    network: get('network', null),
    vpn: get('vpn', null),
    is_tor: get('is_tor', false),
    is_relay: get('is_relay', false),
    is_hosting: get('is_hosting', false),
    is_anonymous: get('is_anonymous', false),
    bogon: get('bogon', false),
    confidence: get('confidence', 0),
    evidence: get('evidence', []),
    first_seen: get('first_seen', null),
    last_seen: get('last_seen', null),
    sources: get<Record<string, string>[]>('sources', []).map((x) => ({
      flag: x.flag as never,
      source: x.source as never,
      provider: x.provider ?? null,
      last_seen: x.last_seen ?? null,
    })),
  };
}

function apiAnswer(ip: string): Answer {
  const result = index.lookup(ip);
  if ('invalid' in result) throw new Error(`${ip}: ${result.invalid}`);
  const { ip: _ip, ...rest } = result;
  return rest;
}

/** A deterministic generator, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function randomBigInt(random: () => number, below: bigint): bigint {
  let value = 0n;
  for (let i = 0; i < 5; i++) value = (value << 32n) | BigInt(Math.floor(random() * 2 ** 32));
  return value % below;
}

function addressText(family: 4 | 6, value: bigint): string {
  if (family === 4) return formatIPv4(Number(value));
  const w = (shift: bigint) => Number((value >> shift) & 0xffffffffn);
  return formatIPv6([w(96n), w(64n), w(32n), w(0n)]);
}

async function download(url: string, key: string, headers: Record<string, string> = {}) {
  return apiCall(app, config, { url, key, headers });
}

function csvRows(text: string): { preamble: string; header: string[]; rows: string[][] } {
  const newline = text.indexOf('\r\n');
  const [header, ...rows] = parseCsv(text.slice(newline + 2));
  return { preamble: text.slice(0, newline), header: header!, rows };
}

describe('GET /api/v1/export/tunnelscope.mmdb and .csv', () => {
  it('serves both files with their type, name, ETag and data version, and 304 for the version held', async () => {
    const version = index.dataVersion!;
    const mmdb = await download(MMDB, exportKey);
    expect(mmdb.statusCode).toBe(200);
    expect(mmdb.headers['content-type']).toBe('application/octet-stream');
    expect(mmdb.headers['content-disposition']).toBe(
      `attachment; filename="tunnelscope-${version.version}.mmdb"`,
    );
    expect(mmdb.headers.etag).toBe(`"${version.version}"`);
    expect(mmdb.headers['x-data-version']).toBe(`${version.version}; date=${version.date}`);
    expect(mmdb.headers['ratelimit-policy']).toBeDefined();
    expect(Number(mmdb.headers['content-length'])).toBe(mmdb.rawPayload.length);

    const csv = await download(CSV, exportKey);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tunnelscope-${version.version}.csv"`,
    );
    expect(csv.headers.etag).toBe(`"${version.version}"`);

    const again = await download(CSV, exportKey, { 'if-none-match': `"${version.version}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  }, 60_000);

  it('gives, read back with the maxmind reader, the API answer of 100,000 sampled addresses', async () => {
    const mmdb = await download(MMDB, exportKey);
    const reader = new Reader<Record<string, unknown>>(mmdb.rawPayload);
    const description = (reader.metadata.description as unknown as Record<string, string>).en!;
    expect(description).toContain('IP Geolocation by DB-IP');
    expect(description).toContain('CC BY 4.0');
    expect(reader.metadata.databaseType).toBe('TunnelScope-Detection');

    const { rows } = csvRows((await download(CSV, exportKey)).payload);
    const blocks = rows.map((r) => parseCidr(r[0]!));
    const random = rng(20261125);
    const samples: string[] = [];
    // Most inside the export's networks (every kind of answer), the rest anywhere: misses and
    // bogons of both families (IPv6 outside ::/96, which the format keeps for IPv4).
    while (samples.length < SAMPLES * 0.7) {
      const block = blocks[Math.floor(random() * blocks.length)]!;
      samples.push(
        addressText(block.family, block.start + randomBigInt(random, block.end - block.start + 1n)),
      );
    }
    while (samples.length < SAMPLES * 0.9) samples.push(formatIPv4(Math.floor(random() * 2 ** 32)));
    while (samples.length < SAMPLES) {
      const value = randomBigInt(random, 1n << 128n);
      if (value >> 32n === 0n) continue;
      samples.push(addressText(6, value));
    }

    const mismatches: unknown[] = [];
    const seen = { vpn: 0, proxy: 0, tor: 0, bogon: 0, none: 0, v6: 0 };
    for (const ip of samples) {
      const api = apiAnswer(ip);
      const fromMmdb = answerOfRecord(reader.get(ip));
      if (JSON.stringify(fromMmdb) !== JSON.stringify(api)) {
        if (mismatches.length < 5) mismatches.push({ ip, api, fromMmdb });
      }
      if (api.is_vpn) seen.vpn++;
      if (api.is_proxy) seen.proxy++;
      if (api.is_tor) seen.tor++;
      if (api.bogon) seen.bogon++;
      if (api.network === null && !api.bogon) seen.none++;
      if (ip.includes(':') && api.network !== null) seen.v6++;
    }
    expect(mismatches).toEqual([]);
    // The sample covers every kind of answer, so the comparison means something.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  }, 60_000);

  it('lists every network once as an RFC 4180 row matching the API at its first and last address', async () => {
    const { preamble, header, rows } = csvRows((await download(CSV, exportKey)).payload);
    expect(preamble).toMatch(
      /^# TunnelScope .*IP Geolocation by DB-IP \(https:\/\/db-ip\.com\), licensed CC BY 4\.0/,
    );
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBeGreaterThan(1000);

    // Checked in a plain loop (jest's expect per row would dominate the run); the first few
    // problems are reported together.
    const problems: unknown[] = [];
    const previousEnd = { 4: -1n, 6: -1n };
    const families = { 4: 0, 6: 0 };
    for (const row of rows) {
      if (problems.length >= 5) break;
      if (row.length !== CSV_COLUMNS.length) {
        problems.push({ row, fields: row.length });
        continue;
      }
      const block = parseCidr(row[0]!);
      // In address order, IPv4 then IPv6, never overlapping.
      if (block.start <= previousEnd[block.family] || (block.family === 4 && families[6] > 0)) {
        problems.push({ outOfOrder: row[0] });
      }
      previousEnd[block.family] = block.end;
      families[block.family]++;
      const line = JSON.stringify(Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, row[i]!])));
      for (const edge of [block.start, block.end]) {
        const ip = addressText(block.family, edge);
        const api = apiAnswer(ip);
        if (api.bogon || JSON.stringify(expectedRow(row[0]!, api)) !== line) problems.push({ ip, row, api });
      }
    }
    expect(problems).toEqual([]);
    expect(families[4]).toBeGreaterThan(0);
    expect(families[6]).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a key without the export permission with 403 export_not_allowed, and no key with 401', async () => {
    for (const url of [MMDB, CSV]) {
      const refused = await download(url, plainKey);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
      expect(refused.json()).toMatchObject({ status: 403, code: 'export_not_allowed' });
    }
    const anonymous = await apiCall(app, config, { url: MMDB });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'missing_api_key' });
  });

  it('builds a new export after a swap, with the new data and version', async () => {
    const before = index.dataVersion!.version;
    const oldCsv = await download(CSV, exportKey);
    const { rows } = await ipdbClient.query<{ address: string }>(
      `select host(address) as address from ips where family(address) = 4 and is_vpn order by address limit 1`,
    );
    const address = rows[0]!.address;
    const rowOf = (text: string) => csvRows(text).rows.find((r) => r[0] === `${address}/32`);
    expect(rowOf(oldCsv.payload)?.[CSV_COLUMNS.indexOf('is_vpn')]).toBe('true');

    await ipdbClient.query('begin');
    await ipdbClient.query(
      `update ips set vpn_id = null, is_vpn = false, is_proxy = true where address = $1`,
      [address],
    );
    await ipdbClient.query(`update data_version set version = version + 1, changed_at = now()`);
    await ipdbClient.query('commit');
    // The index polls every 100 ms and emits nothing on a swap: watch its version, bounded.
    const deadline = Date.now() + 30_000;
    while (index.dataVersion!.version === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(index.dataVersion!.version).toBeGreaterThan(before);

    // Until the new build is on disk (a download waits for it only briefly), the previous
    // version's files are served under their own ETag; then the new ones. Bounded.
    const after = index.dataVersion!.version;
    let csv = await download(CSV, exportKey);
    while (csv.headers.etag !== `"${after}"` && Date.now() < deadline) {
      expect(csv.statusCode).toBe(200);
      expect(csv.headers.etag).toBe(`"${before}"`);
      expect(csv.headers['x-data-version']).toMatch(new RegExp(`^${before}; `));
      csv = await download(CSV, exportKey);
    }
    expect(csv.headers.etag).toBe(`"${after}"`);
    expect(csv.headers['x-data-version']).toMatch(new RegExp(`^${after}; `));
    const row = rowOf(csv.payload)!;
    expect(row[CSV_COLUMNS.indexOf('is_vpn')]).toBe('false');
    expect(row[CSV_COLUMNS.indexOf('is_proxy')]).toBe('true');
    const reader = new Reader<Record<string, unknown>>((await download(MMDB, exportKey)).rawPayload);
    expect(answerOfRecord(reader.get(address))).toEqual(apiAnswer(address));
    expect(reader.get(address)).toMatchObject({ is_proxy: true });
  }, 60_000);
});
