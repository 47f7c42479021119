/**
 * The review suites' context: the forms-service test context plus auth-service's admin tables in
 * the same database (the merged Logs list reads admin_logs, and every review write appends to
 * it), and calls signed as the gateway signs an operator's identity.
 */
import { randomUUID } from 'node:crypto';
import type { AdminIdentity, AdminRole } from '@tunnelscope/contracts';
import { migrate as migrateAuth } from '@tunnelscope/auth-service/migrations';
import { gatewayHeadersFor, type InternalAudience } from '@tunnelscope/service-kit';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createTestOperator } from '@tunnelscope/test-kit';
import { createTestContext, type TestContext } from './helpers.js';

export async function createReviewContext(label: string): Promise<TestContext> {
  const ctx = await createTestContext(label);
  await migrateAuth(ctx.database.url);
  return ctx;
}

export interface Operator {
  identity: AdminIdentity;
}

/** An operator row in admin_users (the audit rows reference it) and its signed identity. */
export async function createOperator(ctx: TestContext, role: AdminRole = 'admin'): Promise<Operator> {
  return { identity: await createTestOperator(ctx.database.url, role) };
}

/**
 * The headers the gateway sends with `method url` for `operator` (a captured internal request),
 * addressed to `audience` (forms-service unless a test says otherwise).
 */
export function gatewayCallHeaders(
  ctx: TestContext,
  operator: Operator | undefined,
  method: string,
  url: string,
  ip = '203.0.113.7',
  audience: InternalAudience = 'forms',
): Record<string, string> {
  return gatewayHeadersFor(ctx.config.INTERNAL_SHARED_SECRET, {
    audience,
    method,
    url,
    identity: operator?.identity,
    clientIp: ip,
  });
}

/** A call as the gateway forwards it for `operator` (or without an identity when undefined). */
export function adminCall(
  ctx: TestContext,
  operator: Operator | undefined,
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  ip = '203.0.113.7',
): Promise<LightMyRequestResponse> {
  // Signed as the service will read it: app.inject sends the URL normalised (spaces and quotes
  // percent-encoded), as http-proxy does for the gateway.
  const sent = new URL(url, 'http://service.invalid');
  url = sent.pathname + sent.search;
  const headers: Record<string, string> = {
    'user-agent': 'jest-operator',
    ...gatewayCallHeaders(ctx, operator, method, url, ip),
  };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** admin_logs rows written for `adminId`, oldest first. */
export async function auditRowsOf(ctx: TestContext, adminId: string) {
  const result = await sql<{
    action: string;
    resource: string | null;
    resource_id: string | null;
    success: boolean;
    details: Record<string, unknown> | null;
    ip_address: string | null;
  }>`select action, resource, resource_id, success, details, ip_address from admin_logs
     where admin_id = ${adminId} order by created_at, id`.execute(ctx.db);
  return result.rows;
}

// ---- seeding the review lists directly (one statement per call, through jsonb_to_recordset) ----

type RecordStatus = 'Waiting' | 'Pending' | 'Complete';

/** Inserts `rows` (keys = column names) into `table`; `columns` maps each column to its SQL type. */
async function seedRows<T extends object>(
  ctx: TestContext,
  table: string,
  columns: Record<string, string>,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.join(', '));
  const definition = sql.raw(names.map((n) => `${n} ${columns[n]}`).join(', '));
  await sql`insert into ${sql.table(table)} (${list})
    select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${definition})`.execute(
    ctx.db,
  );
}

const BOOKKEEPING_COLUMNS = {
  id: 'uuid',
  is_verified: 'boolean',
  status: 'varchar',
  notes: 'text',
  created_at: 'timestamptz',
};

export interface WaitlistSeed {
  id: string;
  email: string;
  company: string | null;
  use_case: string | null;
  is_verified: boolean;
  status: RecordStatus;
  notes: string;
  created_at: Date;
  ip_address: string | null;
}

