/**
 * What the admin benchmark searches for, read from the generated database (so it holds whatever
 * the seed and the row count made): per list an exact e-mail that exists, a common fragment, a
 * rare fragment, and the identity of an operator with an active session to sign requests with.
 */
import type pg from 'pg';
import { RARE_LAST_NAMES } from './vocab.js';

export const DEFAULT_BENCH_ADMIN_DB_URL = 'postgres://postgres@127.0.0.1:5432/tunnelscope_bench_admin';

export interface SearchTerm {
  /** What the case is called in the results ("exact e-mail", "common fragment" …). */
  label: string;
  term: string;
  /** Rows of the list the term matches (ilike over the list's search columns). */
  matches: number;
}

export interface ListTerms {
  rows: number;
  terms: SearchTerm[];
}

export interface KnownValues {
  waitlist: ListTerms;
  vpnRequests: ListTerms;
  contacts: ListTerms;
  logs: ListTerms;
}

/** The columns each list searches (waitlist: e-mail; VPN requests: e-mail and name; …). */
const SEARCHED: Record<keyof KnownValues, { table: string; columns: string[] }[]> = {
  waitlist: [{ table: 'waitlist_entries', columns: ['email'] }],
  vpnRequests: [{ table: 'vpn_requests', columns: ['user_email', 'vpn_name'] }],
  contacts: [{ table: 'contact_forms', columns: ['email', 'name', 'subject'] }],
  logs: [
    { table: 'registration_logs', columns: ['email', 'ip_address'] },
    { table: 'admin_logs', columns: ['username', 'ip_address'] },
  ],
};

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function matches(client: pg.Client, list: keyof KnownValues, term: string): Promise<number> {
  let n = 0;
  for (const { table, columns } of SEARCHED[list]) {
    const where = columns.map((c) => `${c} ilike $1`).join(' or ');
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`, [
      like(term),
    ]);
    n += Number(rows[0]!.n);
  }
  return n;
}

async function count(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
  return Number(rows[0]!.n);
}

/** The value of `column` on the row in the middle of `table` by time (deterministic for a dataset). */
async function middle(client: pg.Client, table: string, column: string, rows: number): Promise<string> {
  const { rows: r } = await client.query<{ v: string }>(
    `select ${column} as v from ${table} where ${column} is not null order by created_at, id offset $1 limit 1`,
    [Math.floor(rows / 2)],
  );
  if (!r[0])
    throw new Error(
      `${table} is empty: run the generator first (pnpm --filter @tunnelscope/bench admin:generate)`,
    );
  return r[0].v;
}

/** The rare surname whose matches are closest to 1 in 20,000 rows (at least one), else `fallback`. */
async function rareFragment(
  client: pg.Client,
  list: keyof KnownValues,
  rows: number,
  fallback: string,
): Promise<SearchTerm> {
  const want = Math.max(1, rows / 20_000);
  let best: SearchTerm | null = null;
  for (const name of RARE_LAST_NAMES) {
    const term = name.toLowerCase();
    const n = await matches(client, list, term);
    if (n > 0 && (!best || Math.abs(Math.log(n / want)) < Math.abs(Math.log(best.matches / want))))
      best = { label: 'rare fragment', term, matches: n };
  }
  return best ?? { label: 'rare fragment', term: fallback, matches: await matches(client, list, fallback) };
}

async function terms(
  client: pg.Client,
  list: keyof KnownValues,
  rows: number,
  exact: string,
  extra: { label: string; term: string }[] = [],
): Promise<ListTerms> {
  const localPart = exact.split('@')[0]!;
  const out: SearchTerm[] = [
    { label: 'exact e-mail', term: exact, matches: await matches(client, list, exact) },
    { label: 'common fragment', term: 'gmail', matches: await matches(client, list, 'gmail') },
    await rareFragment(client, list, rows, localPart),
  ];
  for (const e of extra) out.push({ ...e, matches: await matches(client, list, e.term) });
  return { rows, terms: out };
}

/** Reads the search terms of every list from the generated database. */
export async function knownValues(client: pg.Client): Promise<KnownValues> {
  const waitlistRows = await count(client, 'waitlist_entries');
  const vpnRows = await count(client, 'vpn_requests');
  const contactRows = await count(client, 'contact_forms');
  const visitorLogRows = await count(client, 'registration_logs');
  const adminLogRows = await count(client, 'admin_logs');
  const topVpn = await client.query<{ vpn_name: string }>(
    `select vpn_name from vpn_requests group by vpn_name order by count(*) desc, vpn_name limit 1`,
  );
  return {
    waitlist: await terms(
      client,
      'waitlist',
      waitlistRows,
      await middle(client, 'waitlist_entries', 'email', waitlistRows),
    ),
    vpnRequests: await terms(
      client,
      'vpnRequests',
      vpnRows,
      await middle(client, 'vpn_requests', 'user_email', vpnRows),
      topVpn.rows[0] ? [{ label: 'vpn name', term: topVpn.rows[0].vpn_name }] : [],
    ),
    contacts: await terms(
      client,
      'contacts',
      contactRows,
      await middle(client, 'contact_forms', 'email', contactRows),
    ),
    logs: await terms(
      client,
      'logs',
      visitorLogRows + adminLogRows,
      await middle(client, 'registration_logs', 'email', visitorLogRows),
      [
        {
          label: 'ip address',
          term: await middle(client, 'registration_logs', 'ip_address', visitorLogRows),
        },
      ],
    ),
  };
}

export interface BenchOperator {
  adminId: string;
  sessionId: string;
  username: string;
  email: string;
  role: 'admin' | 'view_only';
  twoFactorEnabled: boolean;
}

/**
 * An active admin with an active session (the generator makes them): the benchmark signs its
 * identity, so the audit rows an export writes reference real `admin_users` and `admin_sessions`.
 */
export async function benchOperator(client: pg.Client): Promise<BenchOperator> {
  const { rows } = await client.query<{
    admin_id: string;
    session_id: string;
    username: string;
    email: string;
    role: 'admin' | 'view_only';
    two_factor_enabled: boolean;
  }>(
    `select u.id as admin_id, s.id as session_id, u.username, u.email, u.role, u.two_factor_enabled
       from admin_users u join admin_sessions s on s.admin_id = u.id
      where u.role = 'admin' and u.is_active and s.is_active
      order by u.created_at, s.created_at limit 1`,
  );
  const r = rows[0];
  if (!r) throw new Error('no active admin session: run the generator first');
  return {
    adminId: r.admin_id,
    sessionId: r.session_id,
    username: r.username,
    email: r.email,
    role: r.role,
    twoFactorEnabled: r.two_factor_enabled,
  };
}
