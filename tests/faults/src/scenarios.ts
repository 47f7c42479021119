/**
 * The four faults of issue 13 item 17, each driven against the real processes of a FaultStack and
 * measured. The CI suites run them short; `bench/faults/run.ts` runs them long and prints a table.
 */
import { spawn } from 'node:child_process';
import { createMailQueue, enqueueMail } from '@tunnelscope/service-kit';
import { serverEntry } from '@tunnelscope/stack-tests';
import { freePort } from '@tunnelscope/test-kit';
import type { FaultStack, ProcessExit } from './fault-stack.js';
import {
  recoverySeconds,
  startTraffic,
  summarise,
  waitForHealthy,
  type Outcome,
  type Probe,
} from './traffic.js';

export interface ProbeFigures {
  requests: number;
  failed: number;
  statuses: Record<string, number>;
}

export interface FaultReport {
  fault: string;
  outageSeconds: number;
  /** Requests made from the outage's start until service was back (or the wait ran out). */
  requests: number;
  failed: number;
  /** status → count of failed requests ('timeout': no answer within the client's bound). */
  statuses: Record<string, number>;
  perProbe: Record<string, ProbeFigures>;
  /** Failed answers that are not a 503 in the documented shape, or leak internals (first 10). */
  undocumented: Outcome[];
  undocumentedCount: number;
  slowestFailureMs: number;
  /** Seconds from the dependency's return until every probe answered healthily for good. */
  recoverySeconds: number | null;
  /** Processes that exited without the scenario asking them to. */
  unexpectedExits: ProcessExit[];
  /** Figures particular to the fault (mails, replica readiness…). */
  extra: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function report(
  fault: string,
  fs: FaultStack,
  outcomes: Outcome[],
  probes: Probe[],
  window: { from: number; returnedAt: number; outageSeconds: number },
  extra: Record<string, unknown>,
): FaultReport {
  const inWindow = outcomes.filter((o) => o.endedAt >= window.from);
  const all = summarise(inWindow);
  const perProbe: Record<string, ProbeFigures> = {};
  for (const p of probes) {
    const s = summarise(inWindow, p.name);
    perProbe[p.name] = { requests: s.requests, failed: s.failed, statuses: s.statuses };
  }
  return {
    fault,
    outageSeconds: window.outageSeconds,
    requests: all.requests,
    failed: all.failed,
    statuses: all.statuses,
    perProbe,
    undocumented: all.undocumented.slice(0, 10),
    undocumentedCount: all.undocumented.length,
    slowestFailureMs: all.slowestFailureMs,
    recoverySeconds: recoverySeconds(
      inWindow,
      probes.map((p) => p.name),
      window.returnedAt,
    ),
    unexpectedExits: fs.exits.filter((e) => !e.expected && e.at >= window.from),
    extra,
  };
}

/** Every form answered 200 must have its code mail in the sink: the addresses that have none. */
async function formMailsMissing(fs: FaultStack, outcomes: Outcome[], timeoutMs: number): Promise<string[]> {
  const accepted = outcomes.filter((o) => o.ok && o.tag).map((o) => o.tag!);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = new Set(fs.stack.sink.messages.flatMap((m) => m.to));
    const missing = accepted.filter((a) => !got.has(a));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await sleep(250);
  }
}

/**
 * A dependency taken away mid-traffic and given back: `down()` and `up()` do it; traffic runs
 * before, during and after, until every probe is healthy again (or `recoveryWaitMs` runs out).
 */
async function midTraffic(
  fault: string,
  fs: FaultStack,
  probes: Probe[],
  opts: {
    outageMs: number;
    down(): Promise<void>;
    up(): Promise<void>;
    duringOutage?(): Promise<Record<string, unknown>>;
    afterReturn?(): Promise<Record<string, unknown>>;
    recoveryWaitMs?: number;
  },
): Promise<FaultReport> {
  const names = probes.map((p) => p.name);
  const traffic = startTraffic(probes);
  try {
    // Healthy before the fault, or the figures would mean nothing.
    if (!(await waitForHealthy(traffic, names, Date.now(), { timeoutMs: 30_000 })))
      throw new Error(
        `${fault}: the stack was not healthy before the fault: ${JSON.stringify(
          names.map((n) => traffic.outcomes.filter((o) => o.probe === n).at(-1)),
        )}`,
      );
    const from = Date.now();
    await opts.down();
    const outageStarted = Date.now();
    const during = opts.duringOutage ? await opts.duringOutage() : {};
    await sleep(Math.max(0, opts.outageMs - (Date.now() - outageStarted)));
    await opts.up();
    const returnedAt = Date.now();
    const healthy = await waitForHealthy(traffic, names, returnedAt, {
      timeoutMs: opts.recoveryWaitMs ?? 60_000,
    });
    const after = opts.afterReturn ? await opts.afterReturn() : {};
    await traffic.stop();
    const missing = await formMailsMissing(fs, traffic.outcomes, 30_000);
    return report(
      fault,
      fs,
      traffic.outcomes,
      probes,
      { from, returnedAt, outageSeconds: Math.round((returnedAt - outageStarted) / 100) / 10 },
      {
        healthyAgain: healthy,
        acceptedForms: traffic.outcomes.filter((o) => o.ok && o.tag).length,
        acceptedFormsWithoutMail: missing.length,
        ...during,
        ...after,
      },
    );
  } finally {
    await traffic.stop();
  }
}

