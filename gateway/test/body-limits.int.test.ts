/**
 * Issue 13 item 9: an oversized body gets 413, never 502. The upstream here is a real Fastify
 * service built by service-kit's createServiceApp (the factory every service uses, with the same
 * 16 KiB body limit and the same refusal), not a fake that reads everything.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { INGEST_API, PUBLIC_API } from '@tunnelscope/contracts';
import { createServiceApp } from '@tunnelscope/service-kit';
import { INGEST_BATCH_BODY_LIMIT_BYTES, SECURITY_LOG_BODY_LIMIT_BYTES } from '../src/routes/route-table.js';
import { send, startGateway, type RunningGateway } from './helpers.js';

async function startRealFormsLikeService(): Promise<{ app: FastifyInstance; url: string }> {
  const app = createServiceApp({ service: 'forms-like', logLevel: 'silent' });
  app.post(PUBLIC_API.waitlist.path, async () => ({ success: true }));
  app.post(PUBLIC_API.contact.path, async () => ({ success: true }));
  // A route whose limit is below the gateway's for it: the service refuses the body itself and
  // closes the connection after its answer.
  app.post(PUBLIC_API.securityLog.path, { bodyLimit: 4 * 1024 }, async () => ({ success: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A malformed JSON body of `size` bytes (a string that never closes). */
function malformedBody(size: number): Buffer {
  const body = Buffer.alloc(size, 0x61);
  body.write('{"email":"', 0);
  return body;
}

/** Sizes spread over 150–500 KB, fixed so every run is the same. */
const SIZES = Array.from({ length: 40 }, (_, i) => 150_000 + ((i * 104_729) % 350_000));

describe('oversized bodies to the public forms endpoints (real Fastify service behind)', () => {
  let service: { app: FastifyInstance; url: string };
  let gw: RunningGateway;
  beforeAll(async () => {
    service = await startRealFormsLikeService();
    gw = await startGateway({ FORMS_SERVICE_URL: service.url, LOOKUP_SERVICE_URL: service.url });
  });
  afterAll(async () => {
    await gw?.close();
    await service?.app.close();
  });

  it('answers 413 in the error shape to many 150–500 KB malformed bodies in a row, never 502', async () => {
    const statuses: number[] = [];
    for (const [i, size] of SIZES.entries()) {
      const path = i % 2 === 0 ? PUBLIC_API.waitlist.path : PUBLIC_API.contact.path;
      const answer = await send(`${gw.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: malformedBody(size),
      });
      statuses.push(answer.status);
      if (answer.status === 413) {
        expect(answer.json()).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
      }
    }
    expect(statuses.filter((s) => s !== 413)).toEqual([]);
  });

  it('answers 413 to a chunked body that grows past the limit while it streams', async () => {
    const statuses: number[] = [];
    for (const size of SIZES.slice(0, 10)) {
      const body = malformedBody(size);
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length; at += 16_384) chunks.push(body.subarray(at, at + 16_384));
      const answer = await send(`${gw.url}${PUBLIC_API.waitlist.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        chunks,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s !== 413)).toEqual([]);
  });

  it("relays a service's own refusal of a body within the gateway's limit (its limit is smaller)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await send(`${gw.url}${PUBLIC_API.securityLog.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: malformedBody(SECURITY_LOG_BODY_LIMIT_BYTES - 200 + i),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s !== 413)).toEqual([]);
  });
});

/** A collector's batch of `items` observations as a collector sends it (compact JSON, IPv6 exits). */
function collectorBatch(items: number): Buffer {
  const observations = Array.from({ length: items }, (_, i) => ({
    vpn: 'Private Internet Access',
    vendor: 'Example Vendor Holdings Ltd',
    ip: `2a01:4f8:${((i * 7919) % 65536).toString(16)}:${((i * 104_729) % 65536).toString(16)}::${i.toString(16)}`,
    observedAt: new Date(Date.UTC(2026, 10, 26, 1, i % 60, i % 60, 123)).toISOString(),
    location: { country: 'DE', city: 'Frankfurt am Main' },
    protocol: 'wireguard',
  }));
  return Buffer.from(JSON.stringify({ observations }));
}

describe("a collector's batch to /ingest/v1/observations (real Fastify service behind)", () => {
  let service: { app: FastifyInstance; url: string };
  let gw: RunningGateway;
  beforeAll(async () => {
    // Like ingest-service: the service's default limit, and a larger one on the batch route.
    const app = createServiceApp({ service: 'ingest-like', logLevel: 'silent' });
    app.post(INGEST_API.observations.path, { bodyLimit: 8 * 1024 * 1024 }, async (request) => ({
      items: (request.body as { observations: unknown[] }).observations.length,
    }));
    app.post(INGEST_API.runs.path, async () => ({ recorded: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    service = { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
    gw = await startGateway({ INGEST_SERVICE_URL: service.url });
  });
  afterAll(async () => {
    await gw?.close();
    await service?.app.close();
  });

  it('lets a 5,000-item batch through, declared or chunked, with room to spare', async () => {
    const body = collectorBatch(5000);
    // About 1.1 MB; the route allows nearly twice that.
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body.length * 1.8).toBeLessThan(INGEST_BATCH_BODY_LIMIT_BYTES);
    const declared = await send(`${gw.url}${INGEST_API.observations.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(declared.status).toBe(200);
    expect(declared.json()).toEqual({ items: 5000 });
    const chunks: Buffer[] = [];
    for (let at = 0; at < body.length; at += 65_536) chunks.push(body.subarray(at, at + 65_536));
    const chunked = await send(`${gw.url}${INGEST_API.observations.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks,
    });
    expect(chunked.status).toBe(200);
  });

  it('refuses a batch over the route limit with a batch_too_large problem, declared or chunked, never 502', async () => {
    const body = collectorBatch(11_000);
    expect(body.length).toBeGreaterThan(INGEST_BATCH_BODY_LIMIT_BYTES);
    const chunks: Buffer[] = [];
    for (let at = 0; at < body.length; at += 65_536) chunks.push(body.subarray(at, at + 65_536));
    for (const framing of ['declared', 'chunked'] as const) {
      const answer = await send(`${gw.url}${INGEST_API.observations.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : {}),
        },
        ...(framing === 'chunked' ? { chunks } : { body }),
      });
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(answer.json()).toMatchObject({
        type: 'urn:tunnelscope:ingest:batch_too_large',
        code: 'batch_too_large',
        status: 413,
        instance: INGEST_API.observations.path,
      });
    }
  });

  it('keeps the default limit on the other collector calls (a run report is small)', async () => {
    const answer = await send(`${gw.url}${INGEST_API.runs.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: collectorBatch(200),
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'batch_too_large' });
  });
});
