/**
 * The built stack on a PostgreSQL, an IP-database PostgreSQL and a Redis of the suite's own, with
 * an operator signed in and an API key, plus a watch on every process: a fault scenario must end
 * with no process having exited on its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { startStack, type Stack, type StackService } from '@tunnelscope/stack-tests';
import { waitFor } from '@tunnelscope/test-kit';
import { startOwnPostgres, type OwnPostgres } from './postgres.js';
import { startOwnRedis, type OwnRedis } from './redis.js';
import type { Probe } from './traffic.js';

const resolvePackage = createRequire(import.meta.url).resolve;
/** The token every Turnstile test site key produces (the stand-in verifies it as Cloudflare would). */
const TURNSTILE_TEST_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export interface ProcessExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** The scenario killed or stopped it on purpose. */
  expected: boolean;
  lastOutput: string;
}

export interface FaultStack {
  stack: Stack;
  postgres: OwnPostgres;
  ipdbPostgres: OwnPostgres;
  redis: OwnRedis;
  apiKey: string;
  adminCookie: string;
  exits: ProcessExit[];
  /** Marks the next exit of `name` as intended (a SIGKILL or a stop the scenario does). */
  expectExit(name: string): void;
  /** Restarts a stack process and watches the new one. */
  restart(name: StackService): Promise<void>;
  /** Watches a process the scenario started itself (a second replica). */
  watch(name: string, child: ChildProcess, output: string[]): void;
  probes: Record<'form' | 'admin' | 'detection' | 'stats' | 'ipSearch', Probe>;
  close(): Promise<void>;
}

