import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { IP_SEARCH_MESSAGES, searchIpResponseSchema, type IpSearchRecord } from '@tunnelscope/contracts';
import type { TestDatabase } from '@tunnelscope/test-kit';
import {
  adminHeaders,
  buildTestApp,
  createIpdb,
  dropRedisPrefix,
  post,
  SEARCH_PATH,
  TEST_REDIS_URL,
  testConfig,
} from './helpers.js';

describe('POST /vpn-db/search-ip', () => {
  let ipdb: TestDatabase;
  let client: pg.Client;
  let app: FastifyInstance;
  let prefix: string;

  async function one<T>(text: string): Promise<T> {
    const { rows } = await client.query(text);
    expect(rows.length).toBe(1);
    return rows[0] as T;
  }

  async function search(ipAddress: unknown, headers = adminHeaders()) {
    const res = await post(app, SEARCH_PATH, { ipAddress }, headers);
    return { res, body: res.json() };
  }

  beforeAll(async () => {
    ipdb = await createIpdb('search');
    client = new pg.Client({ connectionString: ipdb.url });
    await client.connect();
    const config = testConfig({ IPDB_URL: ipdb.url });
    prefix = config.REDIS_PREFIX;
    app = await buildTestApp(config);
  });

  afterAll(async () => {
    await app?.close();
    await client?.end();
    await ipdb?.drop();
    await dropRedisPrefix(prefix);
  });

  const group = (records: IpSearchRecord[], type: IpSearchRecord['data_type']) =>
    records.filter((r) => r.data_type === type);

  it('finds an address VPN uses now: its current information and its history, newest first', async () => {
    const known = await one<Record<string, unknown>>(`
      select host(i.address) as ip, i.country, i.city, s.name as isp, v.name as vpnname, d.name as vendorname,
             i.is_vpn, i.is_proxy, i.is_tor, i.last_checked,
             (select count(*)::int from ip_history h where h.address = i.address) as history
      from ips i join isps s on s.id = i.isp_id join vpns v on v.id = i.vpn_id join vendors d on d.id = v.vendor_id
      where i.city is not null
      order by i.address limit 1`);
    const { res, body } = await search(known.ip);
    expect(res.statusCode).toBe(200);
    expect(searchIpResponseSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ success: true, searchedIp: known.ip, recordCount: body.data.length });
    const [current, ...rest] = body.data as IpSearchRecord[];
    expect(current).toEqual({
      data_type: 'current',
      ip: known.ip,
      country: known.country,
      city: known.city,
      isp: known.isp,
      vpnname: known.vpnname,
      vendorname: known.vendorname,
      is_vpn: true,
      is_proxy: known.is_proxy,
      is_tor: false,
      lastchecked: (known.last_checked as Date).toISOString(),
      historydate: null,
      subdomainname: null,
      subdomain: null,
      subdomain_lastchecked: null,
    });
    const history = group(rest, 'history');
    expect(history).toHaveLength(known.history as number);
    const dates = history.map((h) => h.historydate!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(history[0]).toMatchObject({
      ip: known.ip,
      vpnname: known.vpnname,
      is_vpn: true,
      lastchecked: null,
    });
  });

  it('answers exactly the rows of the four tables for an address in every group, in the panel order', async () => {
    const { ip } = await one<{ ip: string }>(`
      select host(s.address) as ip from subdomains s
      where exists (select 1 from subdomain_history h where h.address = s.address)
        and exists (select 1 from ip_history h where h.address = s.address)
      order by s.address limit 1`);
    const expected = await client.query(
      `
      select 'current' as data_type, count(*)::int as n from ips where address = $1::inet
      union all select 'history', count(*)::int from ip_history where address = $1::inet
      union all select 'subdomain', count(*)::int from subdomains where address = $1::inet
      union all select 'subdomain_history', count(*)::int from subdomain_history where address = $1::inet`,
      [ip],
    );
    const { body } = await search(ip);
    const records = body.data as IpSearchRecord[];
    for (const { data_type, n } of expected.rows) {
      expect(group(records, data_type)).toHaveLength(n);
      expect(n).toBeGreaterThan(0);
    }
    expect(body.recordCount).toBe(records.length);
    const order = ['current', 'history', 'subdomain', 'subdomain_history'];
    const positions = records.map((r) => order.indexOf(r.data_type));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const sub = group(records, 'subdomain')[0]!;
    expect(sub.subdomainname).toMatch(/^[a-z]{2}\d+\.[a-z0-9]+\.example$/);
    expect(['live', 'dead']).toContain(sub.subdomain);
    expect(sub.subdomain_lastchecked).toEqual(expect.any(String));
    expect(sub.vpnname).toEqual(expect.any(String));
    expect(group(records, 'subdomain_history')[0]!.historydate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds an address a hostname pointed to before it moved (subdomain history only)', async () => {
    const moved = await one<{ ip: string; name: string }>(`
      select host(h.address) as ip, s.name from subdomain_history h join subdomains s on s.id = h.subdomain_id
      where h.address <> s.address
        and not exists (select 1 from subdomains x where x.address = h.address)
      order by h.address limit 1`);
    const { body } = await search(moved.ip);
    const records = body.data as IpSearchRecord[];
    expect(group(records, 'subdomain')).toHaveLength(0);
    expect(group(records, 'subdomain_history').map((r) => r.subdomainname)).toContain(moved.name);
  });

  it('finds a deactivated address: no VPN now, its VPNs in history', async () => {
    const gone = await one<{ ip: string; vpns: string[] }>(`
      select host(i.address) as ip, array(select distinct v.name from ip_history h join vpns v on v.id = h.vpn_id
                                          where h.address = i.address order by 1) as vpns
      from ips i where not i.is_vpn and not i.is_tor and not i.is_proxy
        and exists (select 1 from ip_history h where h.address = i.address and h.vpn_id is not null)
      order by i.address limit 1`);
    const { body } = await search(gone.ip);
    const [current] = group(body.data, 'current');
    expect(current).toMatchObject({ vpnname: null, vendorname: null, is_vpn: false });
    const seen = [...new Set(group(body.data, 'history').map((h) => h.vpnname))].sort();
    expect(seen).toEqual(gone.vpns);
  });

  it('finds a Tor relay with its flag', async () => {
    const tor = await one<{ ip: string }>(
      `select host(address) as ip from ips where is_tor order by address limit 1`,
    );
    const { body } = await search(tor.ip);
    expect(group(body.data, 'current')[0]).toMatchObject({ is_tor: true, is_vpn: false, vpnname: null });
  });

  it('answers an unknown address with no records', async () => {
    // TEST-NET-3 is documentation space: never announced, so never in the dataset.
    const { res, body } = await search('203.0.113.77');
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ success: true, data: [], recordCount: 0, searchedIp: '203.0.113.77' });
  });

  it('trims the address before searching', async () => {
    const { body } = await search('  203.0.113.78  ');
    expect(body).toMatchObject({ success: true, searchedIp: '203.0.113.78' });
  });

  it.each([
    ['an empty address', ''],
    ['only spaces', '   '],
    ['no address at all', undefined],
  ])('refuses %s with the spec message', async (_label, ipAddress) => {
    const res =
      ipAddress === undefined
        ? await post(app, SEARCH_PATH, {}, adminHeaders())
        : (await search(ipAddress)).res;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: IP_SEARCH_MESSAGES.required });
  });

  it('refuses an empty body with the spec message', async () => {
    const res = await post(app, SEARCH_PATH, undefined, adminHeaders());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please enter an IP address to search' });
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    'abc',
    '01.2.3.4',
    '1.2.3.4/24',
    '::1',
    '8.8.8.8; drop table ips',
  ])('refuses %s with the spec message', async (ipAddress) => {
    const { res, body } = await search(ipAddress);
    expect(res.statusCode).toBe(400);
    expect(body).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'Please enter a valid IPv4 address (e.g., 8.8.8.8)',
    });
  });

  it('refuses a non-string address', async () => {
    const { res } = await search(12345);
    expect(res.statusCode).toBe(400);
  });

  it('shares an answer through Redis for 5 minutes', async () => {
    const { ip } = await one<{ ip: string }>(
      // The admin search takes IPv4 addresses (the spec's field); the dataset holds IPv6 ones too.
      `select host(address) as ip from ips where family(address) = 4 order by address desc limit 1`,
    );
    const first = await search(ip);
    expect(first.body.recordCount).toBeGreaterThan(0);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ttl = await redis.ttl(`${prefix}:analytics:ipdb:search:${ip}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
    } finally {
      redis.disconnect();
    }
  });

  it('is open to both roles and to nobody without a signed identity', async () => {
    expect((await search('203.0.113.9', adminHeaders('view_only'))).res.statusCode).toBe(200);
    const anonymous = await post(app, SEARCH_PATH, { ipAddress: '203.0.113.9' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    const forged = await search(
      '203.0.113.9',
      adminHeaders('admin', 'not-the-gateway-secret-0123456789abcdef'),
    );
    expect(forged.res.statusCode).toBe(401);
  });
});
