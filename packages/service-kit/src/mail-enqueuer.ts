/**
 * The one way a service hands mail to the mailer-worker: it puts the jobs on the mail queue, and
 * nothing more (the mails are not stored anywhere else first). Call it only after the transaction
 * that produced the mail has committed. A queue that does not answer in time (Redis down) becomes
 * a 503 with the service's own message: never a 500, never a hung request.
 */
import type { MailJob } from '@tunnelscope/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ServiceUnavailableError } from './errors.js';
import { enqueueMail, type MailQueue } from './mail-queue.js';
import { withTimeout } from './timeout.js';

/** A mail and the job id that makes a retried enqueue of it a no-op. */
export interface MailToSend {
  job: MailJob;
  jobId: string;
}

export interface MailEnqueuer {
  /** Enqueues one mail, or throws ServiceUnavailableError. */
  enqueue(job: MailJob, jobId: string): Promise<void>;
  /** Enqueues every mail (together, within one timeout), or throws ServiceUnavailableError. */
  enqueueAll(mails: readonly MailToSend[]): Promise<void>;
}

export interface MailEnqueuerOptions {
  queue: MailQueue;
  /** Longest wait for the queue before the caller gets the 503. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** The 503's message, in the words the service's spec gives it. */
  unavailableMessage: string;
}

export function createMailEnqueuer(opts: MailEnqueuerOptions): MailEnqueuer {
  const enqueueAll = async (mails: readonly MailToSend[]): Promise<void> => {
    try {
      await withTimeout(
        Promise.all(mails.map(({ job, jobId }) => enqueueMail(opts.queue, job, jobId))),
        opts.timeoutMs,
        `mail queue did not answer within ${opts.timeoutMs} ms`,
      );
    } catch (err) {
      opts.log.error({ err, jobIds: mails.map((m) => m.jobId) }, 'mail enqueue failed');
      throw new ServiceUnavailableError(opts.unavailableMessage);
    }
  };
  return {
    enqueue: (job, jobId) => enqueueAll([{ job, jobId }]),
    enqueueAll,
  };
}
