/**
 * The transactional outbox of auth-service's mails (issue 13, item 14). A change that must produce
 * a mail (an admin's password reset: the new password exists only in that mail) writes the mail
 * with `add` inside its own transaction, so the change and the mail commit or roll back together.
 * After the commit, `relay` hands due rows to the mail queue (service-kit's enqueuer, with its
 * timeout) and deletes them; a refusal (Redis down) reschedules the row with a growing backoff,
 * and the periodic relay started by server.ts retries until the queue takes it.
 *
 * Delivery is at least once: a crash between the enqueue and the delete re-sends on the next
 * relay. The queue's job id (the row's) makes that a no-op while the first job is still queued.
 * The job is sealed at rest (AES-256-GCM, bound to its job id): it holds a password in clear.
 */
import { mailJobSchema, type MailJob } from '@tunnelscope/contracts';
import type { Clock, MailEnqueuer } from '@tunnelscope/service-kit';
import type { SecretBox } from '../crypto/secret-box.js';
import type { AuthDb, Executor } from '../db/schema.js';
import {
  claimDueMails,
  deleteOutboxMail,
  insertOutboxMail,
  rescheduleOutboxMail,
  type OutboxRow,
} from './mail-outbox-repository.js';

/** How often server.ts relays what is due (the first try is made right after the commit). */
export const RELAY_INTERVAL_MS = 5000;
/** How long a claimed row is left to its relay before another may take it. */
const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_BACKOFF_MS = 5 * 60_000;
/** A row that can no longer be opened (key changed) is kept for an operator, tried rarely. */
const UNREADABLE_RETRY_MS = 60 * 60_000;

export interface RelayResult {
  sent: number;
  failed: number;
}

export interface MailOutbox {
  /** Writes `job` with `trx`: it is sent only if that transaction commits. Returns the row id. */
  add(trx: Executor, job: MailJob, jobId: string): Promise<string>;
  /** Sends what is due (only `ids`, when given); never throws. */
  relay(opts?: { ids?: readonly string[] }): Promise<RelayResult>;
  /** Relays every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export interface OutboxLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const context = (jobId: string) => `mail-outbox:${jobId}`;

function parseJob(opened: string | null) {
  if (opened === null) return null;
  try {
    return mailJobSchema.safeParse(JSON.parse(opened));
  } catch {
    return null;
  }
}

/** The wait before the next try of a row tried `attempts` times: 2 s, 4 s, … up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}

export function createMailOutbox(deps: {
  db: AuthDb;
  clock: Clock;
  secretBox: SecretBox;
  mail: MailEnqueuer;
  log: OutboxLogger;
}): MailOutbox {
  const { db, clock, secretBox } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RelayResult> | undefined;

  async function send(row: OutboxRow): Promise<boolean> {
    const job = parseJob(secretBox.open(row.sealed_job, context(row.job_id)));
    if (!job?.success) {
      deps.log.error({ jobId: row.job_id }, 'mail outbox row cannot be opened');
      await rescheduleOutboxMail(db, row.id, {
        at: new Date(clock.now().getTime() + UNREADABLE_RETRY_MS),
        error: 'unreadable',
      });
      return false;
    }
    try {
      await deps.mail.enqueue(job.data, row.job_id);
    } catch (err) {
      await rescheduleOutboxMail(db, row.id, {
        at: new Date(clock.now().getTime() + backoffMs(row.attempts)),
        error: err instanceof Error ? err.message : String(err),
      });
      deps.log.warn(
        { jobId: row.job_id, attempts: row.attempts },
        'mail outbox: queue refused, retrying later',
      );
      return false;
    }
    await deleteOutboxMail(db, row.id);
    return true;
  }

  async function relayOnce(ids?: readonly string[]): Promise<RelayResult> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const now = clock.now();
      const rows = await claimDueMails(db, {
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        limit: BATCH,
        ...(ids ? { ids } : {}),
      });
      for (const row of rows) {
        if (await send(row)) result.sent++;
        else result.failed++;
      }
      // A failure stops the round: the queue is likely down for the rest too.
      if (rows.length < BATCH || result.failed > 0) return result;
    }
  }

  const relay = async (opts: { ids?: readonly string[] } = {}): Promise<RelayResult> => {
    try {
      return await relayOnce(opts.ids);
    } catch (err) {
      // The database is down: the rows are safe where they are; the next round tries again.
      deps.log.error({ err }, 'mail outbox relay failed');
      return { sent: 0, failed: 0 };
    }
  };

  return {
    async add(trx, job, jobId) {
      const valid = mailJobSchema.parse(job);
      return insertOutboxMail(trx, {
        jobId,
        sealedJob: secretBox.seal(JSON.stringify(valid), context(jobId)),
        now: clock.now(),
      });
    },
    relay,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        // One round at a time: a slow round is not overlapped by the next tick.
        if (running) return;
        running = relay().finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
