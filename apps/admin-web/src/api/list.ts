/**
 * Generic list fetching for the data tables: every list is one GET with page, limit and
 * optionally search, the list's filter keys, sort and order; paging, search, filtering and
 * sorting all happen on the server. The answer carries its rows under one of the spec's keys
 * (`data.entries`, `data.requests`, `data.contacts` or `data.logs`) beside `data.pagination`;
 * every row is checked with the list's row schema from @tunnelscope/contracts.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  adminErrorBodySchema,
  adminRefusalSchema,
  okResponseSchema,
  reviewPaginationSchema,
  bulkActionResponseSchema,
  matchingIdsResponseSchema,
  type BulkActionRequest,
  type BulkActionResult,
  type ReviewPagination,
  type SortOrder,
} from '@tunnelscope/contracts';
import { z, type ZodType } from 'zod';
import { AdminApiError, adminCall, adminFetch, parseAnswer, RetriesExhaustedError } from './client.js';

/** The keys a list answer may carry its rows under, in the order they are looked for. */
export const LIST_DATA_KEYS = ['entries', 'requests', 'contacts', 'logs'] as const;

/** The value of a filter that means "no filter": never sent. */
export const ALL_FILTER_VALUE = 'all';

export interface ListParams {
  page: number;
  limit: number;
  search?: string;
  /** Filter key → chosen value; `all` (or empty) is left out of the query. */
  filters?: Record<string, string>;
  sort?: string;
  order?: SortOrder;
}

export interface ListPage<Row> {
  rows: Row[];
  /** page, limit, total, pages; `totalIsLowerBound` when the server counted only up to a limit. */
  pagination: ReviewPagination;
}

export interface ListOptions<Row> {
  /** Where the rows are; by default whichever of LIST_DATA_KEYS the answer has. */
  dataKey?: string;
  /** Checks (and may transform) each row: a schema of @tunnelscope/contracts. */
  rowSchema: ZodType<Row>;
  signal?: AbortSignal;
  /** A reload the operator did not ask for (a live event): it does not count as activity. */
  background?: boolean;
}

/** The query string of a list call. Empty search and `all` filters are left out. */
export function listQuery(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, limit: params.limit };
  const search = params.search?.trim();
  if (search) query.search = search;
  for (const [key, value] of Object.entries(params.filters ?? {})) {
    if (value && value !== ALL_FILTER_VALUE) query[key] = value;
  }
  if (params.sort) {
    query.sort = params.sort;
    query.order = params.order ?? 'desc';
  }
  return query;
}

/** A list answer that is not what a list call answers. */
export class ListResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListResponseError';
  }
}

/** A successful answer whose `data` holds the rows somewhere (see LIST_DATA_KEYS). */
const listEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.unknown()),
});

/** Picks the rows and the pagination out of a list answer, each row checked with `rowSchema`. */
export function readListResponse<Row>(
  body: unknown,
  { dataKey, rowSchema }: Omit<ListOptions<Row>, 'signal'>,
): ListPage<Row> {
  const envelope = listEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    const refusal = adminErrorBodySchema.safeParse(body);
    throw new ListResponseError((refusal.success && refusal.data.message) || 'Failed to load data');
  }
  const data = envelope.data.data;
  const key = dataKey ?? LIST_DATA_KEYS.find((candidate) => Array.isArray(data[candidate]));
  const raw = key === undefined ? undefined : data[key];
  if (!Array.isArray(raw)) throw new ListResponseError('The list answer has no rows');
  const pagination = reviewPaginationSchema.safeParse(data.pagination);
  if (!pagination.success) throw new ListResponseError('The list answer has no pagination');
  const rows = parseAnswer(z.array(rowSchema), raw, 'rows in the list answer');
  return { rows, pagination: pagination.data };
}

export async function fetchList<Row>(
  endpoint: string,
  params: ListParams,
  options: ListOptions<Row>,
): Promise<ListPage<Row>> {
  const body = await adminFetch(endpoint, {
    query: listQuery(params),
    signal: options.signal,
    background: options.background,
  });
  return readListResponse(body, options);
}

/** Query keys: invalidate `listKeys.endpoint(path)` after a change to reload every table over it. */
export const listKeys = {
  all: ['admin-list'] as const,
  endpoint: (endpoint: string) => ['admin-list', endpoint] as const,
  page: (endpoint: string, params: ListParams, dataKey?: string) =>
    ['admin-list', endpoint, listQuery(params), dataKey ?? null] as const,
};

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useList<Row>(
  endpoint: string,
  params: ListParams,
  options: Omit<ListOptions<Row>, 'signal' | 'background'>,
) {
  const { dataKey, rowSchema } = options;
  return useQuery({
    queryKey: listKeys.page(endpoint, params, dataKey),
    queryFn: ({ signal }) => fetchList<Row>(endpoint, params, { dataKey, rowSchema, signal }),
    placeholderData: keepPreviousData,
    // What reloadListInBackground needs to read the same page again.
    meta: { listRead: { params, dataKey, rowSchema } satisfies BackgroundRead },
  });
}

