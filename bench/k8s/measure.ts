/**
 * bench/k8s/measure: the figures deploy/k8s's resource requests, limits and drain times come from.
 *   pnpm --filter @tunnelscope/bench exec tsx k8s/measure.ts   (BENCH_SECONDS=15 BENCH_CONNECTIONS=20 BENCH_PUBLIC_DATA=sample|full)
 *
 * The built stack (tests/stack) on the small generated IP dataset, every deployable a real
 * process. For each process it samples the resident set (VmRSS) and CPU time (utime+stime from
 * /proc/<pid>/stat) every 250 ms:
 * 1. idle for a few seconds after start (the request figure's floor);
 * 2. under a short mixed load through the gateway: the public SPA, /api/stats (analytics), the
 *    detection API with a real key (lookup), admin logins with a wrong password (auth: argon2 is
 *    its heaviest path), the e-mail check (forms), a collector call without a token (ingest),
 *    while mailer-worker polls its queue;
 * 3. the drain: SIGTERM to each process right after the load, and the milliseconds until it exits.
 * It prints one row per process (RSS idle/peak MiB, CPU idle/mean/peak in millicores, drain ms)
 * and saves the text under bench/results/k8s-<date>.txt. Figures are from this machine (2 shared
 * cores); the manifests say which run they took theirs from.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startStack, type Stack, type StackService } from '@tunnelscope/stack-tests';
import { repoRoot } from '@tunnelscope/test-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PUBLIC_DATA = process.env.BENCH_PUBLIC_DATA ?? 'sample';
const SAMPLE_MS = 250;
const CLOCK_TICKS = 100; // USER_HZ on Linux
const here = path.dirname(fileURLToPath(import.meta.url));
const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  console.log(line);
};

const SERVICES: StackService[] = [
  'forms-service',
  'auth-service',
  'analytics-service',
  'lookup-service',
  'ingest-service',
  'mailer-worker',
  'gateway',
];

interface Sample {
  rssMiB: number;
  cpuTicks: number;
  at: number;
}

function readSample(pid: number): Sample | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // Fields after the command name (which may hold spaces) start at index 2 of the split tail.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const tail = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuTicks = Number(tail[11]) + Number(tail[12]);
    return { rssMiB: rssKiB / 1024, cpuTicks, at: performance.now() };
  } catch {
    return null;
  }
}

interface Phase {
  peakRss: number;
  meanMillicores: number;
  peakMillicores: number;
}

/** Samples every process's RSS and CPU while `during` runs. */
async function watch(stack: Stack, during: () => Promise<unknown>): Promise<Map<string, Phase>> {
  const series = new Map<string, Sample[]>();
  const tick = () => {
    for (const [name, p] of stack.processes) {
      const s = p.child.pid ? readSample(p.child.pid) : null;
      if (s) series.set(name, [...(series.get(name) ?? []), s]);
    }
  };
  tick();
  const timer = setInterval(tick, SAMPLE_MS);
  await during();
  clearInterval(timer);
  tick();
  const out = new Map<string, Phase>();
  for (const [name, samples] of series) {
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    let peakMillicores = 0;
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1]!;
      const b = samples[i]!;
      const mc = (((b.cpuTicks - a.cpuTicks) / CLOCK_TICKS) * 1000 * 1000) / Math.max(1, b.at - a.at);
      peakMillicores = Math.max(peakMillicores, mc);
    }
    out.set(name, {
      peakRss: Math.max(...samples.map((s) => s.rssMiB)),
      meanMillicores:
        (((last.cpuTicks - first.cpuTicks) / CLOCK_TICKS) * 1000 * 1000) / Math.max(1, last.at - first.at),
      peakMillicores,
    });
  }
  return out;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} (${code}): ${out}${err}`)),
    );
  });
}

const ROUTE_NAMES = [
  'GET /',
  'GET /api/stats',
  'GET /api/v1/vpn/check',
  'POST admin login',
  'POST /api/check-waitlist-email',
  'POST /ingest/v1/observations',
];

function load(stack: Stack, apiKey: string): Promise<autocannon.Result[]> {
  const base = stack.gatewayUrl;
  const json = { 'content-type': 'application/json' };
  const one = (opts: autocannon.Options) =>
    autocannon({ duration: SECONDS, connections: Math.max(1, Math.round(CONNECTIONS / 6)), ...opts });
  return Promise.all([
    one({ url: `${base}/` }),
    one({ url: `${base}/api/stats` }),
    one({ url: `${base}/api/v1/vpn/check?ip=8.8.8.8`, headers: { 'x-api-key': apiKey } }),
    one({
      url: `${base}${stack.adminPrefix}/auth/login`,
      method: 'POST',
      // The admin gate takes writes from the site's own origin only.
      headers: { ...json, origin: base },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password', turnstileToken: 'x' }),
    }),
    one({
      url: `${base}/api/check-waitlist-email`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'someone@example.com' }),
    }),
    one({ url: `${base}/ingest/v1/observations`, method: 'POST', headers: json, body: '{}' }),
  ]);
}

async function drainMs(stack: Stack, name: StackService): Promise<number> {
  const started = performance.now();
  await stack.stop(name);
  return performance.now() - started;
}

const stack = await startStack({
  label: 'k8s-measure',
  services: ['forms-service', 'auth-service', 'analytics-service', 'ingest-service', 'mailer-worker'],
  env: {
    LOOKUP_PUBLIC_DATA: PUBLIC_DATA,
    LOG_LEVEL: 'error',
    // The load repeats one client: lift the per-client limits so the services do their work.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_STATS_PER_MIN: '1000000',
    RATE_LIMIT_EMAIL_CHECK_PER_MIN: '1000000',
    INGEST_RATE_LIMIT_PER_MIN: '1000000',
  },
  startTimeoutMs: 300_000,
});
try {
  // The small generated IP dataset before lookup-service loads its index, as `pnpm start` has it.
  await run(
    path.join(repoRoot, 'packages/ipdb-dataset/dist/cli.js'),
    ['--scale', 'small', '--url', stack.env.IPDB_URL!],
    {
      ...stack.env,
    },
  );
  // lookup-service's start: its index build is the peak the memory limit must hold.
  const loadStarted = performance.now();
  let lookupStartPeakMiB = 0;
  const starting = await watch(stack, async () => {
    await stack.start('lookup-service');
    for (;;) {
      const res = await fetch(`${stack.lookupUrl}/readyz`).catch(() => null);
      if (res?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  lookupStartPeakMiB = starting.get('lookup-service')?.peakRss ?? NaN;
  const lookupReadyMs = performance.now() - loadStarted;
  await stack.start('gateway');
  const created = await run(
    path.join(repoRoot, 'services/lookup-service/dist/cli/api-key.js'),
    [
      'create',
      '--email',
      'bench@example.com',
      '--name',
      'k8s-measure',
      '--daily-quota',
      '100000000',
      '--burst',
      '10000',
    ],
    stack.env,
  );
  const apiKey = created.trim();

  const idle = await watch(stack, () => new Promise((r) => setTimeout(r, 3000)));
  let results: autocannon.Result[] = [];
  const busy = await watch(stack, async () => {
    results = await load(stack, apiKey);
  });
  const drains = new Map<string, number>();
  // The gateway first (as a rollout would leave the services behind it), then the rest.
  for (const name of ['gateway', ...SERVICES.filter((s) => s !== 'gateway')] as StackService[])
    drains.set(name, await drainMs(stack, name));

  say(`# bench/k8s/measure — ${new Date().toISOString()}`);
  say(
    `# ${SECONDS} s load, ${CONNECTIONS} connections over 6 routes, LOOKUP_PUBLIC_DATA=${PUBLIC_DATA}, small IP dataset; lookup-service ready in ${Math.round(lookupReadyMs)} ms, its RSS peaking at ${lookupStartPeakMiB.toFixed(0)} MiB while it built the index`,
  );
  say('service             rss_idle_MiB  rss_peak_MiB  cpu_idle_m  cpu_mean_m  cpu_peak_m  drain_ms');
  for (const name of SERVICES) {
    const i = idle.get(name);
    const b = busy.get(name);
    say(
      [
        name.padEnd(18),
        (i?.peakRss ?? NaN).toFixed(0).padStart(13),
        Math.max(i?.peakRss ?? 0, b?.peakRss ?? 0)
          .toFixed(0)
          .padStart(13),
        (i?.meanMillicores ?? NaN).toFixed(0).padStart(11),
        (b?.meanMillicores ?? NaN).toFixed(0).padStart(11),
        (b?.peakMillicores ?? NaN).toFixed(0).padStart(11),
        (drains.get(name) ?? NaN).toFixed(0).padStart(9),
      ].join(' '),
    );
  }
  say('route                              requests  statuses');
  results.forEach((r, i) => {
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, v]) => `${code}×${(v as { count: number }).count}`)
      .join(' ');
    say(`${ROUTE_NAMES[i]!.padEnd(34)} ${String(r.requests.total).padStart(8)}  ${statuses}`);
  });
} finally {
  await stack.close();
}
const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
const out = path.join(here, '..', 'results', `k8s-${stamp}-${PUBLIC_DATA}.txt`);
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`saved ${path.relative(repoRoot, out)}`);
