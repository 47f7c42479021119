import { createHash } from 'node:crypto';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import { MAIL_QUEUE_NAME, mailJobSchema, type MailJob } from '@tunnelscope/contracts';
import { mailFromDomain, type Config } from '../config.js';
import { oneLine } from '../templates/html.js';
import { renderMail, type MailBrand } from '../templates/index.js';
import { NO_MAIL_RESULTS, type MailResults } from './mail-metrics.js';
import { createSmtpTransport, type MailTransport } from './smtp-transport.js';

export type MailWorkerConfig = Pick<
  Config,
  | 'REDIS_PREFIX'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'BRAND_NAME'
  | 'PUBLIC_SITE_URL'
  | 'SUPPORT_EMAIL'
  | 'SALES_EMAIL'
  | 'MAILER_CONCURRENCY'
  | 'MAILER_RATE_PER_SECOND'
>;

export interface MailWorkerOptions {
  config: MailWorkerConfig;
  /** A connection for this worker alone, made with `createRedis(url, { forWorker: true })`. */
  connection: Redis;
  /** Defaults to a pooled SMTP transport to SMTP_URL. */
  transport?: MailTransport;
  logger: FastifyBaseLogger;
  /** Counts mails sent and given up on (the app's `tunnelscope_mails_total`); none by default. */
  results?: MailResults;
}

export interface MailWorker {
  worker: Worker<unknown, void>;
  /**
   * Stops taking jobs, lets the active ones finish (a mail is never cut mid-send, and nothing
   * that was sent goes back to the queue), then closes the transport and the Redis connection.
   * The worker owns both from the moment it is started.
   */
  close(): Promise<void>;
}

/** Job fields that must not outlive the job: failed jobs are kept for days for inspection. */
const SECRET_FIELDS = ['code', 'password'] as const;
const REDACTED = '[redacted]';

/**
 * `<mail.TIMESTAMP.JOBID@domain>`: the same for every attempt of one job, so a receiver can drop
 * the duplicate that an at-least-once retry may produce; the job's creation time keeps it unique
 * when job ids start again from 1 (a Redis without persistence, a new prefix).
 */
export function messageIdFor(job: { id?: string | undefined; timestamp: number }, domain: string): string {
  const id = job.id ?? 'unknown';
  const local = /^[A-Za-z0-9_-]{1,100}$/.test(id)
    ? id
    : `h.${createHash('sha256').update(id).digest('hex').slice(0, 32)}`;
  return `<mail.${job.timestamp}.${local}@${domain}>`;
}

export function brandFrom(config: MailWorkerConfig): MailBrand {
  return {
    brandName: config.BRAND_NAME,
    publicSiteUrl: config.PUBLIC_SITE_URL,
    supportEmail: config.SUPPORT_EMAIL,
    salesEmail: config.SALES_EMAIL,
  };
}

/** Replies to a visitor-facing mail reach support; the team notification answers the visitor. */
function replyToFor(job: MailJob, brand: MailBrand): SendMailOptions['replyTo'] {
  switch (job.type) {
    case 'contact-team-notification':
      return { name: oneLine(job.fromName), address: job.fromEmail };
    case 'contact-acknowledgement':
    case 'vpn-request-confirmation':
      return brand.supportEmail;
    default:
      return undefined;
  }
}

function requestIdOf(data: unknown): string | undefined {
  const meta = (data as { meta?: { requestId?: unknown } } | null)?.meta;
  const id = meta?.requestId;
  return typeof id === 'string' ? id.slice(0, 128) : undefined;
}

/** Paths and messages only: zod messages never quote the input, so no code or password leaks. */
function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ')
    .slice(0, 500);
}

function errorSummary(err: unknown): Record<string, unknown> {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    message: typeof e?.message === 'string' ? e.message.slice(0, 500) : String(err),
    ...(e?.code !== undefined ? { code: e.code } : {}),
    ...(e?.responseCode !== undefined ? { responseCode: e.responseCode } : {}),
    ...(e?.command !== undefined ? { command: e.command } : {}),
  };
}

