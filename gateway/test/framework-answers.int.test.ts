/**
 * Two answers Fastify writes before any hook used to go without the security headers: its 400 for
 * a path that cannot be percent-decoded and its 503 while the gateway shuts down. Both now carry
 * them (and the error shape), like every other answer of the gateway.
 */
import net from 'node:net';
import type { ServerResponse } from 'node:http';
import { send, startGateway, startUpstream, type FakeUpstream, type RunningGateway } from './helpers.js';

/** The headers every answer of the gateway carries (HSTS aside: only behind TLS). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

function securityHeadersOf(headers: Record<string, string | string[] | undefined>) {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]));
}

describe("Fastify's own answers carry the security headers", () => {
  let forms: FakeUpstream;
  let gw: RunningGateway;
  beforeAll(async () => {
    forms = await startUpstream('forms');
    gw = await startGateway({ FORMS_SERVICE_URL: forms.url });
  });
  afterAll(async () => {
    await gw?.close();
    await forms?.close();
  });

  it('answers a path that cannot be percent-decoded with 400, the error shape and every security header', async () => {
    const reference = await send(`${gw.url}/`);
    const res = await send(`${gw.url}/api/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'BAD_REQUEST', requestId: expect.any(String) });
    for (const name of SECURITY_HEADERS) expect(res.headers[name]).toBeDefined();
    expect(securityHeadersOf(res.headers)).toEqual(securityHeadersOf(reference.headers));
  });

  it.each(['/api/v1/usage/%2e%2e/', '/api/v1/openapi.json/..%2f', '/api/v1/vpn/%E0%A4%A'])(
    'answers a malformed detection API path %s with a problem document, as every detection API error (found by tests/fuzz)',
    async (path) => {
      const res = await send(`${gw.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 404, code: 'not_found', type: '/docs/api#error-not_found' });
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it("answers a request with both Content-Length and Transfer-Encoding in the error shape, not Fastify's (found by tests/fuzz)", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(gw.url);
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          'POST /api/security-log HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n0\r\n\r\n',
        );
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body!)).toMatchObject({ success: false, error: 'BAD_REQUEST' });
    expect(head!.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('answers a request that arrives while the gateway closes with 503, the error shape and every security header', async () => {
    const reference = await send(`${gw.url}/`);
    // The first request is held by the service, so the connection stays busy while the gateway
    // starts closing; the second is sent on it only then.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      forms.handler = (_req, res: ServerResponse) => {
        release = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"held":true}');
        resolve();
      };
    });
    const socket = net.connect(Number(new URL(gw.url).port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/hold HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await held;
    const closing = gw.app.close();
    // Pipelined behind the held one on the same (busy, so not closed) connection.
    socket.write('GET /api/second HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    release();
    await ended;
    await closing;
    const text = Buffer.concat(received).toString('latin1');
    const second = text.slice(text.indexOf('HTTP/1.1', 1));
    expect(second.startsWith('HTTP/1.1 503')).toBe(true);
    const head = second.slice(0, second.indexOf('\r\n\r\n'));
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    expect(securityHeadersOf(headers)).toEqual(securityHeadersOf(reference.headers));
    const body = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, error: 'SERVICE_UNAVAILABLE' });
  });
});