export async function seedWaitlist(
  ctx: TestContext,
  rows: (Partial<WaitlistSeed> & { email: string })[],
): Promise<WaitlistSeed[]> {
  const full = rows.map((r) => ({
    id: randomUUID(),
    company: null,
    use_case: null,
    is_verified: false,
    status: 'Waiting' as const,
    notes: '',
    created_at: new Date(),
    ip_address: null,
    ...r,
  }));
  await seedRows(
    ctx,
    'waitlist_entries',
    {
      ...BOOKKEEPING_COLUMNS,
      email: 'varchar',
      company: 'varchar',
      use_case: 'varchar',
      ip_address: 'varchar',
    },
    full,
  );
  return full;
}

export interface VpnRequestSeed {
  id: string;
  vpn_name: string;
  user_email: string;
  playstore_link: string;
  additional_info: string;
  request_number: string | null;
  is_verified: boolean;
  status: RecordStatus;
  notes: string;
  created_at: Date;
}

export async function seedVpnRequests(
  ctx: TestContext,
  rows: (Partial<VpnRequestSeed> & { vpn_name: string; user_email: string })[],
): Promise<VpnRequestSeed[]> {
  const full = rows.map((r) => ({
    id: randomUUID(),
    playstore_link: 'https://play.google.com/store/apps/details?id=com.example.vpn',
    additional_info: 'Seen in our signup traffic.',
    request_number: null,
    is_verified: false,
    status: 'Waiting' as const,
    notes: '',
    created_at: new Date(),
    ...r,
  }));
  await seedRows(
    ctx,
    'vpn_requests',
    {
      ...BOOKKEEPING_COLUMNS,
      vpn_name: 'varchar',
      user_email: 'varchar',
      playstore_link: 'varchar',
      additional_info: 'varchar',
      request_number: 'varchar',
    },
    full,
  );
  return full;
}

export interface ContactSeed {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  is_verified: boolean;
  status: RecordStatus;
  notes: string;
  created_at: Date;
}

export async function seedContacts(
  ctx: TestContext,
  rows: (Partial<ContactSeed> & { email: string })[],
): Promise<ContactSeed[]> {
  const full = rows.map((r) => ({
    id: randomUUID(),
    name: 'Ann Example',
    subject: 'A question',
    message: 'Hello team, a question about the API.',
    is_verified: false,
    status: 'Waiting' as const,
    notes: '',
    created_at: new Date(),
    ...r,
  }));
  await seedRows(
    ctx,
    'contact_forms',
    { ...BOOKKEEPING_COLUMNS, name: 'varchar', email: 'varchar', subject: 'varchar', message: 'varchar' },
    full,
  );
  return full;
}

export interface VisitorLogSeed {
  id: number;
  email: string | null;
  ip_address: string | null;
  action: string;
  success: boolean;
  error_message: string | null;
  additional_data: Record<string, unknown> | null;
  created_at: Date;
}

/** registration_logs rows; their serial ids are read back (matched on a request_id of the seed's own). */
export async function seedVisitorLogs(
  ctx: TestContext,
  rows: (Partial<Omit<VisitorLogSeed, 'id'>> & { action: string; created_at: Date })[],
): Promise<VisitorLogSeed[]> {
  const tag = randomUUID();
  const full = rows.map((r, i) => ({
    email: null,
    ip_address: null,
    success: true,
    error_message: null,
    additional_data: null,
    ...r,
    request_id: `${tag}-${i}`,
  }));
  await seedRows(
    ctx,
    'registration_logs',
    {
      email: 'varchar',
      ip_address: 'varchar',
      action: 'varchar',
      success: 'boolean',
      error_message: 'varchar',
      additional_data: 'jsonb',
      request_id: 'varchar',
      created_at: 'timestamptz',
    },
    full,
  );
  const ids = await sql<{ id: number; request_id: string }>`
    select id, request_id from registration_logs where request_id like ${`${tag}-%`}`.execute(ctx.db);
  const byTag = new Map(ids.rows.map((r) => [r.request_id, r.id]));
  return full.map(({ request_id, ...r }) => ({ ...r, id: byTag.get(request_id)! }));
}