export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const { config, connection, logger } = opts;
  const transport = opts.transport ?? createSmtpTransport(config);
  const brand = brandFrom(config);
  const domain = mailFromDomain(config.MAIL_FROM);
  const results = opts.results ?? NO_MAIL_RESULTS;

  /** Blanks codes and passwords of a job that will stay in the failed set. */
  async function dropSecrets(job: Job<unknown>, log: FastifyBaseLogger): Promise<void> {
    if (!job.data || typeof job.data !== 'object') return;
    const data = { ...(job.data as Record<string, unknown>) };
    const present = SECRET_FIELDS.filter((f) => f in data);
    if (present.length === 0) return;
    for (const f of present) data[f] = REDACTED;
    await job.updateData(data).catch((err: unknown) => {
      log.warn({ err: errorSummary(err) }, 'could not redact the failed job');
    });
  }

  async function processMail(job: Job<unknown>): Promise<void> {
    const attempt = job.attemptsMade + 1;
    const attempts = job.opts.attempts ?? 1;
    const log = logger.child({
      jobId: job.id,
      mailType: job.name,
      requestId: requestIdOf(job.data),
      attempt,
    });

    const parsed = mailJobSchema.safeParse(job.data);
    if (!parsed.success) {
      const reason = describeIssues(parsed.error.issues);
      log.error({ reason }, 'invalid mail job: failed without retry');
      results.failed();
      await dropSecrets(job, log);
      throw new UnrecoverableError(`invalid mail job: ${reason}`);
    }
    const mail = parsed.data;
    const rendered = renderMail(mail, brand);
    const messageId = messageIdFor(job, domain);
    const replyTo = replyToFor(mail, brand);
    const started = Date.now();
    try {
      const info = (await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId,
        ...(replyTo ? { replyTo } : {}),
        // RFC 3834: automatic mail, so auto-responders and out-of-office replies stay quiet.
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'OOF, AutoReply' },
      })) as { response?: unknown };
      log.info(
        {
          messageId,
          durationMs: Date.now() - started,
          smtpResponse: String(info?.response ?? '').slice(0, 200),
        },
        'mail sent',
      );
      results.sent();
    } catch (err) {
      if (attempt >= attempts) {
        results.failed();
        log.error(
          { err: errorSummary(err), attempts },
          'mail not sent: giving up, job kept in the failed set',
        );
        await dropSecrets(job, log);
      } else {
        log.warn({ err: errorSummary(err), attempts }, 'mail not sent: will retry');
      }
      throw err;
    }
  }

  // Attempts, backoff and retention are job options set by the producer's queue
  // (createMailQueue); the worker sets none of them, so there is one policy, in contracts.
  const worker = new Worker<unknown, void>(MAIL_QUEUE_NAME, processMail, {
    connection,
    prefix: config.REDIS_PREFIX,
    concurrency: config.MAILER_CONCURRENCY,
    // A worker killed mid-send (OOM, SIGKILL, a lost node) leaves its jobs locked until the lock
    // expires and a stall check finds them: BullMQ's 30 s + 30 s kept those mails back a minute
    // (tests/faults). A live worker renews its locks every lockDuration / 2, so a slow send is safe.
    lockDuration: 15_000,
    stalledInterval: 5_000,
    ...(config.MAILER_RATE_PER_SECOND
      ? { limiter: { max: config.MAILER_RATE_PER_SECOND, duration: 1000 } }
      : {}),
  });
  // Without a listener an 'error' event (Redis gone, say) would throw and end the process;
  // BullMQ reconnects by itself, so it is logged and nothing more.
  worker.on('error', (err) => logger.error({ err: errorSummary(err) }, 'mail worker error'));

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await worker.close();
      transport.close();
      await quitRedis(connection);
      logger.info('mail worker closed');
    })());

  return { worker, close };
}

/** QUIT when Redis answers; a worker connection retries forever, so never wait on a dead one. */
async function quitRedis(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    connection.quit().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 2000);
    }),
  ]);
  clearTimeout(timer);
  connection.disconnect();
}
