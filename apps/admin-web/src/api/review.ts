/**
 * The operators' review calls: the Overview's stats, and the status-and-notes update of a waitlist
 * entry, VPN request or contact. The lists themselves are the generic data tables over
 * `GET {endpoint}` (api/list.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  adminRefusalSchema,
  overviewResponseSchema,
  reviewUpdateResponseSchema,
  type DashboardStats,
  type RecordStatus,
} from '@tunnelscope/contracts';
import { z } from 'zod';
import { adminCall, messageOf } from './client.js';
import { listKeys } from './list.js';

export const overviewKeys = {
  all: ['overview'] as const,
};

/** `GET /dashboard/overview`: waitlist, VPN requests and contacts, each with total and verified. */
export async function fetchOverview(signal?: AbortSignal): Promise<DashboardStats> {
  const answer = await adminCall(ADMIN_API.overview.path, overviewResponseSchema, { signal });
  return answer.data.stats;
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

/** What a status update may answer: what the server stored, or a refusal. */
const reviewUpdateAnswerSchema = z.union([reviewUpdateResponseSchema, adminRefusalSchema]);

/** `PATCH {endpoint}/{id}` with `{status, notes}`. Answers what the server stored. */
export async function updateReviewEntry(
  endpoint: string,
  id: string,
  update: ReviewUpdate,
): Promise<ReviewUpdate> {
  const answer = await adminCall(`${endpoint}/${encodeURIComponent(id)}`, reviewUpdateAnswerSchema, {
    method: 'PATCH',
    body: { status: update.status, notes: update.notes },
  });
  if (!answer.success) throw new ReviewUpdateRefusedError(answer.message || answer.error || undefined);
  return answer.data;
}

/** The text of the 'Update failed' toast: the server's reason when it gave one. */
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