/** How a cached page of a list is read again (kept in its query's meta by useList). */
interface BackgroundRead {
  params: ListParams;
  dataKey?: string;
  rowSchema: ZodType<unknown>;
}

/**
 * Reloads every list page on screen over `endpoint` as background calls: for reloads the operator
 * did not ask for (a live event about someone else's change), which must not move the session's
 * lastActivity — otherwise other operators' edits would keep an idle panel signed in forever
 * (issue 16 item 5). The Refresh button and the operator's own changes invalidate as usual.
 */
export function reloadListInBackground(queryClient: QueryClient, endpoint: string): void {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: listKeys.endpoint(endpoint), type: 'active' });
  for (const query of queries) {
    const read = query.meta?.listRead as BackgroundRead | undefined;
    if (read === undefined) continue;
    void queryClient
      .fetchQuery({
        queryKey: query.queryKey,
        queryFn: ({ signal }) =>
          fetchList(endpoint, read.params, {
            dataKey: read.dataKey,
            rowSchema: read.rowSchema,
            signal,
            background: true,
          }),
        staleTime: 0,
      })
      .catch(() => {
        // The rows on screen stay; the next event or Refresh reads them again.
      });
  }
}

/** A delete the server answered with `success: false` (no HTTP error). */
export class DeleteRefusedError extends Error {
  constructor(readonly reason?: string) {
    super(reason ?? 'Delete refused');
    this.name = 'DeleteRefusedError';
  }
}

/** What a delete may answer: done, or a refusal without an HTTP error. */
const deleteAnswerSchema = z.union([okResponseSchema, adminRefusalSchema]);

/** `DELETE {endpoint}/{id}`. */
export async function deleteListRow(endpoint: string, id: string | number): Promise<void> {
  const answer = await adminCall(`${endpoint}/${encodeURIComponent(String(id))}`, deleteAnswerSchema, {
    method: 'DELETE',
  });
  if (!answer.success) throw new DeleteRefusedError(answer.message || answer.error || undefined);
}

/**
 * The delete failure toast: 'Failed to delete entry: {error or Unknown error}' when the server
 * answered, 'Failed to delete entry' when it could not be reached (or answered nonsense).
 */
export function deleteErrorText(error: unknown): string {
  if (error instanceof DeleteRefusedError)
    return `Failed to delete entry: ${error.reason ?? 'Unknown error'}`;
  const answered =
    error instanceof AdminApiError
      ? error
      : error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError
        ? error.lastError
        : undefined;
  if (answered)
    return `Failed to delete entry: ${answered.serverMessage ?? answered.code ?? 'Unknown error'}`;
  return 'Failed to delete entry';
}

// ---- selection and bulk actions of the review lists (`<list>` = waitlist, vpn-requests, contacts) ----

/** The list's query without paging: what `/ids` takes (search, filters, sort and order). */
export function matchingQuery(params: ListParams): Record<string, string | number> {
  const query = listQuery(params);
  delete query.page;
  delete query.limit;
  return query;
}

/** `GET {endpoint}/ids?…`: every id matching the list's search, filters and sort, at most CSV_EXPORT_LIMIT. */
export async function fetchMatchingIds(
  endpoint: string,
  params: ListParams,
): Promise<{ ids: string[]; total: number; capped: boolean }> {
  const answer = await adminCall(`${endpoint}/ids`, matchingIdsResponseSchema, {
    query: matchingQuery(params),
  });
  return answer.data;
}

/** `POST {endpoint}/bulk`: one request, one transaction on the server. */
export async function runBulkAction(endpoint: string, body: BulkActionRequest): Promise<BulkActionResult> {
  const answer = await adminCall(`${endpoint}/bulk`, bulkActionResponseSchema, { method: 'POST', body });
  return answer.data;
}

const rowsAnswerSchema = z.object({ success: z.literal(true), data: z.unknown() });

/** `POST {endpoint}/rows` with `{ ids }`: the rows of a selection, for its export. */
export async function fetchRowsByIds<Row>(
  endpoint: string,
  ids: string[],
  { rowSchema, dataKey }: Omit<ListOptions<Row>, 'signal'>,
): Promise<Row[]> {
  const answer = await adminCall(`${endpoint}/rows`, rowsAnswerSchema, { method: 'POST', body: { ids } });
  const data = answer.data;
  let raw: unknown = data;
  if (!Array.isArray(data) && typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    const key = [dataKey, 'rows', ...LIST_DATA_KEYS].find(
      (candidate) => candidate !== undefined && Array.isArray(record[candidate]),
    );
    raw = key === undefined ? undefined : record[key];
  }
  if (!Array.isArray(raw)) throw new ListResponseError('The rows answer has no rows');
  return parseAnswer(z.array(rowSchema), raw, 'rows of the selection');
}
