/**
 * SQL of the merged Logs list: the visitors' `registration_logs` and auth-service's `admin_logs`
 * in one time order, newest first by default. A page is found on keys alone — each side's first
 * `offset + limit` (created_at, id) pairs, read in order from its `(created_at, id)` or
 * `(action, created_at, id)` index, merged and cut — and only that page's rows are then read.
 * An action filter that stands for several stored actions reads one ordered range per action.
 * Totals come from the trigger-kept counts; a search is counted exactly up to SEARCH_COUNT_LIMIT.
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

export interface LogListWindow {
  /** The sides to read: both without an action filter, one with. */
  sources: readonly LogSource[];
  search?: string | undefined;
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

function where(conditions: (RawBuilder<unknown> | undefined)[]): RawBuilder<unknown> {
  const present = conditions.filter((c): c is RawBuilder<unknown> => c !== undefined);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

/** One ordered, limited range of keys per stored action (or one for the whole side). */
function keyRanges(source: LogSource, w: LogListWindow, take: number): RawBuilder<unknown>[] {
  const side = SIDES[source.type];
  const dir = sql.raw(w.order);
  const keys =
    source.type === 'visitor'
      ? sql`created_at, id as vid, null::uuid as aid`
      : sql`created_at, null::integer as vid, id as aid`;
  const search = searchCondition(source.type, w.search);
  const range = (action: string | undefined) =>
    sql`(select ${keys} from ${sql.table(side.table)}
      ${where([action === undefined ? undefined : sql`action = ${action}`, search])}
      order by created_at ${dir}, id ${dir} limit ${take})`;
  return source.actions ? source.actions.map((a) => range(a)) : [range(undefined)];
}

/** Beyond this many keys per side, the merge's sort would spill to disk at the default work_mem. */
const DEEP_MERGE_KEYS = 20_000;

export async function listMergedLogs(db: FormsDb, w: LogListWindow): Promise<MergedLogRow[]> {
  const ranges = w.sources.flatMap((s) => keyRanges(s, w, w.offset + w.limit));
  if (ranges.length === 0) return [];
  // At one instant, visitor rows come before admin rows (desc), and the reverse in asc.
  const order =
    w.order === 'desc'
      ? sql`created_at desc, vid desc nulls last, aid desc nulls last`
      : sql`created_at asc, vid asc nulls first, aid asc nulls first`;
  const query = sql<MergedLogRow>`
    with page as (
      select * from (${sql.join(ranges, sql` union all `)}) merged
      order by ${order}
      offset ${w.offset} limit ${w.limit}
    )
    select
      case when page.vid is not null then 'visitor' else 'admin' end as type,
      page.vid as visitor_id,
      page.aid as admin_id_key,
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
    left join registration_logs r on r.id = page.vid
    left join admin_logs a on a.id = page.aid
    order by ${order}`;
  const take = w.offset + w.limit;
  if (take <= DEEP_MERGE_KEYS) return (await query.execute(db)).rows;
  // A deep page merges hundreds of thousands of keys, and the tie-break (side, then id) makes
  // Postgres sort one side again: give that sort the memory to stay off disk, for this statement only.
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '32MB'`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}

async function countSide(db: Executor, source: LogSource, search: string | undefined): Promise<number> {
  if (!search) {
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
      select 1 from ${sql.table(side.table)} ${where([action, searchCondition(source.type, search)])}
      limit ${SEARCH_COUNT_LIMIT + 1}
    ) matched`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function countMergedLogs(
  db: Executor,
  w: Pick<LogListWindow, 'sources' | 'search'>,
): Promise<ListTotal> {
  const counts = await Promise.all(w.sources.map((s) => countSide(db, s, w.search)));
  const total = counts.reduce((a, b) => a + b, 0);
  if (w.search && total > SEARCH_COUNT_LIMIT) return { total: SEARCH_COUNT_LIMIT + 1, lowerBound: true };
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
