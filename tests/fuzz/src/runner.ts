/**
 * Runs a seeded number of cases against the stack, one at a time (so a change of the stored
 * rows belongs to the case that made it), and collects every answer that breaks the property.
 */
import fc from 'fast-check';
import { fuzzCaseArb, type Actor, type FuzzCase } from './cases.js';
import { ENDPOINTS, type Endpoint } from './endpoints.js';
import type { FuzzStack } from './harness.js';
import { answeringScope, judge } from './oracle.js';
import type { Hints } from './schema-arbitrary.js';
import { sendRaw, UnsendableRequest, type RawAnswer } from './send.js';
import { RowSnapshots } from './snapshot.js';

export interface Finding {
  endpoint: string;
  mutation: string;
  actor: Actor;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The body sent, cut to 400 characters, and its length. */
  body?: string;
  bodyLength?: number;
  status: number | 'no answer';
  problems: string[];
  answer: string;
}

export interface EndpointFigures {
  cases: number;
  refused: number;
  failures: number;
  statuses: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  unsendable: number;
  failures: number;
  sessionRepairs: number;
  perEndpoint: Record<string, EndpointFigures>;
  findings: Finding[];
  watchedTables: string[];
}

const SESSION_ACTORS: ReadonlySet<Actor> = new Set(['admin', 'viewOnly']);
/** Calls that can end, lock or demote the caller's own session when they succeed. */
const SESSION_RISKS: ReadonlySet<string> = new Set([
  'auth-logout',
  'auth-verify-2fa',
  'auth-verify-2fa-setup',
  'auth-disable-2fa',
  'auth-update-profile',
  'auth-login',
  'disconnect-session',
  'admin-users-update',
  'admin-users-delete',
  'admin-users-reset-password',
  'admin-users-reset-2fa',
]);

function hints(): Hints {
  return {
    emails: fc.oneof(
      fc
        .emailAddress()
        .filter((e) => e.length <= 254 && /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(e)),
      fc.stringMatching(/^[a-z]{3,10}$/).map((n) => `${n}@tunnelscope.example`),
    ),
    uuids: fc.uuid(),
    adminUsernames: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/),
      fc.constantFrom('fuzz_decoy', 'fuzz_target'),
    ),
  };
}

/** The request exactly as sent, for the report and for sending. */
export function materialise(
  fs: FuzzStack,
  c: FuzzCase,
): {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  scope: Endpoint['scope'];
} {
  const endpoint = ENDPOINTS.find((e) => e.name === c.endpoint)!;
  const prefix = endpoint.scope === 'admin' ? fs.stack.adminPrefix : '';
  const headers: Record<string, string> = {};
  if (endpoint.scope === 'admin') {
    // The panel's own origin, so the gateway's cross-site check passes and the service is fuzzed.
    headers.origin = fs.stack.gatewayUrl;
    if (c.actor === 'admin') headers.cookie = fs.admin.cookie;
    if (c.actor === 'viewOnly') headers.cookie = fs.viewOnly.cookie;
    if (c.actor === 'junkCookie') headers.cookie = 'ts_admin_session=forged-session-token';
  }
  if (c.actor === 'key') headers['x-api-key'] = fs.keys.plain;
  if (c.actor === 'exportKey') headers['x-api-key'] = fs.keys.export;
  if (c.actor === 'junkKey') headers['x-api-key'] = 'ts_live_00000000000000000000000000000000000000';
  const path = prefix + c.path;
  return {
    method: c.method,
    path: path + c.query,
    headers: { ...headers, ...c.headers },
    body: c.body,
    scope: answeringScope(endpoint.scope, path),
  };
}

function cut(body: string | Buffer | undefined): string | undefined {
  if (body === undefined) return undefined;
  const text =
    typeof body === 'string' ? body : `<${body.length} bytes> ${body.toString('base64').slice(0, 200)}`;
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
}

