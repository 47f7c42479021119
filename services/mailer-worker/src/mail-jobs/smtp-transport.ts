import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export type MailTransport = Transporter;

/**
 * A pooled SMTP transport: connections are reused across jobs (one per concurrent job at most).
 * Timeouts are far below the defaults (minutes), so a silent server fails the attempt and BullMQ
 * retries it, instead of a send hanging through a graceful shutdown.
 */
export function createSmtpTransport(config: Pick<Config, 'SMTP_URL' | 'MAILER_CONCURRENCY'>): MailTransport {
  return nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: config.MAILER_CONCURRENCY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Templates never attach files or fetch URLs; refuse both so no job data can make them.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
}