export interface AdminLogSeed {
  id: string;
  username: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  details: Record<string, unknown> | null;
  ip_address: string | null;
  success: boolean;
  created_at: Date;
}

/** admin_logs rows as auth-service writes them (sign-ins, sign-outs, session views…). */
export async function seedAdminLogs(
  ctx: TestContext,
  rows: (Partial<AdminLogSeed> & { action: string; created_at: Date })[],
): Promise<AdminLogSeed[]> {
  const full = rows.map((r) => ({
    id: randomUUID(),
    username: null,
    resource: null,
    resource_id: null,
    details: null,
    ip_address: null,
    success: true,
    ...r,
  }));
  await seedRows(
    ctx,
    'admin_logs',
    {
      id: 'uuid',
      username: 'varchar',
      action: 'varchar',
      resource: 'varchar',
      resource_id: 'varchar',
      details: 'jsonb',
      ip_address: 'varchar',
      success: 'boolean',
      created_at: 'timestamptz',
    },
    full,
  );
  return full;
}

// ---- reading the lists ----

export const LIST_KEYS = {
  waitlist: 'entries',
  'vpn-requests': 'requests',
  contacts: 'contacts',
  logs: 'logs',
} as const;
export type ListName = keyof typeof LIST_KEYS;

export interface ListPage<Row = Record<string, unknown>> {
  rows: Row[];
  pagination: { page: number; limit: number; total: number; pages: number; totalIsLowerBound?: boolean };
}

/** GET /data/<list>?query as `operator`; asserts a 200 and answers the rows and the pagination. */
export async function listPage<Row = Record<string, unknown>>(
  ctx: TestContext,
  operator: Operator,
  list: ListName,
  query: Record<string, string | number> = {},
): Promise<ListPage<Row>> {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await adminCall(ctx, operator, 'GET', `/data/${list}${qs ? `?${qs}` : ''}`);
  if (res.statusCode !== 200)
    throw new Error(`GET /data/${list}?${qs} answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as { success: boolean; data: Record<string, unknown> };
  expect(body.success).toBe(true);
  expect(Object.keys(body.data).sort()).toEqual([LIST_KEYS[list], 'pagination'].sort());
  return {
    rows: body.data[LIST_KEYS[list]] as Row[],
    pagination: body.data.pagination as ListPage['pagination'],
  };
}

/** Every row of a list, read page after page with `limit`, in the order served. */
export async function readAllPages<Row = Record<string, unknown>>(
  ctx: TestContext,
  operator: Operator,
  list: ListName,
  query: Record<string, string | number>,
  limit: number,
): Promise<Row[]> {
  const first = await listPage<Row>(ctx, operator, list, { ...query, limit, page: 1 });
  const rows = [...first.rows];
  for (let page = 2; page <= first.pagination.pages; page++) {
    const next = await listPage<Row>(ctx, operator, list, { ...query, limit, page });
    expect(next.pagination.total).toBe(first.pagination.total);
    rows.push(...next.rows);
  }
  return rows;
}

/** The verified and total counts of a form table, counted by hand. */
export async function countedByHand(
  ctx: TestContext,
  table: 'waitlist_entries' | 'vpn_requests' | 'contact_forms',
): Promise<{ total: number; verified: number }> {
  const result = await sql<{ total: string; verified: string }>`
    select count(*) as total, count(*) filter (where is_verified) as verified from ${sql.table(table)}`.execute(
    ctx.db,
  );
  const row = result.rows[0]!;
  return { total: Number(row.total), verified: Number(row.verified) };
}

/** Ascending comparison of strings, numbers or dates; then by id, as the server breaks ties. */
export function compareBy<T extends { id: string | number }>(
  key: (row: T) => string | number | Date,
): (a: T, b: T) => number {
  const norm = (v: string | number | Date) => (v instanceof Date ? v.getTime() : v);
  return (a, b) => {
    const x = norm(key(a));
    const y = norm(key(b));
    if (x < y) return -1;
    if (x > y) return 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** A small seeded PRNG (mulberry32), so seeded data is varied but the same at every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
