/**
 * The stack the fuzzer runs against: the built gateway and every service (tests/stack's
 * `startStack`) on their own databases and Redis prefix, with two operators signed in through
 * the real sign-in (an admin and a view_only), API keys made by the operators' command, and the
 * ids of stored rows for path parameters. Sessions the fuzz itself ends (a logout, a
 * disconnect, a lockout from wrong current passwords) are repaired between cases.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { ADMIN_API, ADMIN_SESSION_COOKIE, DETECTION_API } from '@tunnelscope/contracts';
import { packageEntry, startStack, type Stack } from '@tunnelscope/stack-tests';
import { waitFor } from '@tunnelscope/test-kit';
import type { IdPool } from './cases.js';
import { sendRaw } from './send.js';

const resolvePackage = createRequire(import.meta.url).resolve;
const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * Per-client limits raised far out of reach: at their defaults (5 form posts a minute, 10 sign-ins)
 * nearly every case would be a 429 before the body is even read, and the fuzz would test
 * nothing but the rate limiter.
 */
export const FUZZ_STACK_ENV: Record<string, string> = {
  RATE_LIMIT_FORM_PER_MIN: '1000000',
  RATE_LIMIT_OTP_PER_MIN: '1000000',
  RATE_LIMIT_EMAIL_CHECK_PER_MIN: '1000000',
  RATE_LIMIT_SECURITY_LOG_PER_MIN: '1000000',
  OTP_CODES_PER_HOUR: '1000000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  LOOKUP_FAILED_KEY_LIMIT_PER_MIN: '1000000',
  INGEST_RATE_LIMIT_PER_MIN: '1000000',
};

