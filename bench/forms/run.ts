/**
 * bench/forms: form submissions and verifications through the gateway, mail delivery to a local
 * sink, and the gateway's overhead against direct calls and a @fastify/http-proxy yardstick.
 *   pnpm --filter @tunnelscope/bench forms            (BENCH_FORMS=2000 BENCH_CONCURRENCY=32 BENCH_SECONDS=10)
 * Everything runs on this machine (loopback only); the figures are printed and saved as JSON.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startStack, type Stack } from '@tunnelscope/stack-tests';
import { codeFrom, freePort } from '@tunnelscope/test-kit';
import { fmt, rssMb, summarize } from './stats.js';

const FORMS = Number(process.env.BENCH_FORMS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));
const UNLIMITED = '1000000000';

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function sampleRss(stack: Stack, extra: Record<string, number> = {}) {
  const out: Record<string, number> = {};
  for (const [name, p] of stack.processes) out[name] = await rssMb(p.child.pid!);
  for (const [name, pid] of Object.entries(extra)) out[name] = await rssMb(pid);
  return out;
}

function maxInto(target: Record<string, number>, sample: Record<string, number>) {
  for (const [k, v] of Object.entries(sample)) target[k] = Math.max(target[k] ?? 0, v);
}

async function formsPhase(stack: Stack) {
  const emails = Array.from({ length: FORMS }, (_, i) => `bench.${i}.${Date.now()}@loadtest.example.com`);
  const ids = new Map<string, string>();
  const submitLatency: number[] = [];
  const peak: Record<string, number> = {};
  const sampler = setInterval(() => void sampleRss(stack).then((s) => maxInto(peak, s)), 500);

  const t0 = performance.now();
  await pool(emails, CONCURRENCY, async (email) => {
    const start = performance.now();
    const res = await postJson(`${stack.gatewayUrl}/api/waitlist`, {
      email,
      company: 'Load Test Ltd',
      useCase: 'research',
    });
    submitLatency.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`submit ${res.status}: ${JSON.stringify(res.json)}`);
    ids.set(email, String(res.json.requestId));
  });
  const submitWall = performance.now() - t0;

  await stack.sink.waitFor((m) => m.to[0]?.endsWith('@loadtest.example.com') ?? false, {
    count: FORMS,
    timeoutMs: 600_000,
  });
  const mailWall = performance.now() - t0;

  const codes = new Map<string, string>();
  for (const m of stack.sink.messages) if (m.to[0]) codes.set(m.to[0], codeFrom(m.text));
  const verifyLatency: number[] = [];
  const t1 = performance.now();
  await pool(emails, CONCURRENCY, async (email) => {
    const start = performance.now();
    const res = await postJson(`${stack.gatewayUrl}/api/verify-waitlist-otp`, {
      requestId: ids.get(email),
      otpCode: codes.get(email),
    });
    verifyLatency.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`verify ${res.status}: ${JSON.stringify(res.json)}`);
  });
  const verifyWall = performance.now() - t1;
  clearInterval(sampler);
  maxInto(peak, await sampleRss(stack));
  return {
    submissions: summarize(submitLatency, submitWall),
    verifications: summarize(verifyLatency, verifyWall),
    mailsPerSecond: FORMS / (mailWall / 1000),
    peakRssMb: peak,
  };
}

async function cannon(url: string) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'overhead@loadtest.example.com' }),
    connections: 50,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function overheadPhase(stack: Stack) {
  const port = await freePort();
  const yardstick = spawn(process.execPath, [path.join(here, 'yardstick-gateway.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      UPSTREAM: stack.env.FORMS_SERVICE_URL,
      INTERNAL_SHARED_SECRET: stack.env.INTERNAL_SHARED_SECRET!,
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const path_ = '/api/check-waitlist-email';
  const peak: Record<string, number> = {};
  const sampler = setInterval(
    () => void sampleRss(stack, { yardstick: yardstick.pid! }).then((s) => maxInto(peak, s)),
    500,
  );
  const direct = await cannon(`${stack.env.FORMS_SERVICE_URL}${path_}`);
  const ours = await cannon(`${stack.gatewayUrl}${path_}`);
  const yard = await cannon(`http://127.0.0.1:${port}${path_}`);
  clearInterval(sampler);
  const yardIdle = await rssMb(yardstick.pid!);
  yardstick.kill('SIGTERM');
  return { direct, ours, yardstick: yard, peakRssMb: peak, yardstickRssAfterMb: yardIdle };
}

const stack = await startStack({
  label: 'bench_forms',
  env: {
    RATE_LIMIT_FORM_PER_MIN: UNLIMITED,
    RATE_LIMIT_OTP_PER_MIN: UNLIMITED,
    RATE_LIMIT_EMAIL_CHECK_PER_MIN: UNLIMITED,
    RATE_LIMIT_SECURITY_LOG_PER_MIN: UNLIMITED,
    RATE_LIMIT_STATS_PER_MIN: UNLIMITED,
    OTP_CODES_PER_HOUR: UNLIMITED,
    OTP_CODES_PER_DAY: UNLIMITED,
    OTP_CODES_PER_NETWORK_PER_HOUR: UNLIMITED,
    MAILER_CONCURRENCY: '20',
    LOG_LEVEL: 'warn',
  },
});
try {
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = await sampleRss(stack);
  const forms = await formsPhase(stack);
  const overhead = await overheadPhase(stack);
  const ratio = (x: { rps: number }) => x.rps / overhead.direct.rps;

  console.log(
    `\nbench/forms — ${FORMS} waitlist joins, concurrency ${CONCURRENCY}, on ${(await import('node:os')).cpus().length} cores\n`,
  );
  console.log('form flow through the gateway        per second   p50 ms   p99 ms');
  for (const [name, s] of [
    ['submissions (POST /api/waitlist)', forms.submissions],
    ['verifications (verify-waitlist-otp)', forms.verifications],
  ] as const) {
    console.log(
      `  ${name.padEnd(36)} ${fmt(s.perSecond).padStart(8)} ${fmt(s.p50).padStart(8)} ${fmt(s.p99).padStart(8)}`,
    );
  }
  console.log(`  mails delivered to the sink          ${fmt(forms.mailsPerSecond).padStart(8)}`);
  console.log(`\ngateway overhead (POST /api/check-waitlist-email, 50 connections, ${SECONDS} s each)`);
  console.log('                                      req/s   p50 ms   p99 ms   vs direct');
  for (const [name, s] of [
    ['direct to forms-service', overhead.direct],
    ['through our gateway', overhead.ours],
    ['through @fastify/http-proxy', overhead.yardstick],
  ] as const) {
    console.log(
      `  ${name.padEnd(32)} ${fmt(s.rps, 0).padStart(8)} ${fmt(s.p50, 0).padStart(8)} ${fmt(s.p99, 0).padStart(8)} ${fmt(ratio(s), 2).padStart(10)}`,
    );
  }
  console.log(`  our gateway / yardstick throughput: ${fmt(overhead.ours.rps / overhead.yardstick.rps, 2)}`);
  console.log('\nresident memory, MB                idle   forms load   proxy load');
  for (const name of Object.keys(idleRss)) {
    console.log(
      `  ${name.padEnd(32)} ${String(idleRss[name]).padStart(6)} ${String(forms.peakRssMb[name] ?? '-').padStart(12)} ${String(overhead.peakRssMb[name] ?? '-').padStart(12)}`,
    );
  }
  console.log(
    `  ${'yardstick gateway'.padEnd(32)} ${'-'.padStart(6)} ${'-'.padStart(12)} ${String(overhead.peakRssMb.yardstick ?? '-').padStart(12)}`,
  );

  const out = path.join(
    here,
    '..',
    'results',
    `forms-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ config: { FORMS, CONCURRENCY, SECONDS }, idleRss, forms, overhead }, null, 2),
  );
  console.log(`\nsaved ${path.relative(process.cwd(), out)}`);
} finally {
  await stack.close();
}