/** 1. mailer-worker SIGKILLed with `mails` queued, then started again. */
export async function killMailerWorker(
  fs: FaultStack,
  opts: { mails?: number; killAfterDelivered?: number; deliveryWaitMs?: number } = {},
): Promise<FaultReport> {
  const mails = opts.mails ?? 200;
  const killAfter = opts.killAfterDelivered ?? Math.floor(mails / 5);
  const run = Date.now().toString(36);
  const addresses = Array.from({ length: mails }, (_, i) => `mail-${run}-${i}@fraudlabs.io`);
  const queue = createMailQueue({ url: fs.redis.url }, fs.stack.env.REDIS_PREFIX!);
  const from = Date.now();
  try {
    for (const [i, to] of addresses.entries()) {
      await enqueueMail(
        queue,
        { type: 'verification-code', to, form: 'waitlist', code: '123456', expiresInMinutes: 10 },
        `fault-${run}-${i}`,
      );
    }
    const delivered = () => {
      const mine = new Set(addresses);
      return fs.stack.sink.messages.filter((m) => m.to.some((t) => mine.has(t)));
    };
    const deadlineKill = Date.now() + 60_000;
    while (delivered().length < killAfter && Date.now() < deadlineKill) await sleep(10);
    const worker = fs.stack.processes.get('mailer-worker')!;
    fs.expectExit('mailer-worker');
    const exited = new Promise((r) => worker.child.once('exit', r));
    worker.child.kill('SIGKILL');
    await exited;
    const deliveredAtKill = delivered().length;
    const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'failed', 'completed');
    await fs.restart('mailer-worker');
    const restartedAt = Date.now();
    let firstAfterRestart: number | undefined;
    const deadline = Date.now() + (opts.deliveryWaitMs ?? 120_000);
    for (;;) {
      const got = new Set(delivered().flatMap((m) => m.to));
      if (firstAfterRestart === undefined && delivered().length > deliveredAtKill)
        firstAfterRestart = Date.now();
      if (got.size === mails || Date.now() > deadline) break;
      await sleep(50);
    }
    const allDeliveredAt = Date.now();
    // A job whose mail went out just before the kill stays 'active' until its lock expires
    // (mailer-worker: lockDuration 15 s, stalled check every 5 s), then is handed out again: every
    // address can be delivered while such jobs still sit there. Let the queue settle (bounded)
    // before counting, then leave a moment for the duplicates those re-runs send.
    const settleDeadline = Date.now() + 30_000;
    for (;;) {
      const pending = await queue.getJobCounts('wait', 'active', 'delayed');
      if ((pending.wait ?? 0) + (pending.active ?? 0) + (pending.delayed ?? 0) === 0) break;
      if (Date.now() > settleDeadline) break;
      await sleep(250);
    }
    await sleep(2000);
    const perAddress = new Map(addresses.map((a) => [a, 0]));
    for (const m of delivered())
      for (const t of m.to) if (perAddress.has(t)) perAddress.set(t, perAddress.get(t)! + 1);
    const lost = [...perAddress.values()].filter((n) => n === 0).length;
    const duplicated = [...perAddress.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    const after = await queue.getJobCounts('wait', 'active', 'delayed', 'failed');
    const restartSeconds = Math.round((restartedAt - from) / 100) / 10;
    return {
      fault: 'mailer-worker SIGKILL',
      outageSeconds: 0,
      requests: mails,
      failed: lost,
      statuses: {},
      perProbe: {},
      undocumented: [],
      undocumentedCount: 0,
      slowestFailureMs: 0,
      recoverySeconds: firstAfterRestart ? Math.round((firstAfterRestart - restartedAt) / 100) / 10 : null,
      unexpectedExits: fs.exits.filter((e) => !e.expected && e.at >= from),
      extra: {
        mailsQueued: mails,
        deliveredBeforeKill: deliveredAtKill,
        queueAtKill: counts,
        mailsLost: lost,
        mailsDuplicated: duplicated,
        secondsToDeliverAllAfterRestart: Math.round((allDeliveredAt - restartedAt) / 100) / 10,
        queueAfter: after,
        restartAfterSeconds: restartSeconds,
      },
    };
  } finally {
    await queue.close();
  }
}

