/**
 * The rules of `ips` and `ip_history` that upsert-observations.ts implements in one statement:
 * newest observation wins (by its own time; ties by position in the batch), dates only widen,
 * one history row per address and UTC day, rows already at the outcome skipped without a write,
 * and concurrent batches over the same addresses neither deadlock nor lose the newest.
 */
import { INGEST_API } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import {
  call,
  createTestContext,
  dataVersion,
  newCollectorToken,
  seedVpn,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext('observation_upserts');
  token = await newCollectorToken(ctx);
  await seedVpn(ctx, 'Alpha VPN', 'Alpha Vendor');
  await seedVpn(ctx, 'Beta VPN', 'Beta Vendor');
});
afterAll(async () => {
  await ctx?.close();
});

interface Item {
  vpn: string;
  ip: string;
  observedAt: string;
  location?: { country: string; city: string };
}
const post = async (observations: Item[]) => {
  const res = await call(ctx, {
    method: 'POST',
    url: INGEST_API.observations.path,
    token,
    body: { observations },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    changed: { addresses: number; history: number; hostnames: number };
    dataVersion: number | null;
    refused: unknown[];
  };
};

async function ipRow(address: string) {
  const rows = await sql<{
    vpn: string;
    country: string | null;
    city: string | null;
    span: string;
    checked: string;
  }>`
    select v.name as vpn, i.country, i.city,
      to_char(i.first_seen, 'YYYY-MM-DD') || '..' || to_char(i.last_seen, 'YYYY-MM-DD') as span,
      to_char(i.last_checked at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as checked
    from ips i join vpns v on v.id = i.vpn_id where i.address = ${address}::inet
  `.execute(ctx.db);
  return rows.rows[0];
}

async function history(address: string) {
  const rows = await sql<{ day: string; vpn: string; city: string | null }>`
    select to_char(h.seen_on, 'YYYY-MM-DD') as day, v.name as vpn, h.city
    from ip_history h join vpns v on v.id = h.vpn_id where h.address = ${address}::inet order by h.seen_on
  `.execute(ctx.db);
  return rows.rows;
}

const amsterdam = { country: 'NL', city: 'Amsterdam' };
const berlin = { country: 'DE', city: 'Berlin' };

describe('observations into ips and ip_history', () => {
  it('takes the newest observation of a batch by its time, not its position, and one history row per UTC day', async () => {
    const ip = '185.159.160.1';
    const body = await post([
      { vpn: 'Beta VPN', ip, observedAt: '2026-11-21T23:30:00Z', location: berlin },
      { vpn: 'Alpha VPN', ip, observedAt: '2026-11-20T08:00:00Z', location: amsterdam },
      // 00:30 at +02:00 is still the 21st in UTC: the same history day as the first item, older.
      { vpn: 'Alpha VPN', ip, observedAt: '2026-11-22T00:30:00+02:00', location: amsterdam },
      { vpn: 'Alpha VPN', ip, observedAt: '2026-11-19T12:00:00Z' },
    ]);
    expect(body.changed).toEqual({ addresses: 1, history: 3, hostnames: 0 });
    expect(await ipRow(ip)).toEqual({
      vpn: 'Beta VPN',
      country: 'DE',
      city: 'Berlin',
      span: '2026-11-19..2026-11-21',
      checked: '2026-11-21T23:30',
    });
    expect(await history(ip)).toEqual([
      { day: '2026-11-19', vpn: 'Alpha VPN', city: null },
      { day: '2026-11-20', vpn: 'Alpha VPN', city: 'Amsterdam' },
      { day: '2026-11-21', vpn: 'Beta VPN', city: 'Berlin' },
    ]);
  });

  it('breaks a tie in time by the later item of the batch', async () => {
    const ip = '185.159.160.2';
    await post([
      { vpn: 'Alpha VPN', ip, observedAt: '2026-11-20T08:00:00Z', location: amsterdam },
      { vpn: 'Beta VPN', ip, observedAt: '2026-11-20T08:00:00Z', location: berlin },
    ]);
    expect(await ipRow(ip)).toMatchObject({ vpn: 'Beta VPN', city: 'Berlin' });
    expect(await history(ip)).toEqual([{ day: '2026-11-20', vpn: 'Beta VPN', city: 'Berlin' }]);
  });

  it('lets a late, older batch add its day and widen first_seen, but not take VPN or location back; re-sent, it changes nothing', async () => {
    const ip = '185.159.160.3';
    await post([{ vpn: 'Beta VPN', ip, observedAt: '2026-11-24T10:00:00Z', location: berlin }]);
    const late = [{ vpn: 'Alpha VPN', ip, observedAt: '2026-11-18T10:00:00Z', location: amsterdam }];
    const first = await post(late);
    expect(first.changed).toEqual({ addresses: 1, history: 1, hostnames: 0 });
    expect(await ipRow(ip)).toMatchObject({
      vpn: 'Beta VPN',
      city: 'Berlin',
      span: '2026-11-18..2026-11-24',
    });
    const version = await dataVersion(ctx);
    const again = await post(late);
    expect(again).toMatchObject({ changed: { addresses: 0, history: 0 }, dataVersion: null });
    expect(await dataVersion(ctx)).toBe(version);
  });

  it('keeps the stored location when a newer observation carries none', async () => {
    const ip = '185.159.160.4';
    await post([{ vpn: 'Alpha VPN', ip, observedAt: '2026-11-20T10:00:00Z', location: amsterdam }]);
    await post([{ vpn: 'Beta VPN', ip, observedAt: '2026-11-20T11:00:00Z' }]);
    expect(await ipRow(ip)).toMatchObject({ vpn: 'Beta VPN', country: 'NL', city: 'Amsterdam' });
    expect(await history(ip)).toEqual([{ day: '2026-11-20', vpn: 'Beta VPN', city: 'Amsterdam' }]);
  });

  it('counts only what a partly re-sent batch really changes', async () => {
    const items = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        vpn: 'Alpha VPN',
        ip: `185.159.161.${from + i}`,
        observedAt: '2026-11-20T10:00:00Z',
      }));
    expect((await post(items(10))).changed).toEqual({ addresses: 10, history: 10, hostnames: 0 });
    expect((await post(items(15))).changed).toEqual({ addresses: 5, history: 5, hostnames: 0 });
    expect((await post(items(15))).changed).toEqual({ addresses: 0, history: 0, hostnames: 0 });
  });

  it('applies concurrent batches over the same addresses, in opposite item orders, without deadlock; the newest wins', async () => {
    const addresses = Array.from({ length: 400 }, (_, i) => `185.159.${162 + (i >> 8)}.${i & 255}`);
    for (let round = 0; round < 3; round++) {
      const older = addresses.map((ip) => ({
        vpn: 'Alpha VPN',
        ip,
        observedAt: `2026-11-2${round}T08:00:00Z`,
        location: amsterdam,
      }));
      const newer = [...addresses].reverse().map((ip) => ({
        vpn: 'Beta VPN',
        ip,
        observedAt: `2026-11-2${round}T09:00:00Z`,
        location: berlin,
      }));
      const before = await dataVersion(ctx);
      const answers = await Promise.all([post(older), post(newer), post(older), post(newer)]);
      expect(answers.every((a) => a.refused.length === 0)).toBe(true);
      // One bump per batch that changed anything, each its own version.
      const bumps = answers.flatMap((a) => (a.dataVersion === null ? [] : [a.dataVersion]));
      expect(new Set(bumps).size).toBe(bumps.length);
      expect(await dataVersion(ctx)).toBe(before + bumps.length);
      for (const ip of [addresses[0]!, addresses[399]!]) {
        expect(await ipRow(ip)).toMatchObject({
          vpn: 'Beta VPN',
          city: 'Berlin',
          span: `2026-11-20..2026-11-2${round}`,
          checked: `2026-11-2${round}T09:00`,
        });
      }
    }
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from ip_history where address = any(${addresses}::inet[])
    `.execute(ctx.db);
    expect(rows.rows[0]!.n).toBe(addresses.length * 3);
  });
});
