import {
  BATCH_MAX_IPS,
  DETECTION_ERRORS,
  PROBLEM_CONTENT_TYPE,
  problemSchema,
  problemType,
  usageResponseSchema,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';
import { nextIp } from '@tunnelscope/test-kit';
import type { LightMyRequestResponse } from 'fastify';
import { generateApiKey } from '../src/keys/api-key-format.js';
import { KNOWN_VPN_IP } from './fake-index.js';
import { apiCall, createKey, createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext('detection');
  ({ key } = await createKey(ctx));
});
afterAll(async () => ctx.close());

const call = (opts: Parameters<typeof apiCall>[2]) => apiCall(ctx.app, ctx.config, opts);

/** The answer is an RFC 9457 problem with this code, its status and its documented type. */
function expectProblem(res: LightMyRequestResponse, code: DetectionErrorCode): void {
  expect(String(res.headers['content-type']).startsWith(PROBLEM_CONTENT_TYPE)).toBe(true);
  const body = problemSchema.parse(res.json());
  expect(body.code).toBe(code);
  expect(res.statusCode).toBe(DETECTION_ERRORS[code].status);
  expect(body.status).toBe(res.statusCode);
  expect(body.title).toBe(DETECTION_ERRORS[code].title);
  expect(body.type).toBe(problemType(code));
  expect(body.detail.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('GET /api/v1/vpn/check', () => {
  it('answers a known VPN address with its vendor, the data version and the rate-limit headers', async () => {
    const res = await call({ url: `/api/v1/vpn/check?ip=${KNOWN_VPN_IP}`, key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ip: KNOWN_VPN_IP, vendor: 'Proton AG', is_vpn: true });
    expect(res.headers['x-data-version']).toBe('7; date=2026-11-25');
    expect(res.headers['ratelimit-policy']).toBe('"burst";q=50;w=1, "daily";q=10000;w=86400');
    expect(res.headers.ratelimit).toMatch(/^"burst";r=\d+;t=1, "daily";r=\d+;t=\d+$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes the key as a bearer token too', async () => {
    const res = await call({
      url: `/api/v1/vpn/check?ip=${KNOWN_VPN_IP}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers for the caller's own address (as the gateway saw it) when no ip is given", async () => {
    const res = await call({ url: '/api/v1/vpn/check', key, ip: KNOWN_VPN_IP });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ip: KNOWN_VPN_IP, vendor: 'Proton AG' });
  });

  it('passes max_age_days to the index, which clears stale detections', async () => {
    const res = await call({ url: `/api/v1/vpn/check?ip=${KNOWN_VPN_IP}&max_age_days=7`, key });
    expect(res.json()).toMatchObject({ is_vpn: false, evidence: ['stale_detection'] });
  });

  it.each([['not-an-ip'], ['10.0.0.0/8'], [''], ['1.2.3']])('refuses %j as invalid_ip', async (ip) => {
    const res = await call({ url: `/api/v1/vpn/check?ip=${encodeURIComponent(ip)}`, key });
    expectProblem(res, 'invalid_ip');
  });

  it('refuses an ip parameter longer than any address as invalid_ip, and a bad max_age_days as invalid_body', async () => {
    expectProblem(await call({ url: `/api/v1/vpn/check?ip=${'1'.repeat(150)}`, key }), 'invalid_ip');
    expectProblem(await call({ url: `/api/v1/vpn/check?ip=8.8.8.8&max_age_days=0`, key }), 'invalid_body');
  });
});

describe('key checks', () => {
  it.each([['key'], ['api_key'], ['apikey'], ['token'], ['API_KEY']])(
    'refuses a key in the %s query parameter and says to use the header',
    async (name) => {
      const res = await call({ url: `/api/v1/vpn/check?ip=8.8.8.8&${name}=${key}`, key, ip: nextIp() });
      expectProblem(res, 'key_in_query');
      expect(res.json().detail).toContain('X-API-Key header');
    },
  );

  it('refuses a call without a key as missing_api_key', async () => {
    expectProblem(await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', ip: nextIp() }), 'missing_api_key');
    expectProblem(
      await call({
        url: '/api/v1/vpn/check?ip=8.8.8.8',
        ip: nextIp(),
        headers: { authorization: 'Basic abc' },
      }),
      'missing_api_key',
    );
  });

  it('refuses a malformed key, a bad checksum and an unknown key as invalid_api_key', async () => {
    const ip = nextIp();
    expectProblem(
      await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: 'ts_live_short', ip }),
      'invalid_api_key',
    );
    const typo = `${key.slice(0, 20)}${key[20] === 'a' ? 'b' : 'a'}${key.slice(21)}`;
    expectProblem(await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: typo, ip }), 'invalid_api_key');
    expectProblem(
      await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: generateApiKey(), ip }),
      'invalid_api_key',
    );
  });

  it('refuses calls from an address after too many failed keys, even with a good key, with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < ctx.config.LOOKUP_FAILED_KEY_LIMIT_PER_MIN; i++) {
      expectProblem(
        await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: generateApiKey(), ip }),
        'invalid_api_key',
      );
    }
    const blocked = await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip });
    expectProblem(blocked, 'rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected; the blocked one may try again in the next minute.
    expect((await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip: nextIp() })).statusCode).toBe(200);
    ctx.clock.advance(61_000);
    expect((await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip })).statusCode).toBe(200);
  });

  it('counts failed keys of an IPv6 client by its /64: a fresh address from it is still refused (issue 13 item 7)', async () => {
    for (let i = 0; i < ctx.config.LOOKUP_FAILED_KEY_LIMIT_PER_MIN; i++) {
      expectProblem(
        await call({
          url: '/api/v1/vpn/check?ip=8.8.8.8',
          key: generateApiKey(),
          ip: `2001:db8:66:1::${i + 1}`,
        }),
        'invalid_api_key',
      );
    }
    expectProblem(
      await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip: '2001:db8:66:1:ffff:ffff:ffff:1' }),
      'rate_limited',
    );
    expect(
      (await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key, ip: '2001:db8:66:2::1' })).statusCode,
    ).toBe(200);
  });

  it('refuses a client outside the key allowlist with client_not_allowed and serves one inside', async () => {
    const { key: fenced } = await createKey(ctx, { allowedNetworks: ['203.0.113.0/24', '2001:db8::/32'] });
    expectProblem(
      await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: fenced, ip: '198.51.100.1' }),
      'client_not_allowed',
    );
    expect(
      (await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: fenced, ip: '203.0.113.50' })).statusCode,
    ).toBe(200);
    expect(
      (await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: fenced, ip: '2001:db8::5' })).statusCode,
    ).toBe(200);
  });

  it('answers 503 index_loading to a valid key until the index has loaded, and checks the key first', async () => {
    ctx.index.ready = false;
    try {
      const loading = await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key });
      expectProblem(loading, 'index_loading');
      expect(loading.headers['retry-after']).toBeDefined();
      expectProblem(await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', ip: nextIp() }), 'missing_api_key');
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    } finally {
      ctx.index.ready = true;
    }
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/vpn/check', () => {
  it('answers one item per input in input order, with per-item errors for strings that are not addresses', async () => {
    const ips = [KNOWN_VPN_IP, 'nonsense', '8.8.8.8', '10.1.2.3/8', '2001:4860::8888'];
    const res = await call({ method: 'POST', url: '/api/v1/vpn/check', key, payload: { ips } });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.map((r: { ip: string }) => r.ip)).toEqual(ips);
    expect(results[0]).toMatchObject({ vendor: 'Proton AG' });
    expect(results[1]).toEqual({ ip: 'nonsense', error: { code: 'invalid_ip', detail: expect.any(String) } });
    expect(results[3].error.code).toBe('invalid_ip');
    expect(results[4]).toMatchObject({ bogon: false });
    expect(res.headers['x-data-version']).toBe('7; date=2026-11-25');
  });

  it.each([
    ['not JSON', '{"ips": ['],
    ['no ips', '{}'],
    ['ips not an array', '{"ips": "8.8.8.8"}'],
    ['ips not strings', '{"ips": [1, 2]}'],
    ['an empty list', '{"ips": []}'],
    ['an empty body', ''],
    ['a JSON array', '["8.8.8.8"]'],
  ])('refuses a body that is %s as invalid_body', async (_what, rawPayload) => {
    expectProblem(await call({ method: 'POST', url: '/api/v1/vpn/check', key, rawPayload }), 'invalid_body');
  });

  it('refuses a body that is not JSON at all as invalid_body', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/v1/vpn/check',
      key,
      rawPayload: 'ips=1.2.3.4',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(res, 'invalid_body');
  });

  it('refuses more than 1000 addresses as batch_too_large, and a huge body the same way', async () => {
    const ips = Array.from({ length: BATCH_MAX_IPS + 1 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    expectProblem(
      await call({ method: 'POST', url: '/api/v1/vpn/check', key, payload: { ips } }),
      'batch_too_large',
    );
    const huge = { ips: Array.from({ length: 6000 }, () => '2001:db8:1234:5678:9abc:def0:1234:5678') };
    expectProblem(
      await call({ method: 'POST', url: '/api/v1/vpn/check', key, payload: huge }),
      'batch_too_large',
    );
  });

  it('answers exactly 1000 addresses', async () => {
    const ips = Array.from({ length: BATCH_MAX_IPS }, (_, i) => `8.8.${i >> 8}.${i & 255}`);
    const res = await call({ method: 'POST', url: '/api/v1/vpn/check', key, payload: { ips } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(BATCH_MAX_IPS);
  });
});

describe('GET /api/v1/usage and the OpenAPI document', () => {
  it('answers usage with limits and the data version, without counting itself', async () => {
    const { key: fresh } = await createKey(ctx, { dailyQuota: 500 });
    await call({ url: '/api/v1/vpn/check?ip=8.8.8.8', key: fresh });
    const first = await call({ url: '/api/v1/usage', key: fresh });
    const second = await call({ url: '/api/v1/usage', key: fresh });
    expect(first.statusCode).toBe(200);
    const body = usageResponseSchema.parse(second.json());
    expect(body).toMatchObject({
      dataVersion: { version: 7, date: '2026-11-25' },
      today: { used: 1, limit: 500 },
      month: { used: 1 },
      burstPerSecond: 50,
    });
    expect(second.headers.ratelimit).toContain('"daily";r=499;');
  });

  it('serves the OpenAPI document without a key', async () => {
    const res = await call({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('answers an unknown path under /api/v1 as a not_found problem', async () => {
    expectProblem(await call({ url: '/api/v1/nothing-here', key }), 'not_found');
    expectProblem(await call({ method: 'PUT', url: '/api/v1/vpn/check', key }), 'not_found');
  });
});
