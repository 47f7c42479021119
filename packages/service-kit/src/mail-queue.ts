import { Queue, type ConnectionOptions } from 'bullmq';
import {
  MAIL_FAILED_JOB_RETENTION_SECONDS,
  MAIL_JOB_ATTEMPTS,
  MAIL_JOB_BACKOFF_MS,
  MAIL_QUEUE_NAME,
  mailJobSchema,
  type MailJob,
} from '@tunnelscope/contracts';

export type MailQueue = Queue<MailJob>;

export function createMailQueue(connection: ConnectionOptions, prefix: string): MailQueue {
  return new Queue<MailJob>(MAIL_QUEUE_NAME, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: MAIL_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: MAIL_JOB_BACKOFF_MS },
      // Sent mails hold codes in clear: drop them at once. Failed ones stay for inspection.
      removeOnComplete: true,
      removeOnFail: { age: MAIL_FAILED_JOB_RETENTION_SECONDS },
    },
  });
}

/**
 * Validates and enqueues a mail. Call it only after the transaction that produced the mail has
 * committed. `jobId` makes a retried enqueue of the same mail a no-op.
 */
export async function enqueueMail(queue: MailQueue, job: MailJob, jobId?: string): Promise<void> {
  const valid = mailJobSchema.parse(job);
  await queue.add(valid.type, valid, jobId ? { jobId } : {});
}
