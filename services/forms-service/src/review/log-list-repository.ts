/**
 * SQL of the merged Logs list: the visitors' `registration_logs` and auth-service's `admin_logs`
 * in one time order, newest first by default. Both sides are ordered by `(created_at, log_seq)`:
 * `log_seq` comes from one sequence the two tables share, so the pair is unique across them and
 * each side's `(created_at, log_seq)` (or `(action, created_at, log_seq)`, or failed-only) index
 * is already in the list's order. A page is found on keys alone — PostgreSQL merges the sides'
 * index order (Merge Append) and stops at `offset + limit` — and only that page's rows are then
 * read. An action filter that stands for several stored actions reads one ordered range per action.
 * Totals come from the trigger-kept counts; a search, the failed-only filter or a time range is
 * counted exactly up to SEARCH_COUNT_LIMIT.
 */
import { sql, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_LIMIT, type LogType } from '@tunnelscope/contracts';
import { likePattern } from '@tunnelscope/service-kit';
import type { Executor, FormsDb } from '../db/schema.js';
import type { ListTotal } from './form-list-repository.js';

export interface LogSource {
  type: LogType;
  /** Stored actions to match; undefined means every action. */
  actions?: readonly string[];
}

/** What narrows both sides alike. */
export interface LogConditions {
  search?: string | undefined;
  /** Failed rows only. */
  failedOnly?: boolean | undefined;
  /** Inclusive lower bound of created_at. */
  from?: Date | undefined;
  /** Exclusive upper bound of created_at. */
  to?: Date | undefined;
}

