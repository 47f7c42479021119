/**
 * The live-updates stream through the gateway (issue 16 item 5): `/admin-<hex>/events` reaches
 * forms-service as `/events`; a `text/event-stream` answer passes event by event (no buffering,
 * no compression) and is not cut by the upstream timeout; its session is resolved read-only
 * (lastActivity stays) when it opens and again while it stays open, and the stream ends once the
 * session is dead; the request id crosses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { ADMIN_HEX, adminHeaders, gatewayConfig, startUpstream, type FakeUpstream } from './helpers.js';

const P = `/admin-${ADMIN_HEX}`;
const UPSTREAM_TIMEOUT_MS = 300;

let forms: FakeUpstream;
let auth: FakeUpstream;
let gateway: FastifyInstance;
let gatewayUrl: string;
/** The upstream side of the stream that is open now, written by the tests. */
let upstreamStream: http.ServerResponse | null = null;
let upstreamOpened: () => void = () => undefined;

beforeAll(async () => {
  forms = await startUpstream('forms');
  auth = await startUpstream('auth');
  forms.handler = (req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': String(req.headers['x-request-id']),
    });
    // Long enough to be worth compressing, if anything compressed it.
    res.write(`retry: 2000\n\n: ${'padding '.repeat(200)}\n\n`);
    upstreamStream = res;
    upstreamOpened();
  };
  gateway = await buildApp({
    config: gatewayConfig({
      FORMS_SERVICE_URL: forms.url,
      AUTH_SERVICE_URL: auth.url,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    }),
    streamSessionRecheckMs: 100,
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstreamStream?.destroy();
  await gateway?.close();
  await forms?.close();
  await auth?.close();
});

interface ClientStream {
  res: http.IncomingMessage;
  text: () => string;
  until(fragment: string): Promise<void>;
  ended: Promise<void>;
  close(): void;
}

function openThroughGateway(): Promise<ClientStream> {
  const opened = new Promise<void>((r) => (upstreamOpened = r));
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${gatewayUrl}${P}/events`,
      {
        headers: adminHeaders(gatewayUrl, { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' }),
        agent: false,
      },
      (res) => {
        let text = '';
        const waiters: { fragment: string; resolve: () => void }[] = [];
        let markEnded!: () => void;
        const ended = new Promise<void>((r) => (markEnded = r));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          for (const w of [...waiters]) {
            if (text.includes(w.fragment)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve();
            }
          }
        });
        res.on('end', markEnded);
        res.on('close', markEnded);
        void opened.then(() =>
          resolve({
            res,
            text: () => text,
            until: (fragment) =>
              text.includes(fragment)
                ? Promise.resolve()
                : new Promise((r) => waiters.push({ fragment, resolve: r })),
            ended,
            close: () => req.destroy(),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

describe('the live-updates stream through the gateway', () => {
  afterEach(() => {
    auth.sessionsEnded = false;
    upstreamStream?.destroy();
    upstreamStream = null;
  });

  it('reaches forms-service as /events, passes each event as it comes, uncompressed, and outlives the upstream timeout', async () => {
    const stream = await openThroughGateway();
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['content-encoding']).toBeUndefined();
    expect(forms.seen.at(-1)).toMatchObject({ method: 'GET', url: '/events' });
    // The request id the service saw is the one the client got back.
    expect(stream.res.headers['x-request-id']).toBe(forms.seen.at(-1)!.headers['x-request-id']);

    // The first bytes arrive while the upstream answer is still open: nothing is held back.
    await stream.until('retry: 2000');

    // Quiet for several upstream timeouts, then an event: the stream is still there for it.
    await new Promise((r) => setTimeout(r, UPSTREAM_TIMEOUT_MS * 3));
    upstreamStream!.write('id: 1-0\nevent: row.created\ndata: {"list":"waitlist","id":"x"}\n\n');
    await stream.until('event: row.created');
    expect(stream.text()).not.toContain('GATEWAY_TIMEOUT');
    expect(stream.res.complete).toBe(false);
    stream.close();
  });

  it('resolves the session without moving its lastActivity, when it opens and while it stays open', async () => {
    const before = auth.resolves.length;
    const stream = await openThroughGateway();
    await stream.until('retry:');
    // The re-check runs every 100 ms here: wait until it has asked at least twice more.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (auth.resolves.length >= before + 3) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    const asked = auth.resolves.slice(before);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.every((r) => r.touch === false)).toBe(true);
    stream.close();
  });

  it('ends the stream once its session is dead (idle timeout, expiry, logout), and the reconnect gets 401', async () => {
    const stream = await openThroughGateway();
    await stream.until('retry:');
    auth.sessionsEnded = true;
    await stream.ended;
    expect(stream.res.complete).toBe(true);

    const again = await new Promise<number>((resolve, reject) => {
      http
        .get(`${gatewayUrl}${P}/events`, { headers: adminHeaders(gatewayUrl), agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(again).toBe(401);
  });
});
