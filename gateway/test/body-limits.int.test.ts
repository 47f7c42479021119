/**
 * Issue 13 item 9: an oversized body gets 413, never 502. The upstream here is a real Fastify
 * service built by service-kit's createServiceApp (the factory every service uses, with the same
 * 16 KiB body limit and the same refusal), not a fake that reads everything.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_API } from '@tunnelscope/contracts';
import { createServiceApp } from '@tunnelscope/service-kit';
import { SECURITY_LOG_BODY_LIMIT_BYTES } from '../src/routes/route-table.js';
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
