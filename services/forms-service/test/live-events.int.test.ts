/**
 * The SSE stream of live updates (issue 16 item 5) with TWO forms-service instances on one
 * database and one Redis, as two replicas: an event published by one reaches a stream opened on
 * the other; Last-Event-ID resumes; heartbeats flow; the stream ends when a session ends; and a
 * caller without the gateway's signed identity gets no stream.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ADMIN_LIVE_EVENTS_PATH, type AdminIdentity } from '@tunnelscope/contracts';
import { liveStreamKey, publishLiveEvent } from '@tunnelscope/live-events';
import { gatewayHeadersFor } from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createTestContext, latestCode, nextIp, post, uniqueEmail, type TestContext } from './helpers.js';

let ctx: TestContext;
let replicaA: FastifyInstance;
let replicaB: FastifyInstance;
const urls: Record<'a' | 'b', string> = { a: '', b: '' };

const identity: AdminIdentity = {
  adminId: randomUUID(),
  sessionId: randomUUID(),
  username: 'live.reviewer',
  email: 'live.reviewer@example.com',
  role: 'admin',
  twoFactorEnabled: false,
};

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** An open stream as a browser's EventSource would hold it, parsed as it arrives. */
interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  retry: number | null;
  ended: Promise<void>;
  /** Resolves once `predicate` holds for what has arrived. */
  until(predicate: (s: OpenStream) => boolean): Promise<void>;
  close(): void;
}

function openStream(
  base: string,
  opts: { lastEventId?: string; signed?: boolean } = {},
): Promise<OpenStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.signed !== false) {
    Object.assign(
      headers,
      gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
        audience: 'forms',
        method: 'GET',
        url: ADMIN_LIVE_EVENTS_PATH,
        identity,
        clientIp: '203.0.113.9',
      }),
    );
  }
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${ADMIN_LIVE_EVENTS_PATH}`, { headers }, (res) => {
      const waiters: { predicate: (s: OpenStream) => boolean; resolve: () => void }[] = [];
      let buffer = '';
      let endStream!: () => void;
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        retry: null,
        ended: new Promise((r) => (endStream = r)),
        until(predicate) {
          if (predicate(stream)) return Promise.resolve();
          return new Promise((r) => waiters.push({ predicate, resolve: r }));
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const ev: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data = line.slice(6);
          }
          if (ev.event) stream.events.push(ev);
        }
        for (const w of [...waiters]) {
          if (w.predicate(stream)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      });
      res.on('end', () => endStream());
      res.on('close', () => endStream());
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function namedEvents(s: OpenStream, name: string) {
  return s.events.filter((e) => e.event === name);
}

beforeAll(async () => {
  ctx = await createTestContext('live_events');
  const deps = {
    config: ctx.config,
    db: ctx.db,
    redis: ctx.redis,
    mailQueue: ctx.mailQueue,
    clock: ctx.clock,
    liveHeartbeatMs: 150,
  };
  replicaA = await buildApp(deps);
  replicaB = await buildApp(deps);
  urls.a = await listen(replicaA);
  urls.b = await listen(replicaB);
});

afterAll(async () => {
  await replicaA?.close();
  await replicaB?.close();
  await ctx?.close();
});

describe('GET /events (live updates)', () => {
  it('is an event stream with a retry hint, and a sign-up submitted on one replica reaches a stream open on the other', async () => {
    const stream = await openStream(urls.b);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-request-id']).toEqual(expect.any(String));
    await stream.until((s) => s.retry !== null);
    expect(stream.retry).toBeGreaterThan(0);

    // The visitor's submission goes to the other replica (app A, via inject).
    const res = await post(
      { ...ctx, app: replicaA },
      '/api/waitlist',
      { email: uniqueEmail('live'), company: 'Acme', useCase: 'research' },
      { ip: nextIp() },
    );
    expect(res.statusCode).toBe(200);
    const rowId = res.json().requestId as string;

    await stream.until(
      (s) => namedEvents(s, 'row.created').length > 0 && namedEvents(s, 'overview.changed').length > 0,
    );
    const created = namedEvents(stream, 'row.created')[0]!;
    expect(JSON.parse(created.data!)).toEqual({ list: 'waitlist', id: rowId, verified: false });
    expect(created.id).toMatch(/^\d+-\d+$/);
    stream.close();
  });

  it('announces a verified sign-up as a changed row', async () => {
    const stream = await openStream(urls.a);
    await stream.until((s) => s.retry !== null);
    const submitted = await post(
      { ...ctx, app: replicaB },
      '/api/waitlist',
      { email: uniqueEmail('verify'), company: 'Acme', useCase: 'research' },
      { ip: nextIp() },
    );
    const requestId = submitted.json().requestId as string;
    const code = await latestCode(ctx.mailQueue, requestId);
    const verified = await post(
      { ...ctx, app: replicaB },
      '/api/verify-waitlist-otp',
      { requestId, otpCode: code },
      {
        ip: nextIp(),
      },
    );
    expect(verified.statusCode).toBe(200);
    await stream.until((s) => namedEvents(s, 'row.changed').length > 0);
    expect(JSON.parse(namedEvents(stream, 'row.changed')[0]!.data!)).toEqual({
      list: 'waitlist',
      id: requestId,
      verified: true,
    });
    stream.close();
  });

  it('resumes after Last-Event-ID with exactly the events it missed, on either replica', async () => {
    const target = { redis: ctx.redis, key: liveStreamKey(ctx.config.REDIS_PREFIX) };
    const seen = await publishLiveEvent(target, {
      event: 'row.changed',
      data: { list: 'contacts', id: 'c-1' },
    });
    const missed1 = await publishLiveEvent(target, {
      event: 'row.deleted',
      data: { list: 'contacts', id: 'c-1' },
    });
    const missed2 = await publishLiveEvent(target, { event: 'sessions.changed', data: {} });

    const stream = await openStream(urls.a, { lastEventId: seen });
    await stream.until((s) => s.events.length >= 2);
    expect(stream.events.slice(0, 2).map((e) => [e.id, e.event])).toEqual([
      [missed1, 'row.deleted'],
      [missed2, 'sessions.changed'],
    ]);
    stream.close();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await openStream(urls.b);
    await stream.until((s) => s.comments.filter((c) => c === 'heartbeat').length >= 2);
    expect(stream.comments).toContain('heartbeat');
    stream.close();
  });

  it('ends every open stream, on both replicas, when a session ends (the browser reconnects through the session check)', async () => {
    const onA = await openStream(urls.a);
    const onB = await openStream(urls.b);
    await Promise.all([onA.until((s) => s.retry !== null), onB.until((s) => s.retry !== null)]);
    await publishLiveEvent(
      { redis: ctx.redis, key: liveStreamKey(ctx.config.REDIS_PREFIX) },
      { event: 'session.ended', data: {} },
    );
    await Promise.all([onA.ended, onB.ended]);
    expect(namedEvents(onA, 'session.ended')).toHaveLength(1);
    expect(namedEvents(onB, 'session.ended')).toHaveLength(1);
  });

  it('refuses a caller without the signed admin identity (401, no stream)', async () => {
    const stream = await openStream(urls.a, { signed: false });
    expect(stream.status).toBe(401);
    await stream.ended;
    expect(stream.events).toHaveLength(0);
  });
});
