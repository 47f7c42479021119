/**
 * The operators' review calls (admin §2 Overview, Waitlist, VPN Requests, Contacts; §4 "Entry
 * status"; §7 "Data lists" and "Sessions and dashboard"): the overview stats and the status-and-
 * notes update of a waitlist entry, VPN request or contact. The lists themselves are the generic
 * data tables over `GET {endpoint}` (api/list.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  overviewResponseSchema,
  reviewUpdateResponseSchema,
  type DashboardStats,
  type RecordStatus,
} from '@tunnelscope/contracts';
import { adminFetch, messageOf } from './client.js';
import { listKeys } from './list.js';

/** The lists whose rows carry a status and notes: PATCH `{endpoint}/{id}` with `{status, notes}`. */
export const REVIEW_ENDPOINTS = {
  waitlist: ADMIN_API.waitlist.path,
  vpnRequests: ADMIN_API.vpnRequests.path,
  contacts: ADMIN_API.contacts.path,
} as const;
export type ReviewEndpoint = (typeof REVIEW_ENDPOINTS)[keyof typeof REVIEW_ENDPOINTS];

export const overviewKeys = {
  all: ['overview'] as const,
};

/** `GET /dashboard/overview`: waitlist, VPN requests and contacts, each with total and verified. */
export async function fetchOverview(signal?: AbortSignal): Promise<DashboardStats> {
  const body = await adminFetch<unknown>(ADMIN_API.overview.path, { signal });
  return overviewResponseSchema.parse(body).data.stats;
}

/** The Overview's stats; the header's Refresh (an invalidation of every query) reloads them. */
export function useOverview() {
  return useQuery({
    queryKey: overviewKeys.all,
    queryFn: ({ signal }) => fetchOverview(signal),
  });
}

/**
 * After a row of a form list is deleted: the Overview's counts changed, so its cached answer is
 * dropped (it is read again when the Overview is next shown).
 */
export function useForgetOverview(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
}

export interface ReviewUpdate {
  status: RecordStatus;
  notes: string;
}

/** An update the server answered with `success: false` (no HTTP error). */
export class ReviewUpdateRefusedError extends Error {
  constructor(readonly reason?: string) {
    super(reason ?? 'Update refused');
    this.name = 'ReviewUpdateRefusedError';
  }
}

/**
 * `PATCH {endpoint}/{id}` with `{status, notes}` (admin §7). Answers what the server stored, or
 * what was sent when the answer does not say.
 */
export async function updateReviewEntry(
  endpoint: string,
  id: string,
  update: ReviewUpdate,
): Promise<ReviewUpdate> {
  const body = await adminFetch<unknown>(`${endpoint}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status: update.status, notes: update.notes },
  });
  const answer = (body ?? {}) as { success?: unknown; message?: unknown; error?: unknown };
  if (answer.success === false) {
    const reason = [answer.message, answer.error].find((v): v is string => typeof v === 'string' && v !== '');
    throw new ReviewUpdateRefusedError(reason);
  }
  const parsed = reviewUpdateResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.data : update;
}

/** The text of the 'Update failed' toast (admin §8): the server's reason when it gave one. */
export const UPDATE_FAILED_TITLE = 'Update failed';
export const UPDATE_FAILED_FALLBACK = 'The status and notes were not saved. Please try again.';
export function updateErrorText(error: unknown): string {
  if (error instanceof ReviewUpdateRefusedError) return error.reason ?? UPDATE_FAILED_FALLBACK;
  return messageOf(error, UPDATE_FAILED_FALLBACK);
}

/**
 * The status-and-notes update of one list's rows. After success every table over that list
 * reloads (not awaited: a table's own refresh joins this reload instead of sending another).
 */
export function useUpdateReviewEntry(endpoint: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...update }: ReviewUpdate & { id: string }) => updateReviewEntry(endpoint, id, update),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKeys.endpoint(endpoint) });
    },
  });
}
