/**
 * SQL of a reviewer's work on many rows or one record of the three form lists (issue 16): the
 * bulk status change and deletion (a handful of statements for a whole selection, never one per
 * row), the ids matching a list's query ("select all N matching"), the selected rows, one
 * record's stored fields, and the two sources of its history. Table and column names come from
 * the fixed list descriptors, never from a request.
 */
import { CSV_EXPORT_LIMIT, HISTORY_LIMIT, type RecordStatus } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import type { CollectionTargetJob } from '@tunnelscope/contracts';
import type { Executor } from '../../db/schema.js';
import {
  whereClause,
  type FormListSpec,
  type FormListWindow,
  type FormRow,
} from '../form-list-repository.js';

/** Columns never shown to an operator, not even in the record's detail. */
const SECRET_COLUMNS = new Set(['otp_code_hash']);

/**
 * Locks the selected rows that exist (in id order, so two bulk actions over overlapping
 * selections cannot deadlock) and answers their current status.
 */
export async function lockStatuses(
  trx: Executor,
  spec: FormListSpec,
  ids: readonly string[],
): Promise<{ id: string; status: RecordStatus }[]> {
  const result = await sql<{ id: string; status: RecordStatus }>`
    select id, status from ${sql.table(spec.table)}
    where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
  return result.rows;
}

/** Sets `status` on `ids` as `username`, each row's version moving on. */
export async function setStatuses(
  trx: Executor,
  spec: FormListSpec,
  ids: readonly string[],
  status: RecordStatus,
  by: { username: string | null; now: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update ${sql.table(spec.table)}
    set status = ${status}, updated_at = ${by.now}, updated_by = ${by.username}, version = version + 1
    where id = any(${ids}::uuid[])`.execute(trx);
}

/** Deletes the selected rows; answers what each one's audit row keeps of it. */
export async function deleteRows(
  trx: Executor,
  spec: FormListSpec,
  ids: readonly string[],
): Promise<(Record<string, unknown> & { id: string })[]> {
  const summary = spec.searchColumns.map((c) => sql.ref(c));
  const result = await sql<Record<string, unknown> & { id: string }>`
    delete from ${sql.table(spec.table)} where id = any(${ids}::uuid[])
    returning id, ${sql.join(summary)}, is_verified, status`.execute(trx);
  return result.rows;
}

/**
 * The collection hand-offs of VPN requests a bulk action completed, in its transaction (once per
 * request, as `recordHandoff` does for one): the jobs to enqueue after commit.
 */
export async function recordHandoffs(
  trx: Executor,
  requestIds: readonly string[],
  now: Date,
): Promise<CollectionTargetJob[]> {
  if (requestIds.length === 0) return [];
  const result = await sql<{ request_id: string; vpn_name: string; request_number: string | null }>`
    insert into collection_target_handoffs (request_id, vpn_name, request_number, queued_at)
    select id, vpn_name, request_number, ${now} from vpn_requests where id = any(${requestIds}::uuid[])
    on conflict (request_id) do nothing
    returning request_id, vpn_name, request_number`.execute(trx);
  return result.rows.map((r) => ({
    requestId: r.request_id,
    vpnName: r.vpn_name,
    requestNumber: r.request_number,
  }));
}

/**
 * The ids of the rows matching a list's query, in its order, at most CSV_EXPORT_LIMIT; one more
 * is read to tell whether the cap cut the selection.
 */
export async function matchingIds(
  db: Executor,
  spec: FormListSpec,
  w: Omit<FormListWindow, 'offset' | 'limit'>,
): Promise<{ ids: string[]; capped: boolean }> {
  const column = spec.sortColumns[w.sort];
  if (!column) throw new Error(`unknown sort ${w.sort}`);
  const dir = sql.raw(w.order === 'asc' ? 'asc' : 'desc');
  const result = await sql<{ id: string }>`
    select id from ${sql.table(spec.table)} ${whereClause(spec, { ...w, offset: 0, limit: 0 })}
    order by ${sql.ref(column)} ${dir}, id ${dir}
    limit ${CSV_EXPORT_LIMIT + 1}`.execute(db);
  const ids = result.rows.map((r) => r.id);
  return { ids: ids.slice(0, CSV_EXPORT_LIMIT), capped: ids.length > CSV_EXPORT_LIMIT };
}

/** The selected rows that exist, newest first, with the list's columns. */
export async function rowsByIds(
  db: Executor,
  spec: FormListSpec,
  ids: readonly string[],
): Promise<FormRow[]> {
  const columns = sql.join(spec.columns.map((c) => sql.ref(c)));
  const result = await sql<FormRow>`
    select ${columns} from ${sql.table(spec.table)}
    where id = any(${ids}::uuid[]) order by created_at desc, id desc`.execute(db);
  return result.rows;
}

/** Every stored column of one row (the code's hash aside), or undefined when there is none. */
export async function storedRow(
  db: Executor,
  spec: FormListSpec,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const result = await sql<Record<string, unknown>>`
    select * from ${sql.table(spec.table)} where id = ${id}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column)));
}

export interface AdminHistoryRow {
  created_at: Date;
  username: string | null;
  action: string;
  details: unknown;
}

/** The audit rows of changes to one record, newest first (index admin_logs_resource_history_idx). */
export async function adminHistory(
  db: Executor,
  resource: string,
  id: string,
  actions: readonly string[],
): Promise<AdminHistoryRow[]> {
  const result = await sql<AdminHistoryRow>`
    select created_at, username, action, details from admin_logs
    where resource = ${resource} and resource_id = ${id} and action = any(${actions}::text[])
    order by created_at desc, id desc limit ${HISTORY_LIMIT}`.execute(db);
  return result.rows;
}

export interface VisitorHistoryRow {
  created_at: Date;
  email: string | null;
  action: string;
  success: boolean;
  error_message: string | null;
}

/** The visitor's own registration-log events for an address, newest first (index on lower(email)). */
export async function visitorHistory(db: Executor, email: string): Promise<VisitorHistoryRow[]> {
  const result = await sql<VisitorHistoryRow>`
    select created_at, email, action, success, error_message from registration_logs
    where lower(email) = lower(${email})
    order by created_at desc, id desc limit ${HISTORY_LIMIT}`.execute(db);
  return result.rows;
}
