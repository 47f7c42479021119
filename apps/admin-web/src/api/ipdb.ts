/**
 * The IP database calls: the analytics payload, kept in memory for 5 minutes, and the IP search.
 *
 * The IP database may be down while everything else works: the server then answers
 * `networkError: true`, with a 200 or a 503. That is a state of its own (the orange offline panel),
 * so the body is read for it before any status turns into an error.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  ADMIN_TIMINGS,
  adminErrorBodySchema,
  analyticsResponseSchema,
  INGEST_STATUS_API,
  ingestStatusResponseSchema,
  ipDatabaseOfflineSchema,
  refreshAnalyticsResponseSchema,
  searchIpResponseSchema,
  type AnalyticsPayload,
  type IngestStatus,
  type IpSearchRecord,
} from '@tunnelscope/contracts';
import { useCallback, useRef } from 'react';
import { AdminApiError, RetriesExhaustedError, adminFetch, parseAnswer } from './client.js';

/** Shown when the server says the database is offline without saying why. */
export const DATABASE_OFFLINE_FALLBACK = 'The IP database cannot be reached';

/** The server answered `networkError: true`: the IP database is unreachable, the service is up. */
export class DatabaseOfflineError extends Error {
  readonly networkError = true;
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseOfflineError';
  }
}

/** The JSON body of a failed call, wherever the API client put it. */
function failedBody(error: unknown): unknown {
  if (error instanceof AdminApiError) return error.body;
  if (error instanceof RetriesExhaustedError && error.lastError instanceof AdminApiError) {
    return error.lastError.body;
  }
  return undefined;
}

/** The HTTP status of a failed call; 0 when it never got an answer. */
function failedStatus(error: unknown): number {
  if (error instanceof AdminApiError || error instanceof RetriesExhaustedError) return error.status;
  return 0;
}

/** Text worth showing: not empty, not only spaces. */
const shown = (text: string | undefined): string | undefined => (text?.trim() ? text : undefined);

/** A `DatabaseOfflineError` when the body says `networkError: true`, else null. */
function offlineError(body: unknown): DatabaseOfflineError | null {
  const offline = ipDatabaseOfflineSchema.safeParse(body);
  if (!offline.success) return null;
  return new DatabaseOfflineError(shown(offline.data.message) ?? DATABASE_OFFLINE_FALLBACK);
}

