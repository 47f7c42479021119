/**
 * A reviewer's calls on the records of the Waitlist, VPN Requests and Contacts lists (issue 16):
 * a record's detail with its history, the versioned save of its status and notes (a stale save
 * answers 409 with who changed it and the current values: `VersionConflictError`), bulk actions
 * over a selection, "select all N matching", and the selected rows for an export.
 */
import {
  RECORD_MESSAGES,
  VERSION_CONFLICT_CODE,
  bulkActionResponseSchema,
  matchingIdsResponseSchema,
  recordDetailResponseSchema,
  reviewUpdateResponseSchema,
  versionConflictSchema,
  type BulkActionRequest,
  type BulkActionResult,
  type CurrentReviewState,
  type MatchingIds,
  type RecordDetail,
  type RecordStatus,
} from '@tunnelscope/contracts';
import { z, type ZodType } from 'zod';
import { AdminApiError, adminCall } from './client.js';
import { listQuery, type ListParams } from './list.js';

export { RECORD_MESSAGES };

/** `GET {endpoint}/{id}`: the row, every stored field, and the history (newest first). */
export async function fetchRecordDetail(
  endpoint: string,
  id: string,
  signal?: AbortSignal,
): Promise<RecordDetail> {
  const answer = await adminCall(`${endpoint}/${encodeURIComponent(id)}`, recordDetailResponseSchema, {
    signal,
  });
  return answer.data;
}

/** A save refused because another operator changed the record since it was opened. */
export class VersionConflictError extends Error {
  constructor(
    /** "Changed by <username> at <time>", as the server words it. */
    message: string,
    readonly current: CurrentReviewState,
  ) {
    super(message);
    this.name = 'VersionConflictError';
  }
}

export interface RecordEdit {
  status: RecordStatus;
  notes: string;
  /** The version the operator edited; a newer one on the server refuses the save. */
  version: number;
}

/**
 * `PATCH {endpoint}/{id}` with `{status, notes, version}`. Answers what the server stored (with
 * its new version); throws `VersionConflictError` when the record moved on meanwhile.
 */
export async function saveRecord(
  endpoint: string,
  id: string,
  edit: RecordEdit,
): Promise<CurrentReviewState> {
  try {
    const answer = await adminCall(`${endpoint}/${encodeURIComponent(id)}`, reviewUpdateResponseSchema, {
      method: 'PATCH',
      body: { status: edit.status, notes: edit.notes, version: edit.version },
    });
    return answer.data;
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 409) {
      const conflict = versionConflictSchema.safeParse(err.body);
      if (conflict.success && conflict.data.code === VERSION_CONFLICT_CODE)
        throw new VersionConflictError(conflict.data.message, conflict.data.current);
    }
    throw err;
  }
}

/** `POST {endpoint}/bulk`: one request, one transaction on the server. */
export async function runBulkAction(endpoint: string, request: BulkActionRequest): Promise<BulkActionResult> {
  const answer = await adminCall(`${endpoint}/bulk`, bulkActionResponseSchema, {
    method: 'POST',
    body: request,
  });
  return answer.data;
}

/** `GET {endpoint}/ids?<search, filters, sort>`: every matching id, up to the export cap. */
export async function fetchMatchingIds(endpoint: string, params: ListParams): Promise<MatchingIds> {
  const { page: _page, limit: _limit, ...query } = listQuery(params);
  const answer = await adminCall(`${endpoint}/ids`, matchingIdsResponseSchema, { query });
  return answer.data;
}

/** `POST {endpoint}/rows` `{ids}`: the selected rows, checked against the list's row schema. */
export async function fetchSelectedRows<Row>(
  endpoint: string,
  ids: string[],
  rowSchema: ZodType<Row>,
): Promise<Row[]> {
  const schema = z.object({ success: z.literal(true), data: z.object({ rows: z.array(rowSchema) }) });
  const answer = await adminCall(`${endpoint}/rows`, schema, { method: 'POST', body: { ids } });
  return answer.data.rows as Row[];
}

/** The bulk confirmation's count: "3 rows will change." */
export function bulkConfirmText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} will change.`;
}
