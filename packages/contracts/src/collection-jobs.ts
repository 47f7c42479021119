/**
 * The hand-off from a completed VPN request (forms-service, the application database) to the
 * collection list (ingest-service, the IP database): forms-service records it in an outbox in
 * the status change's transaction and enqueues this job after commit (and again from its sweep
 * while the enqueue fails); ingest-service's worker puts the VPN on `collection_targets`. Neither
 * service writes the other's database. The job is idempotent on the ingest side, so a repeated
 * delivery changes nothing.
 */
import { z } from 'zod';

export const COLLECTION_TARGET_QUEUE_NAME = 'collection-targets';
export const COLLECTION_TARGET_JOB_NAME = 'vpn-request-completed';
export const COLLECTION_TARGET_JOB_ATTEMPTS = 10;
/** First retry after this delay, doubling each time (BullMQ exponential backoff). */
export const COLLECTION_TARGET_JOB_BACKOFF_MS = 5000;

export const collectionTargetJobSchema = z.object({
  vpnName: z.string().trim().min(1).max(100),
  requestNumber: z.string().max(64).nullable(),
  requestId: z.uuid(),
});
export type CollectionTargetJob = z.infer<typeof collectionTargetJobSchema>;

/** One job id per request: BullMQ refuses a second job with the same id while the first is kept. */
export function collectionTargetJobId(requestId: string): string {
  return `vpn-request-${requestId.toLowerCase()}`;
}
