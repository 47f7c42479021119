/**
 * The detection index against a real IP database: the small generated dataset, built in a
 * worker with sample public data, looked up for a known VPN address; readiness, the swap on a
 * data-version bump while answering, and the IP database going away after the first load.
 */
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import pg from 'pg';
import { detectionAnswerSchema, type DetectionAnswer } from '@tunnelscope/contracts';
import { migrate } from '@tunnelscope/ipdb-schema';
import { generateDataset, SCALES } from '@tunnelscope/ipdb-dataset';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import { buildInWorker, createDetectionIndex, type DetectionIndex } from '../src/index/detection-index.js';

const AS_OF = new Date('2026-11-20T00:00:00Z');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let db: TestDatabase;
let client: pg.Client;
let generated: { dataVersion: number };
const indexes: DetectionIndex[] = [];

function open(extra: { pollIntervalMs?: number } = {}): DetectionIndex {
  const index = createDetectionIndex({
    ipdbUrl: db.url,
    logger: silent,
    now: () => AS_OF,
    publicData: 'sample',
    sampleEvery: 200,
    pollIntervalMs: extra.pollIntervalMs ?? 60_000,
  });
  indexes.push(index);
  return index;
}

function answer(index: DetectionIndex, ip: string, options?: { maxAgeDays?: number }): DetectionAnswer {
  const result = index.lookup(ip, options);
  if ('invalid' in result) throw new Error(`${ip}: ${result.invalid}`);
  return result;
}

beforeAll(async () => {
  db = await createTestDatabase('lookup-index');
  generated = await generateDataset({ url: db.url, scale: SCALES.small, seed: 7, asOf: AS_OF, migrate });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  for (const index of indexes) await index.close();
  await client?.end();
  await db?.drop();
});

