/**
 * The one way forms-service hands mail to the mailer-worker. Call only after the transaction
 * that produced the mail has committed. A queue that does not answer in time (Redis down) is a
 * 503 for the visitor, never a 500 and never a hung request.
 */
import type { MailJob } from '@tunnelscope/contracts';
import { ServiceUnavailableError, enqueueMail, type MailQueue } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';

export interface MailOutbox {
  /** Enqueues every job or throws ServiceUnavailableError; `jobId` makes a retry a no-op. */
  send(jobs: { job: MailJob; jobId: string }[]): Promise<void>;
}

export const MAIL_UNAVAILABLE_MESSAGE =
  'We could not send the e-mail right now. Please try again in a moment.';

export function createMailOutbox(opts: {
  queue: MailQueue;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): MailOutbox {
  return {
    async send(jobs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`mail queue did not answer within ${opts.timeoutMs} ms`)),
          opts.timeoutMs,
        );
      });
      try {
        await Promise.race([
          Promise.all(jobs.map(({ job, jobId }) => enqueueMail(opts.queue, job, jobId))),
          timeout,
        ]);
      } catch (err) {
        opts.log.error({ err, jobIds: jobs.map((j) => j.jobId) }, 'mail enqueue failed');
        throw new ServiceUnavailableError(MAIL_UNAVAILABLE_MESSAGE);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
