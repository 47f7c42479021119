/**
 * bench/live: how long a committed change takes to reach an open panel's EventSource through
 * the gateway (issue 16 item 5; target p95 ≤ 1 s over 200 events).
 *   pnpm --filter @tunnelscope/bench live            (BENCH_LIVE_EVENTS=200)
 *
 * In one process on loopback: forms-service (real PostgreSQL and Redis, a database of its own),
 * the real gateway in front of it, and a stand-in auth-service that resolves the panel's session.
 * A panel holds one SSE stream through the gateway; each of N sign-ups is posted through the
 * gateway one after the other, and the time from sending the sign-up to its `row.created` event
 * arriving on the stream is taken. That includes the submission's own transaction, so it is an
 * upper bound on commit → event. Printed, and saved as JSON in bench/results/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { INTERNAL_SESSION_RESOLVE_PATH } from '@tunnelscope/contracts';
import { createDb, createMailQueue, createRedis } from '@tunnelscope/service-kit';
import {
  TEST_REDIS_URL,
  TestClock,
  createTestDatabase,
  deleteKeysWithPrefix,
  uniqueRedisPrefix,
} from '@tunnelscope/test-kit';
// Built in this process from the sources (no service is spawned): the bench measures the path, not start-up.
import { buildApp as buildForms } from '../../services/forms-service/src/app.js';
import { loadConfig as formsConfig } from '../../services/forms-service/src/config.js';
import { migrate } from '../../services/forms-service/src/migrations/index.js';
import { buildApp as buildGateway } from '../../gateway/src/app.js';
import { loadConfig as gatewayConfig } from '../../gateway/src/config.js';
import { percentile } from '../forms/stats.js';

const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 200);
const SECRET = 'bench-live-internal-secret-0123456789abcdef';
const HEX = 'abcdef0123456789abcdef0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));

/** Resolves every session to one operator, as auth-service would for a live session. */
async function standInAuth(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url !== INTERNAL_SESSION_RESOLVE_PATH) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          success: true,
          data: {
            identity: {
              adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
              sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
              username: 'bench',
              email: 'bench@tunnelscope.example',
              role: 'admin',
              twoFactorEnabled: false,
            },
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main() {
  const database = await createTestDatabase('bench_live');
  await migrate(database.url);
  const prefix = uniqueRedisPrefix('bench-live');
  const many = '1000000000';
  const config = formsConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    INTERNAL_SHARED_SECRET: SECRET,
    RATE_LIMIT_FORM_PER_MIN: many,
    OTP_CODES_PER_HOUR: many,
    OTP_CODES_PER_DAY: many,
    OTP_CODES_PER_NETWORK_PER_HOUR: many,
  });
  const db = createDb(database.url, { max: 5 });
  const redis = createRedis(TEST_REDIS_URL);
  const mailQueue = createMailQueue(redis, prefix);
  mailQueue.on('error', () => undefined);
  const forms = await buildForms({ config, db: db as never, redis, mailQueue, clock: new TestClock() });
  await forms.listen({ port: 0, host: '127.0.0.1' });
  const auth = await standInAuth();
  const gateway = await buildGateway({
    config: gatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ADMIN_PATH_HEX: HEX,
      INTERNAL_SHARED_SECRET: SECRET,
      FORMS_SERVICE_URL: `http://127.0.0.1:${(forms.server.address() as AddressInfo).port}`,
      AUTH_SERVICE_URL: auth.url,
      PUBLIC_WEB_DIST: path.join(here, 'no-dist'),
      ADMIN_WEB_DIST: path.join(here, 'no-dist'),
    }),
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

  // The panel's stream, parsed as it arrives: row id → arrival time.
  const arrived = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const panel = http.get(`${base}/admin-${HEX}/events`, {
    headers: { cookie: 'ts_admin_session=bench-session-token', accept: 'text/event-stream' },
  });
  await new Promise<void>((ready, fail) => {
    panel.on('error', fail);
    panel.on('response', (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: row.created')) continue;
          const id = (JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { id: string }).id;
          arrived.set(id, now);
          waiting.get(id)?.();
        }
      });
      ready();
    });
  });

  const latencies: number[] = [];
  const stamp = Date.now();
  for (let i = 0; i < EVENTS; i++) {
    const sent = performance.now();
    const res = await fetch(`${base}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
      body: JSON.stringify({
        email: `live.${stamp}.${i}@loadtest.example.com`,
        company: 'Bench',
        useCase: 'research',
      }),
    });
    const body = (await res.json()) as { requestId?: string };
    if (res.status !== 200 || !body.requestId) throw new Error(`sign-up ${i} answered ${res.status}`);
    const id = body.requestId;
    if (!arrived.has(id)) await new Promise<void>((r) => waiting.set(id, r));
    latencies.push(arrived.get(id)! - sent);
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const summary = {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1]!,
  };
  const result = {
    bench: 'live',
    when: new Date().toISOString(),
    events: EVENTS,
    measured:
      'sign-up sent through the gateway → its row.created on an open SSE stream through the gateway (ms)',
    latencyMs: summary,
    targetP95Ms: 1000,
    p95OverTarget: summary.p95 / 1000,
  };
  console.log(
    `live: ${EVENTS} events, sign-up → open panel through the gateway: p50 ${summary.p50.toFixed(1)} ms, ` +
      `p95 ${summary.p95.toFixed(1)} ms, max ${summary.max.toFixed(1)} ms (target p95 ≤ 1000 ms: ${(summary.p95 / 1000).toFixed(3)} of it)`,
  );
  const out = path.join(
    here,
    '..',
    'results',
    `live-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.json`,
  );
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`saved ${path.relative(process.cwd(), out)}`);

  panel.destroy();
  await gateway.close();
  await forms.close();
  auth.close();
  await mailQueue.close();
  await deleteKeysWithPrefix(redis, prefix);
  redis.disconnect();
  await db.destroy();
  await database.drop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
