/**
 * SQL of the Waitlist, VPN Requests and Contacts review lists, one generic shape for the three
 * tables. What keeps them fast at a million rows (migration 20261123120000):
 * - a page is a "deferred join": the ids of the page come from an index-only scan of the
 *   `(sort column, id)` index, and only those rows are read from the heap, however deep the page;
 * - the total of an unsearched list comes from `list_row_counts` (kept exact by triggers);
 * - a search uses the trigram indexes and is counted exactly up to SEARCH_COUNT_LIMIT.
 * Column and table names come from the fixed descriptors below, never from a request.
 */
import { sql, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_LIMIT, type RecordStatus } from '@tunnelscope/contracts';
import { likePattern } from '@tunnelscope/service-kit';
import type { Executor } from '../db/schema.js';

export interface FormListSpec {
  table: 'waitlist_entries' | 'vpn_requests' | 'contact_forms';
  /** Its name in `list_row_counts`. */
  countName: string;
  /** The columns the search box matches (substring, case-insensitive). */
  searchColumns: readonly string[];
  /** API sort key → column. */
  sortColumns: Readonly<Record<string, string>>;
  /** The columns answered (never the code hash or other secrets). */
  columns: readonly string[];
}

const BOOKKEEPING = [
  'id',
  'is_verified',
  'status',
  'notes',
  'created_at',
  'version',
  'updated_at',
  'updated_by',
] as const;

export const WAITLIST_LIST: FormListSpec = {
  table: 'waitlist_entries',
  countName: 'waitlist',
  searchColumns: ['email'],
  sortColumns: { createdAt: 'created_at', email: 'email' },
  columns: [...BOOKKEEPING, 'email', 'company', 'use_case', 'ip_address'],
};

export const VPN_REQUEST_LIST: FormListSpec = {
  table: 'vpn_requests',
  countName: 'vpn_requests',
  searchColumns: ['user_email', 'vpn_name'],
  sortColumns: { createdAt: 'created_at', vpnName: 'vpn_name', userEmail: 'user_email' },
  columns: [...BOOKKEEPING, 'vpn_name', 'user_email', 'playstore_link', 'additional_info', 'request_number'],
};

export const CONTACT_LIST: FormListSpec = {
  table: 'contact_forms',
  countName: 'contacts',
  searchColumns: ['email', 'name', 'subject'],
  sortColumns: { createdAt: 'created_at', email: 'email' },
  columns: [...BOOKKEEPING, 'name', 'email', 'subject', 'message'],
};

export interface FormListWindow {
  search?: string | undefined;
  verified: 'all' | 'true' | 'false';
  sort: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export type FormRow = Record<string, unknown> & {
  id: string;
  is_verified: boolean;
  status: RecordStatus;
  notes: string;
  created_at: Date;
  version: number;
  updated_at: Date | null;
  updated_by: string | null;
};

export function whereClause(spec: FormListSpec, w: FormListWindow): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (w.verified !== 'all') conditions.push(sql`is_verified = ${w.verified === 'true'}`);
  if (w.search) {
    const pattern = likePattern(w.search);
    conditions.push(
      sql`(${sql.join(
        spec.searchColumns.map((c) => sql`${sql.ref(c)} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

export async function listFormRows(db: Executor, spec: FormListSpec, w: FormListWindow): Promise<FormRow[]> {
  const column = spec.sortColumns[w.sort];
  if (!column) throw new Error(`unknown sort ${w.sort}`);
  const dir = sql.raw(w.order === 'asc' ? 'asc' : 'desc');
  const table = sql.table(spec.table);
  const columns = sql.join(spec.columns.map((c) => sql.ref(`t.${c}`)));
  const result = await sql<FormRow>`
    select ${columns}
    from (
      select id, ${sql.ref(column)} as sort_value from ${table} ${whereClause(spec, w)}
      order by ${sql.ref(column)} ${dir}, id ${dir}
      offset ${w.offset} limit ${w.limit}
    ) page
    join ${table} t on t.id = page.id
    order by page.sort_value ${dir}, page.id ${dir}`.execute(db);
  return result.rows;
}

export interface ListTotal {
  total: number;
  /** True when a search matched more than SEARCH_COUNT_LIMIT rows: `total` is the limit plus one. */
  lowerBound: boolean;
}

export async function countFormRows(db: Executor, spec: FormListSpec, w: FormListWindow): Promise<ListTotal> {
  if (!w.search) {
    let query = db
      .selectFrom('list_row_counts')
      .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
      .where('list', '=', spec.countName);
    if (w.verified !== 'all') query = query.where('bucket', '=', w.verified);
    const row = await query.executeTakeFirstOrThrow();
    return { total: Number(row.n), lowerBound: false };
  }
  const result = await sql<{ n: string }>`
    select count(*) as n from (
      select 1 from ${sql.table(spec.table)} ${whereClause(spec, w)} limit ${SEARCH_COUNT_LIMIT + 1}
    ) matched`.execute(db);
  const n = Number(result.rows[0]?.n ?? 0);
  return { total: n, lowerBound: n > SEARCH_COUNT_LIMIT };
}

/** The verified and total counts of a form table, from the trigger-kept counts. */
export async function formCounts(db: Executor): Promise<Map<string, { total: number; verified: number }>> {
  const rows = await db.selectFrom('list_row_counts').select(['list', 'bucket', 'n']).execute();
  const counts = new Map<string, { total: number; verified: number }>();
  for (const row of rows) {
    const entry = counts.get(row.list) ?? { total: 0, verified: 0 };
    entry.total += Number(row.n);
    if (row.bucket === 'true') entry.verified += Number(row.n);
    counts.set(row.list, entry);
  }
  return counts;
}

/** What a status-and-notes edit reads of a row, and a stale edit is told. */
export interface ReviewState {
  status: RecordStatus;
  notes: string;
  version: number;
  updated_at: Date | null;
  updated_by: string | null;
}

/** Status, notes and version of one row, locked until the transaction ends; undefined when there is none. */
export async function lockReviewState(
  db: Executor,
  spec: FormListSpec,
  id: string,
): Promise<ReviewState | undefined> {
  const result = await sql<ReviewState>`
    select status, notes, version, updated_at, updated_by
    from ${sql.table(spec.table)} where id = ${id} for update`.execute(db);
  return result.rows[0];
}

/** Writes a changed status and notes as `username`, moving the version on. Answers the new state. */
export async function updateReviewState(
  db: Executor,
  spec: FormListSpec,
  id: string,
  values: { status: RecordStatus; notes: string },
  by: { username: string | null; now: Date },
): Promise<ReviewState> {
  const result = await sql<ReviewState>`
    update ${sql.table(spec.table)}
    set status = ${values.status}, notes = ${values.notes}, updated_at = ${by.now},
      updated_by = ${by.username}, version = version + 1
    where id = ${id}
    returning status, notes, version, updated_at, updated_by`.execute(db);
  return result.rows[0]!;
}

/** Deletes one row; answers what the audit row keeps of it, or undefined when there was none. */
export async function deleteFormRow(
  db: Executor,
  spec: FormListSpec,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const summary = spec.searchColumns.map((c) => sql.ref(c));
  const result = await sql<Record<string, unknown>>`
    delete from ${sql.table(spec.table)} where id = ${id}
    returning ${sql.join(summary)}, is_verified, status`.execute(db);
  return result.rows[0];
}