export interface LogListWindow extends LogConditions {
  /** The sides to read: both without an action or type filter, one with. */
  sources: readonly LogSource[];
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SIDES = {
  visitor: { table: 'registration_logs', who: 'email' },
  admin: { table: 'admin_logs', who: 'username' },
} as const;

export interface MergedLogRow {
  type: LogType;
  visitor_id: number | null;
  admin_id_key: string | null;
  who: string | null;
  action: string;
  success: boolean;
  ip_address: string | null;
  error_message: string | null;
  resource: string | null;
  resource_id: string | null;
  details: unknown;
  created_at: Date;
}

function searchCondition(type: LogType, search: string | undefined): RawBuilder<unknown> | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${sql.ref(SIDES[type].who)} ilike ${pattern} or ip_address ilike ${pattern})`;
}

function sideConditions(type: LogType, c: LogConditions): (RawBuilder<unknown> | undefined)[] {
  return [
    searchCondition(type, c.search),
    c.failedOnly ? sql`not success` : undefined,
    c.from ? sql`created_at >= ${c.from}` : undefined,
    c.to ? sql`created_at < ${c.to}` : undefined,
  ];
}

function where(conditions: (RawBuilder<unknown> | undefined)[]): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

/** One key range per stored action (or one for the whole side), each in the index's order. */
function keyRanges(source: LogSource, w: LogListWindow): RawBuilder<unknown>[] {
  const side = SIDES[source.type];
  const conditions = sideConditions(source.type, w);
  const dir = sql.raw(w.order);
  // Each range is cut at offset + limit in its own order: a searched side then picks its own plan
  // (walk the time index, or sort a few trigram matches) instead of sorting every match.
  const range = (action: string | undefined) =>
    sql`(select created_at, log_seq as seq, ${source.type}::text as side from ${sql.table(side.table)}
      ${where([action === undefined ? undefined : sql`action = ${action}`, ...conditions])}
      order by created_at ${dir}, log_seq ${dir} limit ${w.offset + w.limit})`;
  return source.actions ? source.actions.map((a) => range(a)) : [range(undefined)];
}

export async function listMergedLogs(db: FormsDb, w: LogListWindow): Promise<MergedLogRow[]> {
  const ranges = w.sources.flatMap((s) => keyRanges(s, w));
  if (ranges.length === 0) return [];
  const dir = sql.raw(w.order);
  // (created_at, log_seq) is unique across both tables and is every range's index order, so the
  // union is merged in order without a sort, and a deep page reads only offset + limit keys.
  const order = sql`created_at ${dir}, seq ${dir}`;
  const query = sql<MergedLogRow>`
    with page as materialized (
      select * from (${sql.join(ranges, sql` union all `)}) merged
      order by ${order}
      offset ${w.offset} limit ${w.limit}
    )
    select
      page.side as type,
      r.id as visitor_id,
      a.id as admin_id_key,
      coalesce(r.email, a.username) as who,
      coalesce(r.action, a.action) as action,
      coalesce(r.success, a.success) as success,
      coalesce(r.ip_address, a.ip_address) as ip_address,
      r.error_message,
      a.resource,
      a.resource_id,
      coalesce(r.additional_data, a.details) as details,
      page.created_at
    from page
    left join registration_logs r
      on page.side = 'visitor' and r.created_at = page.created_at and r.log_seq = page.seq
    left join admin_logs a
      on page.side = 'admin' and a.created_at = page.created_at and a.log_seq = page.seq
    order by ${order}`;
  return (await query.execute(db)).rows;
}

/** Whether the trigger-kept counts (per action) answer the total, or rows must be counted. */
function countedByTriggers(c: LogConditions): boolean {
  return !c.search && !c.failedOnly && !c.from && !c.to;
}

async function countSide(db: Executor, source: LogSource, c: LogConditions): Promise<number> {
  if (countedByTriggers(c)) {
    const query =
      source.type === 'visitor'
        ? db
            .selectFrom('list_row_counts')
            .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
            .where('list', '=', 'registration_logs')
            .$if(source.actions !== undefined, (q) => q.where('bucket', 'in', source.actions ?? []))
        : db
            .selectFrom('admin_log_counts')
            .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
            .$if(source.actions !== undefined, (q) => q.where('action', 'in', source.actions ?? []));
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const side = SIDES[source.type];
  const action = source.actions ? sql`action in (${sql.join(source.actions)})` : undefined;
  const result = await sql<{ n: string }>`
    select count(*) as n from (
      select 1 from ${sql.table(side.table)} ${where([action, ...sideConditions(source.type, c)])}
      limit ${SEARCH_COUNT_LIMIT + 1}
    ) matched`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function countMergedLogs(
  db: Executor,
  w: Pick<LogListWindow, 'sources' | keyof LogConditions>,
): Promise<ListTotal> {
  const counts = await Promise.all(w.sources.map((s) => countSide(db, s, w)));
  const total = counts.reduce((a, b) => a + b, 0);
  if (!countedByTriggers(w) && total > SEARCH_COUNT_LIMIT)
    return { total: SEARCH_COUNT_LIMIT + 1, lowerBound: true };
  return { total, lowerBound: false };
}

/** Deletes one visitor log row; answers what the audit row keeps of it, or undefined. */
export async function deleteVisitorLog(
  db: Executor,
  id: number,
): Promise<{ action: string; email: string | null } | undefined> {
  return db
    .deleteFrom('registration_logs')
    .where('id', '=', id)
    .returning(['action', 'email'])
    .executeTakeFirst();
}

export async function adminLogExists(db: Executor, id: string): Promise<boolean> {
  const row = await db.selectFrom('admin_logs').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Ids of the visitor rows a Logs query matches (its action, search, failed-only and time range),
 * in the list's order, at most `limit` — "select all N matching" (issue 16). Admin rows are never
 * selected: they cannot be deleted.
 */
export async function matchingVisitorLogIds(
  db: Executor,
  w: { actions?: readonly string[] | undefined; order: 'asc' | 'desc'; limit: number } & LogConditions,
): Promise<number[]> {
  const action = w.actions ? sql`action in (${sql.join(w.actions)})` : undefined;
  const dir = sql.raw(w.order);
  const result = await sql<{ id: number }>`
    select id from registration_logs ${where([action, ...sideConditions('visitor', w)])}
    order by created_at ${dir}, log_seq ${dir} limit ${w.limit}`.execute(db);
  return result.rows.map((r) => Number(r.id));
}

/** The selected visitor rows, in the list's (newest first) order, as the merged list reads them. */
export async function visitorLogsByIds(db: Executor, ids: readonly number[]): Promise<MergedLogRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<MergedLogRow>`
    select 'visitor' as type, id as visitor_id, null as admin_id_key, email as who, action, success,
      ip_address, error_message, null as resource, null as resource_id,
      additional_data as details, created_at
    from registration_logs where id = any(${[...ids]}::bigint[])
    order by created_at desc, log_seq desc`.execute(db);
  return result.rows;
}

/** Deletes the selected visitor rows; answers what each one's audit row keeps of it. */
export async function deleteVisitorLogs(
  db: Executor,
  ids: readonly number[],
): Promise<{ id: number; action: string; email: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('registration_logs')
    .where('id', 'in', [...ids])
    .returning(['id', 'action', 'email'])
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