/** 2. Redis (with its AOF) restarted mid-traffic. */
export function restartRedis(fs: FaultStack, opts: { outageMs: number }): Promise<FaultReport> {
  const { form, admin, detection } = fs.probes;
  return midTraffic('Redis restart', fs, [form, admin, detection], {
    outageMs: opts.outageMs,
    down: () => fs.redis.stop(),
    up: () => fs.redis.start(),
  });
}

/** 3. The application PostgreSQL stopped (immediate) and started mid-traffic. */
export function restartPostgres(fs: FaultStack, opts: { outageMs: number }): Promise<FaultReport> {
  const { form, admin, detection } = fs.probes;
  return midTraffic('PostgreSQL stop/start', fs, [form, admin, detection], {
    outageMs: opts.outageMs,
    down: () => fs.postgres.stop(),
    up: () => fs.postgres.start(),
  });
}

/**
 * 4. The IP database stopped: lookup-service keeps answering from its loaded index, analytics'
 * public stats answer their fallbacks, and a lookup-service replica started during the outage
 * stays unready (and alive) until the IP database returns.
 */
export async function stopIpDatabase(fs: FaultStack, opts: { outageMs: number }): Promise<FaultReport> {
  const { detection, stats, ipSearch } = fs.probes;
  const port = await freePort();
  const output: string[] = [];
  const readyz: Record<string, number> = {};
  let replica: ReturnType<typeof spawn> | undefined;
  let readyAt: number | undefined;
  let returnedAt = 0;
  const poll = async (until: () => boolean) => {
    while (!until()) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) });
        readyz[res.status] = (readyz[res.status] ?? 0) + 1;
        if (res.status === 200 && returnedAt && !readyAt) readyAt = Date.now();
      } catch {
        readyz.unreachable = (readyz.unreachable ?? 0) + 1;
      }
      await sleep(200);
    }
  };
  try {
    return await midTraffic('IP database stop', fs, [detection, stats, ipSearch], {
      outageMs: opts.outageMs,
      down: () => fs.ipdbPostgres.stop(),
      up: async () => {
        await fs.ipdbPostgres.start();
        returnedAt = Date.now();
      },
      async duringOutage() {
        replica = spawn(process.execPath, [serverEntry('lookup-service')], {
          env: { ...fs.stack.env, LOOKUP_SERVICE_PORT: String(port) },
          stdio: 'pipe',
        });
        replica.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
        replica.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
        fs.watch('lookup-service replica', replica, output);
        // Let it start and answer its readiness probe a few times while the IP database is away
        // (the outage lasts longer than asked if the replica is slow to listen).
        const started = Date.now();
        const answered = () =>
          Object.entries(readyz).reduce((n, [k, v]) => (k === 'unreachable' ? n : n + v), 0);
        await poll(() => answered() >= 5 || replica?.exitCode !== null || Date.now() - started > 90_000);
        return { replicaReadyzDuringOutage: { ...readyz } };
      },
      async afterReturn() {
        for (const k of Object.keys(readyz)) delete readyz[k];
        // Loading the index is the replica's start-up work (CPU-bound), not a recovery: it gets
        // a generous bound, and its time is reported.
        const deadline = Date.now() + 180_000;
        await poll(() => readyAt !== undefined || Date.now() > deadline || replica?.exitCode !== null);
        return {
          replicaReadyzAfterReturn: { ...readyz },
          replicaReadySecondsAfterReturn: readyAt ? Math.round((readyAt - returnedAt) / 100) / 10 : null,
          ...(readyAt ? {} : { replicaOutput: output.join('').slice(-2000) }),
        };
      },
    });
  } finally {
    if (replica && replica.exitCode === null) {
      fs.expectExit('lookup-service replica');
      const r = replica;
      const exited = new Promise((res) => r.once('exit', res));
      r.kill('SIGTERM');
      await exited;
    }
  }
}
