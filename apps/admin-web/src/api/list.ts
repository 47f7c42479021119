/**
 * Generic list fetching for the data tables (admin §7 "Data lists"): every list is one GET with
 * page, limit and optionally search, the list's filter keys, sort and order; paging, search,
 * filtering and sorting all happen on the server. The answer carries its rows under one of the
 * spec's keys (`data.entries`, `data.requests`, `data.contacts` or `data.logs`) beside
 * `data.pagination`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reviewPaginationSchema, type ReviewPagination, type SortOrder } from '@tunnelscope/contracts';
import type { ZodType } from 'zod';
import { AdminApiError, adminFetch, RetriesExhaustedError } from './client.js';

/** The keys a list answer may carry its rows under, in the order they are looked for. */
export const LIST_DATA_KEYS = ['entries', 'requests', 'contacts', 'logs'] as const;
export type ListDataKey = (typeof LIST_DATA_KEYS)[number];

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
  /** Validates (and may transform) each row; rows are taken as they come without it. */
  rowSchema?: ZodType<Row>;
  signal?: AbortSignal;
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

/** Picks the rows and the pagination out of a list answer. */
export function readListResponse<Row>(
  body: unknown,
  options: Omit<ListOptions<Row>, 'signal'> = {},
): ListPage<Row> {
  const envelope = (body ?? {}) as { success?: unknown; message?: unknown; data?: Record<string, unknown> };
  if (envelope.success !== true || typeof envelope.data !== 'object' || envelope.data === null) {
    throw new ListResponseError(
      typeof envelope.message === 'string' ? envelope.message : 'Failed to load data',
    );
  }
  const data = envelope.data;
  const key = options.dataKey ?? LIST_DATA_KEYS.find((candidate) => Array.isArray(data[candidate]));
  const raw = key === undefined ? undefined : data[key];
  if (!Array.isArray(raw)) throw new ListResponseError('The list answer has no rows');
  const pagination = reviewPaginationSchema.safeParse(data.pagination);
  if (!pagination.success) throw new ListResponseError('The list answer has no pagination');
  const rows = options.rowSchema ? raw.map((row) => options.rowSchema!.parse(row)) : (raw as Row[]);
  return { rows, pagination: pagination.data };
}

export async function fetchList<Row>(
  endpoint: string,
  params: ListParams,
  options: ListOptions<Row> = {},
): Promise<ListPage<Row>> {
  const body = await adminFetch<unknown>(endpoint, {
    query: listQuery(params),
    signal: options.signal,
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
  options: Omit<ListOptions<Row>, 'signal'> = {},
) {
  return useQuery({
    queryKey: listKeys.page(endpoint, params, options.dataKey),
    queryFn: ({ signal }) => fetchList<Row>(endpoint, params, { ...options, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A delete the server answered with `success: false` (no HTTP error). */
export class DeleteRefusedError extends Error {
  constructor(readonly reason?: string) {
    super(reason ?? 'Delete refused');
    this.name = 'DeleteRefusedError';
  }
}

/** `DELETE {endpoint}/{id}` (admin §7 "Data lists"). */
export async function deleteListRow(endpoint: string, id: string | number): Promise<void> {
  const body = await adminFetch<{ success?: unknown; error?: unknown; message?: unknown } | null>(
    `${endpoint}/${encodeURIComponent(String(id))}`,
    { method: 'DELETE' },
  );
  if (body && body.success === false) {
    const reason = [body.message, body.error].find((v): v is string => typeof v === 'string' && v !== '');
    throw new DeleteRefusedError(reason);
  }
}

/**
 * Admin §8 "Tables": 'Failed to delete entry: {error or Unknown error}' when the server answered,
 * 'Failed to delete entry' when it could not be reached.
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