export async function runFuzz(
  fs: FuzzStack,
  opts: {
    seed: number;
    cases: number;
    batch?: number;
    onProgress?: (done: number, report: FuzzReport) => void;
  },
): Promise<FuzzReport> {
  const snapshots = await RowSnapshots.open([
    { label: 'app', url: fs.stack.db.url },
    { label: 'ipdb', url: fs.stack.env.IPDB_URL! },
  ]);
  const report: FuzzReport = {
    seed: opts.seed,
    cases: 0,
    unsendable: 0,
    failures: 0,
    sessionRepairs: 0,
    perEndpoint: Object.fromEntries(
      ENDPOINTS.map((e) => [e.name, { cases: 0, refused: 0, failures: 0, statuses: {} }]),
    ),
    findings: [],
    watchedTables: snapshots.watched,
  };
  const batch = opts.batch ?? 100;
  try {
    for (let start = 0; start < opts.cases; start += batch) {
      await fs.refreshIds();
      const arb = fuzzCaseArb({ hints: hints(), ids: fs.ids });
      // One seed per batch, derived from the run's: the whole run replays from `seed`.
      const cases = fc.sample(arb, { seed: opts.seed + start, numRuns: Math.min(batch, opts.cases - start) });
      for (const c of cases) {
        await runCase(fs, snapshots, c, report);
      }
      report.sessionRepairs += await fs.repairSessions();
      opts.onProgress?.(Math.min(start + batch, opts.cases), report);
    }
  } finally {
    await snapshots.close();
  }
  return report;
}

async function runCase(
  fs: FuzzStack,
  snapshots: RowSnapshots,
  c: FuzzCase,
  report: FuzzReport,
): Promise<void> {
  const req = materialise(fs, c);
  const figures = report.perEndpoint[c.endpoint]!;
  const before = await snapshots.take();
  let answer: RawAnswer | undefined;
  let failure: string | undefined;
  try {
    answer = await sendRaw(fs.stack.gatewayUrl, req);
  } catch (err) {
    if (err instanceof UnsendableRequest) {
      report.unsendable += 1;
      return;
    }
    failure = `no answer: ${(err as Error).message}`;
  }
  report.cases += 1;
  figures.cases += 1;
  const status = answer?.status ?? 'no answer';
  figures.statuses[String(status)] = (figures.statuses[String(status)] ?? 0) + 1;
  const problems = failure ? [failure] : judge(req.scope, req.method, answer!).problems;
  const refused = answer === undefined || answer.status >= 400;
  if (refused) {
    figures.refused += 1;
    const changed = RowSnapshots.diff(before, await snapshots.take());
    if (changed.length) problems.push(`refused, yet stored rows changed: ${changed.join('; ')}`);
  }
  if (problems.length) {
    report.failures += 1;
    figures.failures += 1;
    report.findings.push({
      endpoint: c.endpoint,
      mutation: c.mutation,
      actor: c.actor,
      method: req.method,
      path: req.path.length > 300 ? `${req.path.slice(0, 300)}… (${req.path.length} characters)` : req.path,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          v.length > 200 ? `${v.slice(0, 200)}… (${v.length})` : v,
        ]),
      ),
      body: cut(req.body),
      bodyLength: req.body === undefined ? undefined : Buffer.byteLength(req.body),
      status,
      problems,
      answer: (answer?.body ?? '').slice(0, 500),
    });
  }
  // A call that may have ended or locked one of the fuzz's own sessions: check before the next.
  if (
    SESSION_ACTORS.has(c.actor) &&
    answer !== undefined &&
    (answer.status === 401 ||
      (answer.status < 300 && SESSION_RISKS.has(c.endpoint)) ||
      /identity|session/i.test(c.mutation))
  ) {
    report.sessionRepairs += await fs.repairSessions();
  }
}

/** One line per distinct problem (endpoint, status, first problem's kind), with a count. */
export function summariseFindings(findings: Finding[]): string[] {
  const groups = new Map<string, { n: number; first: Finding }>();
  for (const f of findings) {
    const kind = f.problems.map((p) => p.replace(/:.*$/, '')).join(' | ');
    const key = `${f.endpoint} ${f.status} ${kind}`;
    const g = groups.get(key);
    if (g) g.n += 1;
    else groups.set(key, { n: 1, first: f });
  }
  return [...groups.entries()].map(
    ([key, { n, first }]) =>
      `${n}× ${key}\n    e.g. ${first.method} ${first.path} [${first.mutation}] headers=${JSON.stringify(first.headers)} body=${JSON.stringify(first.body ?? null)}\n    → ${first.problems.join('; ')}\n    answer: ${first.answer.slice(0, 200)}`,
  );
}