describe('the detection index on the generated small dataset', () => {
  it('was bumped once by the generation: the migration writes version 1, the generation 2', async () => {
    const { rows } = await client.query<{ version: string }>(
      `select version::text as version from data_version`,
    );
    expect(rows).toEqual([{ version: '2' }]);
    expect(generated.dataVersion).toBe(2);
  });

  it('answers an IPv6 VPN, Tor or proxy address of the dataset from the same index', async () => {
    const { rows } = await client.query<{
      address: string;
      is_vpn: boolean;
      is_proxy: boolean;
      is_tor: boolean;
    }>(
      `select host(address) as address, is_vpn, is_proxy, is_tor from ips
        where family(address) = 6 and (is_vpn or is_proxy or is_tor) order by address limit 20`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const index = open();
    await index.start();
    for (const row of rows) {
      expect(answer(index, row.address)).toMatchObject({
        is_vpn: row.is_vpn,
        is_proxy: row.is_proxy,
        is_tor: row.is_tor,
        is_anonymous: true,
        network: `${row.address}/128`,
      });
    }
  }, 60_000);

  it('is not ready and has no data version before the first load', () => {
    const index = open();
    expect(index.ready).toBe(false);
    expect(index.dataVersion).toBeNull();
    expect(index.lookup('8.8.8.8')).toEqual({ invalid: 'index not loaded' });
  });

  it('answers a VPN address of the dataset with its vendor, VPN, dates, geo and ASN', async () => {
    const { rows } = await client.query<{
      address: string;
      vpn: string;
      vendor: string;
      first_seen: string;
      last_seen: string;
    }>(
      `select host(i.address) as address, v.name as vpn, ve.name as vendor,
              to_char(i.first_seen, 'YYYY-MM-DD') as first_seen, to_char(i.last_seen, 'YYYY-MM-DD') as last_seen
         from ips i join vpns v on v.id = i.vpn_id join vendors ve on ve.id = v.vendor_id
        where i.is_vpn and family(i.address) = 4
        order by i.address limit 1`,
    );
    const known = rows[0]!;
    const index = open();
    await index.start();
    expect(index.ready).toBe(true);
    const { rows: version } = await client.query<{ version: string }>(
      `select version::text as version from data_version`,
    );
    expect(index.dataVersion?.version).toBe(Number(version[0]!.version));

    const a = answer(index, known.address);
    expect(detectionAnswerSchema.parse(a)).toEqual(a);
    expect(Object.keys(a)).toEqual(Object.keys(detectionAnswerSchema.shape));
    expect(a).toMatchObject({
      ip: known.address,
      is_vpn: true,
      vendor: known.vendor,
      vpn: known.vpn,
      is_anonymous: true,
      bogon: false,
      first_seen: known.first_seen,
      last_seen: known.last_seen,
      network: `${known.address}/32`,
    });
    expect(a.evidence).toContain('vpn_exit_observed');
    expect(a.confidence).toBeGreaterThanOrEqual(70);
    expect(a.country).toMatch(/^[A-Z]{2}$/);
    expect(a.asn?.asn).toMatch(/^AS\d+$/);
    expect(a.company?.name).toBe(a.asn?.name);

    // The same address, mapped into IPv6, answers as the IPv4 address.
    expect(answer(index, `::ffff:${known.address}`)).toEqual({ ...a, ip: `::ffff:${known.address}` });
    // Stale beyond max_age_days: flags cleared, the evidence says why.
    const days = Math.floor((AS_OF.getTime() - Date.parse(`${known.last_seen}T00:00:00Z`)) / 86_400_000);
    const stale = answer(index, known.address, { maxAgeDays: Math.max(1, days) - 1 || 1 });
    if (days > 1) {
      expect(stale).toMatchObject({ is_vpn: false, vendor: null, is_anonymous: false, confidence: 0 });
      expect(stale.evidence).toContain('stale_detection');
    }
  }, 60_000);

  it('closes at once while its first load is starting, builds nothing and stays not ready', async () => {
    const warnings: string[] = [];
    const index = createDetectionIndex({
      ipdbUrl: db.url,
      logger: { ...silent, warn: (_o, msg) => warnings.push(msg ?? '') },
      publicData: 'sample',
      sampleEvery: 200,
    });
    const starting = index.start();
    await index.close();
    await starting;
    expect(index.ready).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('builds in a worker that can be stopped: a stopped build rejects, a finished one transfers its arrays', async () => {
    const options = { ipdbUrl: db.url, publicData: 'none' as const, sampleEvery: 1 };
    await expect(buildInWorker(options, (worker) => void worker.terminate())).rejects.toThrow(/exited/);
    const data = await buildInWorker(options);
    expect(data.stats.networks.detections).toBe(10_000);
    expect(data.detections.flags.length).toBe(10_000);
  });

  it('answers bogons without a lookup and refuses what is not one address', async () => {
    const index = open();
    await index.start();
    for (const ip of ['10.1.2.3', '192.168.0.1', '203.0.113.42', '::1', 'fe80::1', '100.64.0.1']) {
      expect(answer(index, ip)).toMatchObject({
        ip,
        bogon: true,
        is_anonymous: false,
        evidence: ['special_purpose'],
      });
    }
    for (const ip of ['', '10.0.0.0/8', '1.2.3', 'not an ip', ' 8.8.8.8']) {
      expect(index.lookup(ip)).toHaveProperty('invalid');
    }
  }, 60_000);

  it('swaps to new data on a version bump while lookups keep answering', async () => {
    const index = open({ pollIntervalMs: 50 });
    await index.start();
    const before = index.dataVersion!.version;
    const { rows } = await client.query<{ address: string }>(
      `select host(address) as address from ips where family(address) = 4 and is_vpn order by address desc limit 1`,
    );
    const address = rows[0]!.address;
    expect(answer(index, address).is_vpn).toBe(true);
    await client.query(`begin`);
    await client.query(`update ips set vpn_id = null, is_vpn = false, is_proxy = true where address = $1`, [
      address,
    ]);
    await client.query(`update data_version set version = version + 1, changed_at = now()`);
    await client.query(`commit`);

    // Look up in a loop until the new snapshot answers: every answer is an answer, never an error.
    let failures = 0;
    let lookups = 0;
    await new Promise<void>((resolve) => {
      const spin = (): void => {
        for (let i = 0; i < 200; i++) {
          lookups++;
          if ('invalid' in index.lookup(address)) failures++;
        }
        if (index.dataVersion!.version > before) resolve();
        else setImmediate(spin);
      };
      spin();
    });
    expect(failures).toBe(0);
    expect(lookups).toBeGreaterThan(0);
    expect(index.swaps).toBe(1);
    expect(answer(index, address)).toMatchObject({
      is_vpn: false,
      is_proxy: true,
      vendor: null,
      is_anonymous: true,
    });
  }, 60_000);

  it('rebuilds on the public layers it holds (full and none modes): only the IP database is read again', async () => {
    const loads: { reusedPublicLayers: boolean; version: number }[] = [];
    const index = createDetectionIndex({
      ipdbUrl: db.url,
      logger: {
        ...silent,
        info: (o: object, msg?: string) => {
          if (msg !== 'detection index loaded') return;
          const entry = o as { reusedPublicLayers: boolean; dataVersion: { version: number } };
          loads.push({ reusedPublicLayers: entry.reusedPublicLayers, version: entry.dataVersion.version });
        },
      },
      now: () => AS_OF,
      publicData: 'none',
      pollIntervalMs: 50,
    });
    indexes.push(index);
    await index.start();
    const { rows } = await client.query<{ address: string }>(
      `select host(address) as address from ips where family(address) = 6 and is_vpn order by address limit 1`,
    );
    const address = rows[0]!.address;
    expect(answer(index, address).is_vpn).toBe(true);
    const before = index.dataVersion!.version;
    await client.query(`begin`);
    await client.query(`update ips set vpn_id = null, is_vpn = false, is_tor = true where address = $1`, [
      address,
    ]);
    await client.query(`update data_version set version = version + 1, changed_at = now()`);
    await client.query(`commit`);
    while (index.dataVersion!.version === before) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer(index, address)).toMatchObject({
      is_vpn: false,
      is_tor: true,
      evidence: expect.arrayContaining(['tor_exit', 'collector']),
    });
    expect(loads.map((l) => l.reusedPublicLayers)).toEqual([false, true]);
  }, 60_000);
});

describe('the detection index while the IP database is down', () => {
  let small: TestDatabase;
  beforeAll(async () => {
    small = await createTestDatabase('lookup-index-down');
    await migrate(small.url);
    const c = new pg.Client({ connectionString: small.url });
    await c.connect();
    await c.query(`insert into vendors (id, name, origin_country) values (1, 'Example Vendor', 'PA')`);
    await c.query(`insert into vpns (id, vendor_id, name) values (1, 1, 'Example VPN')`);
    await c.query(
      `insert into ips (address, vpn_id, is_vpn, first_seen, last_seen, last_checked)
       values ('2a01:4f8::10', 1, true, '2026-01-01', '2026-11-19', now())`,
    );
    await c.end();
  });
  afterAll(async () => {
    await small.drop().catch(() => undefined);
  });

  it('keeps answering from its snapshot when the database goes away after the first load', async () => {
    let warned!: () => void;
    const failed = new Promise<void>((resolve) => (warned = resolve));
    const index = createDetectionIndex({
      ipdbUrl: small.url,
      logger: { ...silent, warn: () => warned() },
      now: () => AS_OF,
      publicData: 'none',
      pollIntervalMs: 20,
    });
    indexes.push(index);
    await index.start();
    expect(answer(index, '2a01:4f8::10')).toMatchObject({
      is_vpn: true,
      vendor: 'Example Vendor',
      vpn: 'Example VPN',
    });
    await small.drop();
    await failed; // a poll has failed
    expect(index.ready).toBe(true);
    expect(answer(index, '2a01:4f8::10')).toMatchObject({
      is_vpn: true,
      vpn: 'Example VPN',
      network: '2a01:4f8::10/128',
      first_seen: '2026-01-01',
      last_seen: '2026-11-19',
      evidence: ['vpn_exit_observed', 'collector', 'seen_recently'],
      confidence: 85,
    });
  });

  it('stays not ready when it starts while the database is unreachable', async () => {
    let warned!: () => void;
    const failed = new Promise<void>((resolve) => (warned = resolve));
    const index = createDetectionIndex({
      ipdbUrl: small.url, // dropped by the test above
      logger: { ...silent, warn: () => warned() },
      publicData: 'none',
      pollIntervalMs: 60_000,
    });
    indexes.push(index);
    await index.start();
    await failed;
    expect(index.ready).toBe(false);
    expect(index.dataVersion).toBeNull();
    expect(index.lookup('2a01:4f8::10')).toEqual({ invalid: 'index not loaded' });
  });
});
