/**
 * The built stack as real processes, for the stack tests here and the browser tests of tests/e2e.
 * Each process is started from its package's declared `./server` entry (resolved through this
 * package's dependencies), never from a path into another package's folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startMailSink, type MailSink } from '@tunnelscope/mail-sink';
import { dropDatabase, ensureDatabase } from '@tunnelscope/service-kit';
import {
  createTestDatabase,
  freePort,
  repoRoot,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';
import { startTurnstileStandin, type TurnstileStandin } from '@tunnelscope/turnstile-standin';

async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface StackProcess {
  name: string;
  child: ChildProcess;
  output: string[];
}

export interface Stack {
  gatewayUrl: string;
  /** lookup-service straight (its /readyz says when the detection index has loaded). */
  lookupUrl: string;
  /** ingest-service straight (the gateway routes /ingest/v1/* to it). */
  ingestUrl: string;
  adminPrefix: string;
  sink: MailSink;
  /** The offline Turnstile widget and siteverify, on Cloudflare's always-pass test keys by default. */
  turnstile: TurnstileStandin;
  db: TestDatabase;
  env: Record<string, string>;
  /**
   * Each process's METRICS_PORT (free ports, so parallel stacks never collide): its Prometheus
   * text at `http://127.0.0.1:<port>/metrics`. `env` itself says METRICS_PORT=0 (a free port) for
   * a process a test spawns on its own.
   */
  metricsPorts: Record<StackService, number>;
  processes: Map<string, StackProcess>;
  /** Starts (or restarts) one of the stack's processes and waits for its health check. */
  start(name: StackService): Promise<void>;
  stop(name: StackService): Promise<void>;
  close(): Promise<void>;
}

export type StackService =
  | 'forms-service'
  | 'auth-service'
  | 'analytics-service'
  | 'lookup-service'
  | 'ingest-service'
  | 'mailer-worker'
  | 'gateway';

const PACKAGE: Record<StackService, string> = {
  'forms-service': '@tunnelscope/forms-service',
  'auth-service': '@tunnelscope/auth-service',
  'analytics-service': '@tunnelscope/analytics-service',
  'lookup-service': '@tunnelscope/lookup-service',
  'ingest-service': '@tunnelscope/ingest-service',
  'mailer-worker': '@tunnelscope/mailer-worker',
  gateway: '@tunnelscope/gateway',
};

const resolveFromHere = createRequire(import.meta.url).resolve;

/** The file a workspace package declares for `specifier` (`@tunnelscope/x/entry`) in its `exports`. */
export function packageEntry(specifier: string): string {
  return resolveFromHere(specifier);
}

/** The built server file a deployable declares as its `./server` entry. */
export function serverEntry(name: StackService): string {
  return packageEntry(`${PACKAGE[name]}/server`);
}

/**
 * A fresh database on `server` (a PostgreSQL URL) when given, else on the test server
 * (test-kit's createTestDatabase): the fault suite points the stack at servers of its own.
 */
