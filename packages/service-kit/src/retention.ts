/**
 * What every retention job shares (forms-service's visitor logs and codes, auth-service's dead
 * sessions and codes): the audit subject of a run no operator started, the cutoff a number of
 * days back, and deletes in bounded batches, so a first run over years of rows never holds one
 * long lock and replicas (`skip locked` in each batch) never wait on each other.
 */
import type { AdminAuditSubject } from './admin-audit.js';

const DAY_MS = 86_400_000;

/** The audit row's subject for a retention run: a job, no operator, no session, no address. */
export const RETENTION_SUBJECT: AdminAuditSubject = {
  adminId: null,
  sessionId: null,
  username: null,
  ip: '',
  userAgent: null,
  requestId: 'retention',
};

/** The instant `days` whole days before `now` (rows older than it are out of retention). */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Runs `batch` (which answers how many rows it touched, at most `size`) again and again until a
 * batch comes back short, and answers the total.
 */
export async function inBatches(size: number, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < size) return total;
  }
}