function run(cli: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...env, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cli} ${args[0]} failed (${code}): ${out}${err}`)),
    );
  });
}

export interface Operator {
  username: string;
  password: string;
  role: 'admin' | 'view_only';
  cookie: string;
}

export interface FuzzStack {
  stack: Stack;
  admin: Operator;
  viewOnly: Operator;
  keys: { plain: string; export: string };
  /** A live collector token (`collector:create`) for the collector API. */
  collectorToken: string;
  /** Ids the fuzz must not destroy: its own operators' and keys'. */
  protectedIds: Set<string>;
  ids: IdPool;
  /** Fresh ids of stored rows (other than the protected ones). */
  refreshIds(): Promise<void>;
  /** Signs an operator in again if the fuzz ended or locked their session. */
  repairSessions(): Promise<number>;
  close(): Promise<void>;
}

async function signIn(stack: Stack, username: string, password: string): Promise<string> {
  const res = await sendRaw(stack.gatewayUrl, {
    method: 'POST',
    path: `${stack.adminPrefix}${ADMIN_API.login.path}`,
    headers: { 'content-type': 'application/json', origin: stack.gatewayUrl },
    body: JSON.stringify({ username, password, turnstileToken: TURNSTILE_DUMMY_TOKEN }),
  });
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const session = cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${ADMIN_SESSION_COOKIE}=`));
  if (res.status !== 200 || !session)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${res.body}`);
  return session;
}

export async function startFuzzStack(label: string): Promise<FuzzStack> {
  const stack = await startStack({ label, env: FUZZ_STACK_ENV });
  const db = new pg.Client({ connectionString: stack.db.url });
  try {
    await db.connect();
    const adminCli = resolvePackage('@tunnelscope/auth-service/cli/admin-create');
    const keyCli = resolvePackage('@tunnelscope/lookup-service/cli/api-key');

    const createOperator = async (username: string, role: Operator['role']): Promise<Operator> => {
      const out = await run(
        adminCli,
        ['--username', username, '--email', `${username}@tunnelscope.example`, '--role', role],
        stack.env,
      );
      const lines = out.split('\n').map((l) => l.trim());
      const password = lines[lines.findIndex((l) => l.startsWith('Password')) + 1];
      if (!password) throw new Error(`admin:create printed no password: ${out}`);
      try {
        return { username, password, role, cookie: await signIn(stack, username, password) };
      } catch (err) {
        const log = stack.processes.get('auth-service')?.output.join('').slice(-3000) ?? '';
        throw new Error(`${(err as Error).message}\nauth-service said:\n${log}`, { cause: err });
      }
    };
    const admin = await createOperator('fuzz_admin', 'admin');
    const viewOnly = await createOperator('fuzz_viewer', 'view_only');
    // Targets for the fuzz's writes on operators: a second admin and a decoy sign-in fuzzes lock.
    await run(
      adminCli,
      ['--username', 'fuzz_target', '--email', 'fuzz_target@tunnelscope.example', '--role', 'admin'],
      stack.env,
    );
    await run(
      adminCli,
      ['--username', 'fuzz_decoy', '--email', 'fuzz_decoy@tunnelscope.example', '--role', 'view_only'],
      stack.env,
    );

    const key = (args: string[]) =>
      run(
        keyCli,
        [
          'create',
          '--email',
          'fuzz@tunnelscope.example',
          '--name',
          'Fuzz',
          '--daily-quota',
          '100000000',
          '--burst',
          '10000',
          ...args,
        ],
        stack.env,
      ).then((o) => o.trim().split('\n').pop()!.trim());
    const keys = { plain: await key([]), export: await key(['--export']) };
    const collectorCli = packageEntry('@tunnelscope/ingest-service/cli/collector');
    const created = await run(collectorCli, ['create', '--name', 'fuzz-collector'], stack.env);
    const collectorToken = created.trim().split('\n').pop()!.trim();
    // Two more the fuzz may rotate and revoke.
    await key([]);
    await key(['--export']);

    const protectedIds = new Set<string>();
    const { rows: ops } = await db.query<{ id: string }>(
      `select id from admin_users where username in ('fuzz_admin', 'fuzz_viewer')`,
    );
    ops.forEach((r) => protectedIds.add(r.id));
    const { rows: keyRows } = await db.query<{ id: string; prefix: string }>(
      `select id, prefix from api_keys`,
    );
    for (const r of keyRows)
      if (keys.plain.startsWith(r.prefix) || keys.export.startsWith(r.prefix)) protectedIds.add(r.id);

    await waitFor(async () => (await fetch(`${stack.lookupUrl}/readyz`)).ok, {
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    // The offline exports are built after the index loads (503 with Retry-After until then): the
    // fuzz is about bad input, so it starts once both files are there.
    for (const exportPath of [DETECTION_API.exportCsv.path, DETECTION_API.exportMmdb.path]) {
      await waitFor(
        async () =>
          (
            await sendRaw(stack.gatewayUrl, {
              method: 'GET',
              path: exportPath,
              headers: { 'x-api-key': keys.export },
            })
          ).status === 200,
        { timeoutMs: 180_000, intervalMs: 1000 },
      );
    }

    const ids: IdPool = { adminUser: [], waitlist: [], vpnRequest: [], contact: [], log: [], apiKey: [] };
    const pick = async (sql: string) =>
      (await db.query<{ id: string }>(sql)).rows
        .map((r) => String(r.id))
        .filter((id) => !protectedIds.has(id));
    const refreshIds = async () => {
      ids.adminUser = await pick(`select id from admin_users order by created_at desc limit 20`);
      ids.waitlist = await pick(`select id from waitlist_entries order by created_at desc limit 20`);
      ids.vpnRequest = await pick(`select id from vpn_requests order by created_at desc limit 20`);
      ids.contact = await pick(`select id from contact_forms order by created_at desc limit 20`);
      ids.apiKey = await pick(`select id from api_keys order by created_at desc limit 20`);
      ids.log = [
        ...(await pick(`select 'admin:' || id as id from admin_logs order by created_at desc limit 10`)),
        ...(await pick(
          `select 'visitor:' || id as id from registration_logs order by created_at desc limit 10`,
        )),
      ];
    };
    await refreshIds();

    const sessionAlive = async (op: Operator) => {
      const res = await sendRaw(stack.gatewayUrl, {
        method: 'GET',
        path: `${stack.adminPrefix}${ADMIN_API.me.path}`,
        headers: { cookie: op.cookie, 'x-admin-background': '1' },
      });
      if (res.status !== 200) return false;
      const user = (
        JSON.parse(res.body) as { data?: { user?: { role?: string; mustChangePassword?: boolean } } }
      ).data?.user;
      // A reset by the fuzz leaves the operator signed in but refused everywhere until a new password.
      return user?.role === op.role && user.mustChangePassword !== true;
    };
    // Each operator's row as created: a repair puts back whatever the fuzz changed through
    // their own session (username or e-mail by update-profile, role, active flag, lock, 2FA).
    const { rows: originals } = await db.query<{
      id: string;
      username: string;
      email: string;
      password_hash: string;
    }>(
      `select id, username, email, password_hash from admin_users where username in ('fuzz_admin', 'fuzz_viewer')`,
    );
    const repairSessions = async () => {
      let repaired = 0;
      for (const op of [admin, viewOnly]) {
        if (await sessionAlive(op)) continue;
        const original = originals.find((o) => o.username === op.username)!;
        await db.query(
          `update admin_users set username = $2, email = $3, password_hash = $4, role = $5, is_active = true,
             failed_login_attempts = 0, account_locked_until = null, two_factor_enabled = false,
             two_factor_secret = null, must_change_password = false where id = $1`,
          [original.id, original.username, original.email, original.password_hash, op.role],
        );
        op.cookie = await signIn(stack, op.username, op.password);
        repaired += 1;
      }
      return repaired;
    };

    return {
      stack,
      admin,
      viewOnly,
      keys,
      collectorToken,
      protectedIds,
      ids,
      refreshIds,
      repairSessions,
      async close() {
        await db.end();
        await stack.close();
      },
    };
  } catch (err) {
    await db.end().catch(() => undefined);
    await stack.close();
    throw err;
  }
}