function abortable(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics

export interface AnalyticsSnapshot {
  data: AnalyticsPayload;
  /** When the server computed it (its own cache keeps this time), ISO; null if it did not say. */
  generatedAt: string | null;
  /**
   * The data's age: when the analytics views were last refreshed (ISO); null when never;
   * undefined when the server did not say.
   */
  refreshedAt?: string | null;
  /** When this panel received it (ms since the epoch): the start of its 5 minutes. */
  fetchedAt: number;
}

/** One GET, no cache of its own: 'HTTP {status}: Failed to fetch analytics' on a non-OK answer. */
export async function fetchAnalytics(signal?: AbortSignal): Promise<AnalyticsSnapshot> {
  let body: unknown;
  try {
    // adminFetch sends cookies with `cache: 'no-store'` below the panel's prefix.
    body = await adminFetch(ADMIN_API.advancedAnalytics.path, { signal });
  } catch (error) {
    const offline = offlineError(failedBody(error));
    if (offline) throw offline;
    const status = failedStatus(error);
    // Status 0 (no answer at all) keeps the client's 'API call failed after retries'.
    if (status > 0) throw new Error(`HTTP ${status}: Failed to fetch analytics`, { cause: error });
    throw error;
  }
  const offline = offlineError(body);
  if (offline) throw offline;
  const answer = parseAnswer(analyticsResponseSchema, body, 'analytics answer');
  if (!answer.success || !answer.data) {
    throw new Error(answer.message ?? answer.error ?? 'Failed to fetch analytics');
  }
  return {
    data: answer.data,
    generatedAt: answer.generatedAt ?? null,
    ...(answer.refreshedAt !== undefined ? { refreshedAt: answer.refreshedAt } : {}),
    fetchedAt: Date.now(),
  };
}

/**
 * Module-level on purpose: it outlives the tab, so leaving Database Analytics and coming back
 * within 5 minutes shows the same figures without a call.
 */
let cachedSnapshot: AnalyticsSnapshot | null = null;

/** The cached analytics while younger than 5 minutes, else null. */
export function cachedAnalytics(now: number = Date.now()): AnalyticsSnapshot | null {
  if (!cachedSnapshot || now - cachedSnapshot.fetchedAt >= ADMIN_TIMINGS.analyticsCacheMs) return null;
  return cachedSnapshot;
}

/** Forgets the cached analytics, so the next load asks the server. */
export function invalidateAnalyticsCache(): void {
  cachedSnapshot = null;
}

export interface LoadAnalyticsOptions {
  /** Refresh and Retry Connection: skip the cache and the start-up delay. */
  force?: boolean;
  signal?: AbortSignal;
}

/**
 * The cached analytics when fresh; otherwise a fetch, started after a 100 ms delay so
 * the tab paints before the heaviest call of the panel goes out. A forced load goes at once.
 */
export async function loadAnalytics({
  force = false,
  signal,
}: LoadAnalyticsOptions = {}): Promise<AnalyticsSnapshot> {
  if (!force) {
    const hit = cachedAnalytics();
    if (hit) return hit;
    await abortable(ADMIN_TIMINGS.analyticsFetchDelayMs, signal);
  }
  const snapshot = await fetchAnalytics(signal);
  cachedSnapshot = snapshot;
  return snapshot;
}

export const analyticsQueryKey = ['vpn-db', 'advanced-analytics'] as const;

/**
 * The analytics for the Database Analytics tab. A new mount within 5 minutes of a fetch starts
 * from the cache and calls nothing; `refresh()` (Refresh, Retry Connection) always calls, and so
 * does an invalidation (the dashboard header's Refresh), which is an operator's request too.
 */
export function useAdvancedAnalytics() {
  const client = useQueryClient();
  const forceNext = useRef(false);
  const query = useQuery({
    queryKey: analyticsQueryKey,
    queryFn: ({ signal }) => {
      const force = forceNext.current || client.getQueryState(analyticsQueryKey)?.isInvalidated === true;
      forceNext.current = false;
      return loadAnalytics({ force, signal });
    },
    initialData: () => cachedAnalytics() ?? undefined,
    initialDataUpdatedAt: () => cachedAnalytics()?.fetchedAt,
    staleTime: ADMIN_TIMINGS.analyticsCacheMs,
    // The API client already retries network failures and 5xx answers.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const { refetch } = query;
  const refresh = useCallback(() => {
    forceNext.current = true;
    return refetch({ cancelRefetch: true });
  }, [refetch]);
  return { ...query, refresh };
}

// ---------------------------------------------------------------------------------------------
// Refresh of the views on request (admin role)

export interface AnalyticsRefreshResult {
  /** True when the refresh outlasted the server's wait: it goes on, the figures change when it ends. */
  running: boolean;
  refreshedAt: string | null;
  message: string;
}

/**
 * POST /vpn-db/refresh: the server refreshes the analytics views now. A refresh already running
 * (409) and every other refusal throw the client's error, whose server message a toast shows;
 * an unreachable IP database throws a DatabaseOfflineError.
 */
export async function requestAnalyticsRefresh(): Promise<AnalyticsRefreshResult> {
  let body: unknown;
  try {
    body = await adminFetch(ADMIN_API.refreshAnalytics.path, { method: 'POST', body: {} });
  } catch (error) {
    throw offlineError(failedBody(error)) ?? error;
  }
  const offline = offlineError(body);
  if (offline) throw offline;
  const answer = parseAnswer(refreshAnalyticsResponseSchema, body, 'refresh answer');
  return { running: answer.data.running, refreshedAt: answer.data.refreshedAt, message: answer.message };
}

/**
 * The refresh request; once the server has refreshed, the analytics are loaded again (its own
 * cached answer was dropped with the refresh), so the new figures and age show at once.
 */
export function useRequestAnalyticsRefresh() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['vpn-db', 'refresh'],
    mutationFn: requestAnalyticsRefresh,
    retry: false,
    onSuccess: async (result) => {
      if (result.running) return;
      invalidateAnalyticsCache();
      await client.invalidateQueries({ queryKey: analyticsQueryKey });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Data sources (issue 17): each feed's last run, each collector's last report

export interface DataSourcesSnapshot {
  data: IngestStatus;
  /** When the server read it (ISO). */
  generatedAt: string;
}

/**
 * GET /vpn-db/sources, read live by the server. An unreachable IP database throws a
 * DatabaseOfflineError, like the analytics; other failures throw with a readable message.
 */
export async function fetchDataSources(signal?: AbortSignal): Promise<DataSourcesSnapshot> {
  let body: unknown;
  try {
    body = await adminFetch(INGEST_STATUS_API.path, { signal });
  } catch (error) {
    const offline = offlineError(failedBody(error));
    if (offline) throw offline;
    const status = failedStatus(error);
    if (status > 0) throw new Error(`HTTP ${status}: Failed to fetch the data sources`, { cause: error });
    throw error;
  }
  const offline = offlineError(body);
  if (offline) throw offline;
  const answer = parseAnswer(ingestStatusResponseSchema, body, 'data sources answer');
  return { data: answer.data, generatedAt: answer.generatedAt };
}

export const dataSourcesQueryKey = ['vpn-db', 'sources'] as const;

/**
 * The Data sources section. Not kept like the analytics: it is a few small reads, and an operator
 * who just ran a feed wants to see that run; the tab's Refresh and the dashboard's reload it.
 */
export function useDataSources() {
  return useQuery({
    queryKey: dataSourcesQueryKey,
    queryFn: ({ signal }) => fetchDataSources(signal),
    // The API client already retries network failures and 5xx answers.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

// ---------------------------------------------------------------------------------------------
// IP search

export interface IpSearchResult {
  records: IpSearchRecord[];
  recordCount: number;
  searchedIp: string;
}

/** The server's message for a failed search, else the client's own ('HTTP 500: …'). */
function searchFailureMessage(error: unknown): string {
  const said = adminErrorBodySchema.safeParse(failedBody(error));
  const serverMessage = said.success ? (shown(said.data.message) ?? shown(said.data.error)) : undefined;
  if (serverMessage) return serverMessage;
  if (error instanceof RetriesExhaustedError && error.lastError instanceof Error)
    return error.lastError.message;
  return error instanceof Error ? error.message : 'Search failed';
}

/** POST /vpn-db/search-ip with an already validated (trimmed) address. */
export async function searchIp(ipAddress: string): Promise<IpSearchResult> {
  let body: unknown;
  try {
    body = await adminFetch(ADMIN_API.searchIp.path, { method: 'POST', body: { ipAddress } });
  } catch (error) {
    const offline = offlineError(failedBody(error));
    if (offline) throw offline;
    throw new Error(searchFailureMessage(error), { cause: error });
  }
  const offline = offlineError(body);
  if (offline) throw offline;
  const answer = parseAnswer(searchIpResponseSchema, body, 'search answer');
  if (!answer.success) throw new Error(answer.message ?? answer.error ?? 'Search failed');
  const records = answer.data ?? [];
  return {
    records,
    recordCount: answer.recordCount ?? records.length,
    searchedIp: answer.searchedIp ?? ipAddress,
  };
}

export function useSearchIp() {
  return useMutation({ mutationKey: ['vpn-db', 'search-ip'], mutationFn: searchIp, retry: false });
}
