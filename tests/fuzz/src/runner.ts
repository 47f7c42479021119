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
  /** Refused cases sent again alone because their concurrent group changed rows. */
  rechecks: number;
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
  'admin-users-end-sessions',
  'auth-end-other-sessions',
  'auth-change-password',
  'auth-backup-codes-regenerate',
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

/** First segments of the API namespaces, per scope (from the endpoint list, plus `/data`). */
const API_ROOTS: Record<Endpoint['scope'], Set<string>> = {
  public: new Set(['/api']),
  detection: new Set(['/api']),
  ingest: new Set(['/ingest']),
  admin: new Set([
    '/data',
    ...ENDPOINTS.filter((e) => e.scope === 'admin').map((e) => `/${e.path.split('/')[1]}`),
  ]),
};

/**
 * A path mutation can leave the API (`/api-keys.json` is not under `/api-keys`): the panel's or
 * the site's page answers there, as HTML by design, so only the 5xx and leak checks apply.
 */
function isApiPath(scope: Endpoint['scope'], relPath: string): boolean {
  const first = `/${relPath.split('?')[0]!.split('/')[1] ?? ''}`;
  return API_ROOTS[scope].has(first);
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
  /** False when a path mutation left the API namespace. */
  api: boolean;
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
  if (c.actor === 'collector') headers.authorization = `Bearer ${fs.collectorToken}`;
  if (c.actor === 'junkToken') headers.authorization = 'Bearer ts_col_00000000000000000000000000000000000000';
  const path = prefix + c.path;
  return {
    method: c.method,
    path: path + c.query,
    headers: { ...headers, ...c.headers },
    body: c.body,
    scope: answeringScope(endpoint.scope, path),
    api: isApiPath(endpoint.scope, c.path),
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
    /**
     * Cases in flight at once (default 1: each case between its own snapshots). Above 1, a group
     * is snapshotted as a whole; when its rows changed and it held refusals, each refused case
     * is sent again alone between its own snapshots, so a change still belongs to one case.
     */
    concurrency?: number;
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
    rechecks: 0,
    perEndpoint: Object.fromEntries(
      ENDPOINTS.map((e) => [e.name, { cases: 0, refused: 0, failures: 0, statuses: {} }]),
    ),
    findings: [],
    watchedTables: snapshots.watched,
  };
  const batch = opts.batch ?? 100;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  try {
    for (let start = 0; start < opts.cases; start += batch) {
      await fs.refreshIds();
      const arb = fuzzCaseArb({ hints: hints(), ids: fs.ids });
      // One seed per batch, derived from the run's: the whole run replays from `seed`.
      const cases = fc.sample(arb, { seed: opts.seed + start, numRuns: Math.min(batch, opts.cases - start) });
      for (let i = 0; i < cases.length; i += concurrency) {
        const group = cases.slice(i, i + concurrency);
        const before = await snapshots.take();
        const outcomes = await Promise.all(group.map((c) => sendCase(fs, c)));
        const refused = outcomes.filter((o): o is SentOutcome => o.sent && o.refused);
        let changed: string[] = [];
        if (refused.length) changed = RowSnapshots.diff(before, await snapshots.take());
        for (const o of outcomes) {
          if (!o.sent) {
            report.unsendable += 1;
            continue;
          }
          if (o.refused && changed.length && group.length === 1) {
            o.problems.push(`refused, yet stored rows changed: ${changed.join('; ')}`);
          }
          record(report, o);
        }
        if (changed.length && group.length > 1) {
          for (const o of refused) {
            report.rechecks += 1;
            const alone = await snapshots.take();
            const again = await sendCase(fs, o.c);
            if (!again.sent || !again.refused) continue;
            const diff = RowSnapshots.diff(alone, await snapshots.take());
            if (diff.length) {
              again.problems.push(`refused, yet stored rows changed: ${diff.join('; ')}`);
              report.failures += 1;
              report.perEndpoint[o.c.endpoint]!.failures += 1;
              report.findings.push(findingOf(again));
            }
          }
        }
        const risky = outcomes.some(
          (o) =>
            o.sent &&
            SESSION_ACTORS.has(o.c.actor) &&
            (o.status === 401 ||
              (typeof o.status === 'number' && o.status < 300 && SESSION_RISKS.has(o.c.endpoint)) ||
              /identity|session/i.test(o.c.mutation)),
        );
        // A call that may have ended or locked one of the fuzz's own sessions: check before the next.
        if (risky) report.sessionRepairs += await fs.repairSessions();
      }
      report.sessionRepairs += await fs.repairSessions();
      opts.onProgress?.(Math.min(start + batch, opts.cases), report);
    }
  } finally {
    await snapshots.close();
  }
  return report;
}

type Sent = ReturnType<typeof materialise>;
type Outcome =
  | { sent: false; c: FuzzCase }
  | {
      sent: true;
      c: FuzzCase;
      req: Sent;
      answer?: RawAnswer;
      status: number | 'no answer';
      refused: boolean;
      problems: string[];
    };

async function sendCase(fs: FuzzStack, c: FuzzCase): Promise<Outcome> {
  const req = materialise(fs, c);
  let answer: RawAnswer | undefined;
  let failure: string | undefined;
  try {
    answer = await sendRaw(fs.stack.gatewayUrl, req);
  } catch (err) {
    if (err instanceof UnsendableRequest) return { sent: false, c };
    failure = `no answer: ${(err as Error).message}`;
  }
  return {
    sent: true,
    c,
    req,
    answer,
    status: answer?.status ?? 'no answer',
    refused: answer === undefined || answer.status >= 400,
    problems: failure ? [failure] : judge(req.scope, req.method, answer!, { api: req.api }).problems,
  };
}

type SentOutcome = Extract<Outcome, { sent: true }>;

function record(report: FuzzReport, o: SentOutcome): void {
  const figures = report.perEndpoint[o.c.endpoint]!;
  report.cases += 1;
  figures.cases += 1;
  figures.statuses[String(o.status)] = (figures.statuses[String(o.status)] ?? 0) + 1;
  if (o.refused) figures.refused += 1;
  if (o.problems.length) {
    report.failures += 1;
    figures.failures += 1;
    report.findings.push(findingOf(o));
  }
}

function findingOf(o: SentOutcome): Finding {
  const { c, req, answer } = o;
  return {
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
    status: o.status,
    problems: o.problems,
    answer: (answer?.body ?? '').slice(0, 500),
  };
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
