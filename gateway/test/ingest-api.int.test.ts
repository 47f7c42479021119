/**
 * The collector API (`/ingest/v1/*`, issue 17) through the gateway: it reaches ingest-service
 * untouched (path, collector token, body), vouched for with a MAC addressed to `ingest`; and when
 * ingest-service cannot answer, the gateway's own answer is a problem document like the service's
 * (503 `service_unavailable`, never the house 502/504 JSON a collector would not parse).
 */
import { INGEST_API } from '@tunnelscope/contracts';
import { GATEWAY_TOKEN_HEADER, verifyGatewayToken } from '@tunnelscope/service-kit';
import {
  KEYRING,
  deadUrl,
  send,
  startGateway,
  startUpstream,
  type FakeUpstream,
  type RunningGateway,
  useGatewayWithUpstreams,
} from './helpers.js';

/** Shaped like a real collector token (`ts_col_` + 38 base62); the fake service does not check it. */
const COLLECTOR_TOKEN = `ts_col_${'A1b2C3d4E5'.repeat(3)}AbCdEfGh`;
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

function observationBatch(items: number): string {
  return JSON.stringify({
    observations: Array.from({ length: items }, (_, i) => ({
      vpn: 'Example VPN',
      vendor: 'Example Vendor Ltd',
      ip: `45.${(i >> 8) & 255}.${i & 255}.${(i * 7) & 255}`,
      observedAt: '2026-11-26T01:00:00.000Z',
      location: { country: 'DE', city: 'Frankfurt am Main' },
      protocol: 'wireguard',
    })),
  });
}

describe('the collector API through the gateway', () => {
  const ctx = useGatewayWithUpstreams();

  it.each([
    ['POST', INGEST_API.observations.path],
    ['POST', INGEST_API.runs.path],
    ['GET', INGEST_API.targets.path],
    ['GET', `${INGEST_API.targets.path}?vpn=x`],
  ] as const)('%s %s reaches ingest-service as is, with the collector token', async (method, url) => {
    const { gw, ingest, forms, lookup } = ctx;
    const res = await send(gw.url + url, {
      method,
      headers: { authorization: `Bearer ${COLLECTOR_TOKEN}`, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ upstream: 'ingest', url });
    expect(ingest.seen).toHaveLength(1);
    expect([...forms.seen, ...lookup.seen]).toHaveLength(0);
    const seen = ingest.seen[0]!;
    expect(seen).toMatchObject({ method, url });
    // The bearer token is the collector's credential: passed through, never rewritten.
    expect(seen.headers.authorization).toBe(`Bearer ${COLLECTOR_TOKEN}`);
    // ingest-service's installInternalAuth checks the MAC for the audience 'ingest' (app.ts).
    const call = { method, path: url, requestId: String(seen.headers['x-request-id']) };
    const token = seen.headers[GATEWAY_TOKEN_HEADER];
    expect(verifyGatewayToken(KEYRING, token, { ...call, audience: 'ingest' })).toBe(true);
    expect(verifyGatewayToken(KEYRING, token, { ...call, audience: 'lookup' })).toBe(false);
    expect(seen.headers.cookie).toBeUndefined();
  });

  it('streams a realistic 5,000-item batch (about 1 MB) through byte for byte', async () => {
    const { gw, ingest } = ctx;
    const body = observationBatch(5000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(900_000);
    const res = await send(`${gw.url}${INGEST_API.observations.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${COLLECTOR_TOKEN}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    expect(ingest.seen[0]!.body.toString('utf8')).toBe(body);
  });

  it("relays ingest-service's own problem documents unchanged", async () => {
    const { gw, ingest } = ctx;
    const problem = {
      type: 'urn:tunnelscope:ingest:invalid_token',
      title: 'Invalid collector token',
      status: 401,
      detail: 'The collector token is not valid.',
      code: 'invalid_token',
      instance: INGEST_API.observations.path,
    };
    ingest.handler = (_req, res) =>
      res.writeHead(401, { 'content-type': 'application/problem+json' }).end(JSON.stringify(problem));
    const res = await send(`${gw.url}${INGEST_API.observations.path}`, {
      method: 'POST',
      headers: { authorization: 'Bearer ts_col_wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.json()).toEqual(problem);
  });

  it('answers a malformed collector API path with a not_found problem and forwards nothing', async () => {
    const { gw, ingest } = ctx;
    const res = await send(`${gw.url}/ingest/v1/%2e%2e/observations`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(PROBLEM_TYPE);
    expect(res.json()).toMatchObject({
      type: 'urn:tunnelscope:ingest:not_found',
      code: 'not_found',
      status: 404,
    });
    expect(ingest.seen).toHaveLength(0);
  });
});

describe('the collector API when ingest-service cannot answer', () => {
  let gw: RunningGateway;
  beforeAll(async () => {
    gw = await startGateway({ INGEST_SERVICE_URL: await deadUrl(), FORMS_SERVICE_URL: await deadUrl() });
  });
  afterAll(() => gw.close());

  it('answers a 503 service_unavailable problem, not a 502, when ingest-service is not running', async () => {
    const res = await send(`${gw.url}${INGEST_API.observations.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${COLLECTOR_TOKEN}`, 'content-type': 'application/json' },
      body: observationBatch(3),
    });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toBe(PROBLEM_TYPE);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      type: 'urn:tunnelscope:ingest:service_unavailable',
      title: 'Service unavailable',
      status: 503,
      detail: 'The ingest API is unavailable; retry shortly.',
      code: 'service_unavailable',
      instance: INGEST_API.observations.path,
      requestId: res.headers['x-request-id'],
    });
  });

  it('keeps the house 502 JSON for the rest of the site', async () => {
    const res = await send(`${gw.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({ success: false, error: 'BAD_GATEWAY' });
  });

  it('answers a 503 problem when ingest-service is not deployed (its URL empty)', async () => {
    const partial = await startGateway({ INGEST_SERVICE_URL: '' });
    try {
      const res = await send(`${partial.url}${INGEST_API.targets.path}`, {
        headers: { authorization: `Bearer ${COLLECTOR_TOKEN}` },
      });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toBe(PROBLEM_TYPE);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        type: 'urn:tunnelscope:ingest:service_unavailable',
        code: 'service_unavailable',
        detail: 'The ingest API is not available on this deployment.',
        instance: INGEST_API.targets.path,
      });
    } finally {
      await partial.close();
    }
  });

  it('answers a 503 problem, not a 504, when ingest-service is too slow', async () => {
    const silent: FakeUpstream = await startUpstream('ingest');
    silent.handler = () => undefined; // never answers
    const slow = await startGateway({ INGEST_SERVICE_URL: silent.url, UPSTREAM_TIMEOUT_MS: '200' });
    try {
      const res = await send(`${slow.url}${INGEST_API.runs.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${COLLECTOR_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toBe(PROBLEM_TYPE);
      expect(res.json()).toMatchObject({
        code: 'service_unavailable',
        detail: 'The ingest API did not answer in time; retry shortly.',
      });
    } finally {
      await slow.close();
      await silent.close();
    }
  });
});
