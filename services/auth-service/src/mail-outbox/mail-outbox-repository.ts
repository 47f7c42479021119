/** SQL of admin_mail_outbox: write in the change's transaction, claim due rows, settle them. */
import type { Executor } from '../db/schema.js';

export interface OutboxRow {
  id: string;
  job_id: string;
  sealed_job: string;
  attempts: number;
}

export async function insertOutboxMail(
  db: Executor,
  row: { jobId: string; sealedJob: string; now: Date },
): Promise<string> {
  const inserted = await db
    .insertInto('admin_mail_outbox')
    .values({ job_id: row.jobId, sealed_job: row.sealedJob, next_attempt_at: row.now, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Claims up to `limit` due rows (of `ids`, when given) in one statement: their next attempt moves
 * to `leaseUntil`, so another relay (another replica, the next tick) skips them while this one
 * works, and picks them up again if this process dies before settling them. SKIP LOCKED keeps
 * two relays from waiting on each other.
 */
export async function claimDueMails(
  db: Executor,
  at: { now: Date; leaseUntil: Date; limit: number; ids?: readonly string[] },
): Promise<OutboxRow[]> {
  if (at.ids && at.ids.length === 0) return [];
  return db
    .updateTable('admin_mail_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: at.leaseUntil }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('admin_mail_outbox')
        .select('id')
        .where('next_attempt_at', '<=', at.now)
        .orderBy('created_at')
        .limit(at.limit)
        .forUpdate()
        .skipLocked();
      if (at.ids) due = due.where('id', 'in', at.ids);
      return due;
    })
    .returning(['id', 'job_id', 'sealed_job', 'attempts'])
    .execute();
}

/** Queued: the row (and the sealed password in it) goes. */
export async function deleteOutboxMail(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('admin_mail_outbox').where('id', '=', id).execute();
}

export async function rescheduleOutboxMail(
  db: Executor,
  id: string,
  retry: { at: Date; error: string },
): Promise<void> {
  await db
    .updateTable('admin_mail_outbox')
    .set({ next_attempt_at: retry.at, last_error: retry.error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}
