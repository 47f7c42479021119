import { INGEST_API, INGEST_BATCH_MAX_ITEMS } from '@tunnelscope/contracts';
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
  ctx = await createTestContext('observations');
  token = await newCollectorToken(ctx);
  await seedVpn(ctx, 'Nord Test VPN', 'Nord Test Vendor');
});
afterAll(async () => {
  await ctx?.close();
});

const at = (iso: string) => new Date(iso).toISOString();
const post = (body: unknown) => call(ctx, { method: 'POST', url: INGEST_API.observations.path, token, body });

async function ipRow(address: string) {
  const rows = await sql<{
    vpn: string | null;
    is_vpn: boolean;
    country: string | null;
    city: string | null;
    first_seen: string;
    last_seen: string;
  }>`
    select v.name as vpn, i.is_vpn, i.country, i.city,
      to_char(i.first_seen, 'YYYY-MM-DD') as first_seen, to_char(i.last_seen, 'YYYY-MM-DD') as last_seen
    from ips i left join vpns v on v.id = i.vpn_id where i.address = ${address}::inet
  `.execute(ctx.db);
  return rows.rows[0];
}

describe('POST /ingest/v1/observations', () => {
  it('stores a new exit address with its VPN, location and dates, history by day, and bumps the data version once', async () => {
    const before = await dataVersion(ctx);
    const res = await post({
      observations: [
        {
          vpn: 'Nord Test VPN',
          ip: '185.159.157.10',
          observedAt: at('2026-11-20T10:00:00Z'),
          location: { country: 'NL', city: 'Amsterdam' },
          protocol: 'wireguard',
        },
        {
          vpn: 'nord test vpn',
          ip: '185.159.157.10',
          observedAt: at('2026-11-24T09:00:00Z'),
          location: { country: 'NL', city: 'Rotterdam' },
        },
        { vpn: 'Nord Test VPN', ip: '2a02:6ea0:c020::2', observedAt: at('2026-11-24T09:00:00Z') },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      accepted: { observations: 3, resolutions: 0 },
      changed: { addresses: 2, history: 3, hostnames: 0 },
      createdVpns: [],
      dataVersion: before + 1,
      refused: [],
    });
    expect(await dataVersion(ctx)).toBe(before + 1);
    expect(await ipRow('185.159.157.10')).toEqual({
      vpn: 'Nord Test VPN',
      is_vpn: true,
      country: 'NL',
      city: 'Rotterdam',
      first_seen: '2026-11-20',
      last_seen: '2026-11-24',
    });
    const history = await sql<{ seen_on: string; city: string | null }>`
      select to_char(seen_on, 'YYYY-MM-DD') as seen_on, city from ip_history
      where address = '185.159.157.10'::inet order by seen_on
    `.execute(ctx.db);
    expect(history.rows).toEqual([
      { seen_on: '2026-11-20', city: 'Amsterdam' },
      { seen_on: '2026-11-24', city: 'Rotterdam' },
    ]);
  });

  it('changes nothing, and leaves the data version alone, when the same batch arrives twice', async () => {
    const batch = {
      observations: [{ vpn: 'Nord Test VPN', ip: '185.159.157.20', observedAt: at('2026-11-22T08:00:00Z') }],
      resolutions: [
        {
          hostname: 'nl20.nordtest.example',
          vpn: 'Nord Test VPN',
          ip: '185.159.157.20',
          resolvedAt: at('2026-11-22T08:00:00Z'),
        },
      ],
    };
    const first = (await post(batch)).json();
    expect(first.changed).toEqual({ addresses: 1, history: 1, hostnames: 1 });
    const version = await dataVersion(ctx);
    const again = (await post(batch)).json();
    expect(again).toMatchObject({ changed: { addresses: 0, history: 0, hostnames: 0 }, dataVersion: null });
    expect(await dataVersion(ctx)).toBe(version);
  });

  it('lets an older observation widen first_seen but not take the address back to an older VPN', async () => {
    await seedVpn(ctx, 'Older VPN', 'Older Vendor');
    await post({
      observations: [{ vpn: 'Nord Test VPN', ip: '185.159.157.30', observedAt: at('2026-11-23T00:00:00Z') }],
    });
    await post({
      observations: [{ vpn: 'Older VPN', ip: '185.159.157.30', observedAt: at('2026-11-01T00:00:00Z') }],
    });
    expect(await ipRow('185.159.157.30')).toMatchObject({
      vpn: 'Nord Test VPN',
      first_seen: '2026-11-01',
      last_seen: '2026-11-23',
    });
  });

  it('creates an unknown VPN under the vendor an item names, flagged for review; refuses one with no vendor', async () => {
    const res = await post({
      observations: [
        {
          vpn: 'Brand New VPN',
          vendor: 'Brand New Co',
          ip: '45.83.91.7',
          observedAt: at('2026-11-24T12:00:00Z'),
        },
        { vpn: 'Brand New VPN', ip: '45.83.91.8', observedAt: at('2026-11-24T12:00:00Z') },
        { vpn: 'Nameless VPN', ip: '45.83.91.9', observedAt: at('2026-11-24T12:00:00Z') },
      ],
    });
    const body = res.json();
    expect(body.createdVpns).toEqual(['Brand New VPN']);
    expect(body.accepted.observations).toBe(2);
    expect(body.refused).toEqual([
      {
        list: 'observations',
        index: 2,
        code: 'unknown_vendor',
        detail: expect.stringContaining('Nameless VPN'),
      },
    ]);
    const vpn = await sql<{ needs_review: boolean; vendor: string; origin_country: string }>`
      select v.needs_review, d.name as vendor, d.origin_country from vpns v join vendors d on d.id = v.vendor_id
      where v.name = 'Brand New VPN'
    `.execute(ctx.db);
    expect(vpn.rows).toEqual([{ needs_review: true, vendor: 'Brand New Co', origin_country: 'ZZ' }]);
  });

  it('refuses bad items one by one with reasons and applies the rest', async () => {
    const res = await post({
      observations: [
        { vpn: 'Nord Test VPN', ip: '185.159.157.40', observedAt: at('2026-11-24T12:00:00Z') },
        { vpn: 'Nord Test VPN', ip: 'not-an-ip', observedAt: at('2026-11-24T12:00:00Z') },
        { vpn: 'Nord Test VPN', ip: '10.1.2.3', observedAt: at('2026-11-24T12:00:00Z') },
        { vpn: 'Nord Test VPN', ip: '185.159.157.41', observedAt: '2099-01-01T00:00:00Z' },
        { vpn: 'Nord Test VPN', ip: '185.159.157.42' },
        'a string',
        {
          vpn: 'Nord Test VPN',
          ip: '::ffff:185.159.157.43',
          observedAt: at('2026-11-24T12:00:00Z'),
          extra: 1,
        },
        { vpn: 'Nord Test VPN', ip: '::ffff:185.159.157.44', observedAt: at('2026-11-24T12:00:00Z') },
      ],
      resolutions: [
        {
          hostname: 'bad host name!',
          vpn: 'Nord Test VPN',
          ip: null,
          resolvedAt: at('2026-11-24T12:00:00Z'),
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toEqual({ observations: 2, resolutions: 0 });
    expect(
      body.refused.map((r: { list: string; index: number; code: string }) => [r.list, r.index, r.code]),
    ).toEqual([
      ['observations', 1, 'invalid_ip'],
      ['observations', 2, 'special_purpose_ip'],
      ['observations', 3, 'future_timestamp'],
      ['observations', 4, 'invalid_item'],
      ['observations', 5, 'invalid_item'],
      ['observations', 6, 'invalid_item'],
      ['resolutions', 0, 'invalid_item'],
    ]);
    // A mapped address is stored as the IPv4 address it carries.
    expect(await ipRow('185.159.157.44')).toMatchObject({ vpn: 'Nord Test VPN' });
  });

  it('moves a host name to its newest address, marks it dead on a null ip, and writes history', async () => {
    const hostname = 'us1.nordtest.example';
    await post({
      resolutions: [
        { hostname, vpn: 'Nord Test VPN', ip: '185.159.157.50', resolvedAt: at('2026-11-20T00:00:00Z') },
      ],
    });
    await post({
      resolutions: [
        { hostname, vpn: 'Nord Test VPN', ip: '185.159.157.51', resolvedAt: at('2026-11-21T00:00:00Z') },
      ],
    });
    // An older resolution arriving late changes nothing.
    await post({
      resolutions: [
        { hostname, vpn: 'Nord Test VPN', ip: '185.159.157.49', resolvedAt: at('2026-11-19T00:00:00Z') },
      ],
    });
    await post({
      resolutions: [{ hostname, vpn: 'Nord Test VPN', ip: null, resolvedAt: at('2026-11-22T00:00:00Z') }],
    });
    const row = await sql<{ address: string; status: string }>`
      select host(address) as address, status from subdomains where name = ${hostname}
    `.execute(ctx.db);
    expect(row.rows).toEqual([{ address: '185.159.157.51', status: 'dead' }]);
    const history = await sql<{ address: string; status: string; seen_on: string }>`
      select host(h.address) as address, h.status, to_char(h.seen_on, 'YYYY-MM-DD') as seen_on
      from subdomain_history h join subdomains s on s.id = h.subdomain_id where s.name = ${hostname} order by h.id
    `.execute(ctx.db);
    expect(history.rows).toEqual([
      { address: '185.159.157.50', status: 'live', seen_on: '2026-11-20' },
      { address: '185.159.157.51', status: 'live', seen_on: '2026-11-21' },
      { address: '185.159.157.51', status: 'dead', seen_on: '2026-11-22' },
    ]);
  });

  it(`answers 413 batch_too_large above ${INGEST_BATCH_MAX_ITEMS} items, storing nothing`, async () => {
    const before = await dataVersion(ctx);
    const observations = Array.from({ length: INGEST_BATCH_MAX_ITEMS + 1 }, (_, i) => ({
      vpn: 'Nord Test VPN',
      ip: `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
      observedAt: at('2026-11-24T12:00:00Z'),
    }));
    const res = await post({ observations });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 413, code: 'batch_too_large' });
    expect(await dataVersion(ctx)).toBe(before);
  });

  it.each([
    ['not JSON', '{"observations": [', 'invalid_body'],
    ['a list body', '[]', 'invalid_body'],
    ['observations not a list', '{"observations": {"vpn": "x"}}', 'invalid_body'],
    ['an unknown top-level key', '{"observation": []}', 'invalid_body'],
  ])('answers 400 %s as a problem', async (_what, raw, code) => {
    const res = await call(ctx, { method: 'POST', url: INGEST_API.observations.path, token, raw });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code, type: `urn:tunnelscope:ingest:${code}` });
  });
});