function runNode(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: 'pipe' });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} ${args[0]} failed (${code}): ${err}${out}`)),
    );
  });
}

/** Reads a body without throwing on a body cut mid-way (that is recorded as a network failure). */
async function answer(res: Response, ok: boolean, tag?: string) {
  return { res, text: await res.text(), ok, ...(tag ? { tag } : {}) };
}

export async function startFaultStack(label: string, env: Record<string, string> = {}): Promise<FaultStack> {
  const postgres = await startOwnPostgres(label);
  const ipdbPostgres = await startOwnPostgres(`${label}-ipdb`);
  const redis = await startOwnRedis(label);
  let stack: Stack | undefined;
  try {
    stack = await startStack({
      label: `faults_${label}`,
      databaseServer: postgres.url,
      ipdbServer: ipdbPostgres.url,
      redisUrl: redis.url,
      // The machine is shared: a process may take long to start under others' load.
      startTimeoutMs: 120_000,
      env: {
        // The traffic comes from one address: the per-address limits would answer 429 long before
        // any fault, and a 429 is not what is measured here.
        RATE_LIMIT_FORM_PER_MIN: '100000',
        RATE_LIMIT_EMAIL_CHECK_PER_MIN: '100000',
        RATE_LIMIT_OTP_PER_MIN: '100000',
        RATE_LIMIT_STATS_PER_MIN: '100000',
        // Mails at a steady pace, so a worker killed with 200 queued is killed mid-queue.
        MAILER_RATE_PER_SECOND: '40',
        // The index notices the IP database's return within seconds.
        LOOKUP_INDEX_POLL_SECONDS: '2',
        ...env,
      },
    });
  } catch (err) {
    await redis.close();
    await ipdbPostgres.close();
    await postgres.close();
    throw err;
  }
  const s = stack;
  try {
    return await prepare(s, postgres, ipdbPostgres, redis);
  } catch (err) {
    await s.close().catch(() => undefined);
    await redis.close();
    await ipdbPostgres.close();
    await postgres.close();
    throw err;
  }
}

async function prepare(
  s: Stack,
  postgres: OwnPostgres,
  ipdbPostgres: OwnPostgres,
  redis: OwnRedis,
): Promise<FaultStack> {
  const exits: ProcessExit[] = [];
  const expected = new Set<string>();
  const watched = new WeakSet<ChildProcess>();
  const watch = (name: string, child: ChildProcess, output: string[]) => {
    if (watched.has(child)) return;
    watched.add(child);
    child.once('exit', (code, signal) => {
      exits.push({
        name,
        code,
        signal,
        at: Date.now(),
        expected: expected.delete(name),
        lastOutput: output.join('').slice(-2000),
      });
    });
  };
  const watchAll = () => {
    for (const [name, p] of s.processes) watch(name, p.child, p.output);
  };
  watchAll();

  // The detection index loads in a worker after lookup-service listens; /readyz says when.
  await waitFor(async () => (await fetch(`${s.lookupUrl}/readyz`)).ok, {
    timeoutMs: 120_000,
    intervalMs: 250,
  });
  const created = await runNode(
    resolvePackage('@tunnelscope/lookup-service/cli/api-key'),
    [
      'create',
      '--email',
      'faults@acme.example',
      '--name',
      'Faults',
      '--daily-quota',
      '10000000',
      '--burst',
      '10000',
    ],
    s.env,
  );
  const apiKey = created.trim();
  const username = 'faults_operator';
  const cli = await runNode(
    resolvePackage('@tunnelscope/auth-service/cli/admin-create'),
    ['--username', username, '--email', `${username}@tunnelscope.example`, '--role', 'admin'],
    s.env,
  );
  const lines = cli.split('\n').map((l) => l.trim());
  const password = lines[lines.findIndex((l) => l.startsWith('Password')) + 1];
  const login = await fetch(`${s.gatewayUrl}${s.adminPrefix}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.gatewayUrl },
    body: JSON.stringify({ username, password, turnstileToken: TURNSTILE_TEST_TOKEN, rememberMe: true }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (login.status !== 200 || cookies.length === 0)
    throw new Error(
      `admin sign-in failed: ${login.status} ${await login.text()}\n${s.processes.get('auth-service')?.output.join('').slice(-3000)}`,
    );
  const adminCookie = cookies.join('; ');

  let formCounter = 0;
  const run = Date.now().toString(36);
  const probes: FaultStack['probes'] = {
    form: {
      name: 'form submission',
      async call(signal) {
        const email = `fault-${run}-${formCounter++}@fraudlabs.io`;
        const res = await fetch(`${s.gatewayUrl}/api/waitlist`, {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, company: 'Fault Labs', useCase: 'fraud-prevention' }),
        });
        return answer(res, res.status === 200, email);
      },
    },
    admin: {
      name: 'admin read',
      async call(signal) {
        const res = await fetch(`${s.gatewayUrl}${s.adminPrefix}/data/waitlist?page=1&limit=10`, {
          signal,
          headers: { cookie: adminCookie },
        });
        return answer(res, res.status === 200);
      },
    },
    detection: {
      name: 'detection lookup',
      async call(signal) {
        const res = await fetch(`${s.gatewayUrl}/api/v1/vpn/check?ip=8.8.8.8`, {
          signal,
          headers: { 'x-api-key': apiKey },
        });
        return answer(res, res.status === 200);
      },
    },
    ipSearch: {
      // A fresh address each time, so the IP database is asked (answers are cached per address).
      name: 'admin IP search',
      async call(signal) {
        const octet = () => Math.floor(Math.random() * 254) + 1;
        const res = await fetch(`${s.gatewayUrl}${s.adminPrefix}/vpn-db/search-ip`, {
          method: 'POST',
          signal,
          headers: { 'content-type': 'application/json', origin: s.gatewayUrl, cookie: adminCookie },
          body: JSON.stringify({ ipAddress: `45.${octet()}.${octet()}.${octet()}` }),
        });
        // While the IP database is away the documented answer is 200 { networkError: true }.
        return answer(res, res.status === 200);
      },
    },
    stats: {
      name: 'public stats',
      async call(signal) {
        const res = await fetch(`${s.gatewayUrl}/api/stats`, { signal });
        return answer(res, res.status === 200);
      },
    },
  };

  return {
    stack: s,
    postgres,
    ipdbPostgres,
    redis,
    apiKey,
    adminCookie,
    exits,
    expectExit: (name) => expected.add(name),
    async restart(name) {
      await s.start(name);
      watchAll();
    },
    watch,
    probes,
    async close() {
      // Everything must be up for the stack to drop its databases.
      if (!redis.isRunning()) await redis.start();
      if (!postgres.isRunning()) await postgres.start();
      if (!ipdbPostgres.isRunning()) await ipdbPostgres.start();
      for (const name of s.processes.keys()) expected.add(name);
      await s.close().catch(() => undefined);
      await redis.close();
      await ipdbPostgres.close();
      await postgres.close();
    },
  };
}