async function databaseOn(server: string | undefined, label: string): Promise<TestDatabase> {
  if (!server) return createTestDatabase(label);
  const url = new URL(server);
  url.pathname = `/ts_stack_${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(url.toString());
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/**
 * The built stack as real processes: its own database (migrated by the same command a person
 * runs), its own Redis prefix, an SMTP sink, and every service on a free port.
 */
export async function startStack(opts: {
  label: string;
  env?: Record<string, string>;
  services?: StackService[];
  /** PostgreSQL servers to create the application and IP databases on (default: the test server). */
  databaseServer?: string;
  ipdbServer?: string;
  /** The Redis to use (default: the test Redis, under a prefix of the stack's own). */
  redisUrl?: string;
  /** How long a process may take to answer its health check (default 20 s). */
  startTimeoutMs?: number;
}): Promise<Stack> {
  const db = await databaseOn(opts.databaseServer, opts.label);
  const ipdb = await databaseOn(opts.ipdbServer ?? opts.databaseServer, `${opts.label}_ip`);
  const sink = await startMailSink();
  const turnstile = await startTurnstileStandin({ port: 0 });
  const ports = {
    gateway: await freePort(),
    forms: await freePort(),
    auth: await freePort(),
    analytics: await freePort(),
    lookup: await freePort(),
    ingest: await freePort(),
    mailer: await freePort(),
  };
  const metricsPorts: Record<StackService, number> = {
    'forms-service': await freePort(),
    'auth-service': await freePort(),
    'analytics-service': await freePort(),
    'lookup-service': await freePort(),
    'ingest-service': await freePort(),
    'mailer-worker': await freePort(),
    gateway: await freePort(),
  };
  const adminHex = 'ab12cd34ef56ab78cd90ef12ab34cd56';
  const feedCacheDir = path.join(os.tmpdir(), `ts-stack-feeds-${randomBytes(6).toString('hex')}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    IPDB_URL: ipdb.url,
    REDIS_URL: opts.redisUrl ?? TEST_REDIS_URL,
    REDIS_PREFIX: uniqueRedisPrefix(opts.label),
    SMTP_URL: sink.smtpUrl,
    ADMIN_PATH_HEX: adminHex,
    GATEWAY_PORT: String(ports.gateway),
    FORMS_SERVICE_PORT: String(ports.forms),
    AUTH_SERVICE_PORT: String(ports.auth),
    ANALYTICS_SERVICE_PORT: String(ports.analytics),
    LOOKUP_SERVICE_PORT: String(ports.lookup),
    INGEST_SERVICE_PORT: String(ports.ingest),
    MAILER_WORKER_PORT: String(ports.mailer),
    METRICS_PORT: '0',
    FORMS_SERVICE_URL: `http://127.0.0.1:${ports.forms}`,
    AUTH_SERVICE_URL: `http://127.0.0.1:${ports.auth}`,
    ANALYTICS_SERVICE_URL: `http://127.0.0.1:${ports.analytics}`,
    LOOKUP_SERVICE_URL: `http://127.0.0.1:${ports.lookup}`,
    INGEST_SERVICE_URL: `http://127.0.0.1:${ports.ingest}`,
    // The last good feed downloads of this stack, outside the repository (removed by close()).
    FEED_CACHE_DIR: feedCacheDir,
    // The public ASN/geolocation data sampled (plus every range holding an IP-database address):
    // the index loads in seconds instead of a minute; `full` is the production setting.
    LOOKUP_PUBLIC_DATA: 'sample',
    CONTACT_INBOX: 'team@tunnelscope.example',
    INTERNAL_SHARED_SECRET: 'stack-internal-secret-0123456789abcdef-xyz',
    TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
    TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
    TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    TURNSTILE_SECRET: '1x0000000000000000000000000000000AA',
    // Every call of a stack comes from 127.0.0.1, one client network for the per-network code cap.
    OTP_CODES_PER_NETWORK_PER_HOUR: '1000',
    ...opts.env,
  };
  const health: Record<StackService, string> = {
    'forms-service': `http://127.0.0.1:${ports.forms}/healthz`,
    'auth-service': `http://127.0.0.1:${ports.auth}/healthz`,
    'analytics-service': `http://127.0.0.1:${ports.analytics}/healthz`,
    'lookup-service': `http://127.0.0.1:${ports.lookup}/healthz`,
    'ingest-service': `http://127.0.0.1:${ports.ingest}/healthz`,
    'mailer-worker': `http://127.0.0.1:${ports.mailer}/healthz`,
    gateway: `http://127.0.0.1:${ports.gateway}/healthz`,
  };

  await new Promise<void>((resolve, reject) => {
    const m = spawn(process.execPath, [path.join(repoRoot, 'scripts/db-migrate.mjs')], {
      env,
      stdio: 'pipe',
    });
    let out = '';
    m.stdout.on('data', (d) => (out += d));
    m.stderr.on('data', (d) => (out += d));
    m.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`db-migrate failed (${code}): ${out}`)),
    );
  });

  const processes = new Map<string, StackProcess>();
  const stack: Stack = {
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    lookupUrl: `http://127.0.0.1:${ports.lookup}`,
    ingestUrl: `http://127.0.0.1:${ports.ingest}`,
    adminPrefix: `/admin-${adminHex}`,
    sink,
    turnstile,
    db,
    env,
    metricsPorts,
    processes,
    async start(name) {
      const output: string[] = [];
      const child = spawn(process.execPath, [serverEntry(name)], {
        env: { ...env, METRICS_PORT: String(metricsPorts[name]) },
        stdio: 'pipe',
      });
      child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      processes.set(name, { name, child, output });
      try {
        await waitForHttp(health[name], opts.startTimeoutMs);
      } catch (err) {
        throw new Error(`${name} did not start: ${(err as Error).message}\n${output.join('')}`, {
          cause: err,
        });
      }
    },
    async stop(name) {
      const p = processes.get(name);
      if (!p || p.child.exitCode !== null) return;
      const exited = new Promise((r) => p.child.once('exit', r));
      p.child.kill('SIGTERM');
      await exited;
      processes.delete(name);
    },
    async close() {
      for (const name of [...processes.keys()].reverse()) await stack.stop(name as StackService);
      await sink.close();
      await turnstile.close();
      await db.drop();
      await ipdb.drop();
      await rm(feedCacheDir, { recursive: true, force: true });
    },
  };
  for (const name of opts.services ??
    ([
      'forms-service',
      'auth-service',
      'analytics-service',
      'lookup-service',
      'ingest-service',
      'mailer-worker',
      'gateway',
    ] as const)) {
    try {
      await stack.start(name);
    } catch (err) {
      // Leave nothing running behind a stack that could not start.
      await stack.close().catch(() => undefined);
      throw err;
    }
  }
  return stack;
}

/** A JSON call through the gateway, as a browser would make it. */
export async function call(
  stack: Stack,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
  // The body is whatever the service answered; tests assert on its fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(stack.gatewayUrl + urlPath, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (HTML pages)
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
