/**
 * The one way auth-service hands mail to the mailer-worker. Call only after the transaction that
 * produced the mail has committed. A queue that does not answer in time (Redis down) is a 503,
 * never a 500 and never a hung request.
 */
import type { MailJob } from '@tunnelscope/contracts';
import { ServiceUnavailableError, enqueueMail, type MailQueue } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES } from '../messages.js';

export interface MailOutbox {
  /** Enqueues the job or throws ServiceUnavailableError; `jobId` makes a retry a no-op. */
  send(job: MailJob, jobId: string): Promise<void>;
}

export function createMailOutbox(opts: {
  queue: MailQueue;
  timeoutMs: number;
  log: FastifyBaseLogger;
}): MailOutbox {
  return {
    async send(job, jobId) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`mail queue did not answer within ${opts.timeoutMs} ms`)),
          opts.timeoutMs,
        );
      });
      try {
        await Promise.race([enqueueMail(opts.queue, job, jobId), timeout]);
      } catch (err) {
        opts.log.error({ err, jobId }, 'mail enqueue failed');
        throw new ServiceUnavailableError(AUTH_MESSAGES.mailUnavailable);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
