import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { MAIL_QUEUE_NAME, type MailJob } from '@tunnelscope/contracts';
import { createMailQueue, createRedis, loggerOptions, type MailQueue } from '@tunnelscope/service-kit';
import { TEST_REDIS_URL } from '@tunnelscope/test-kit';
import { configSchema, type Config } from '../src/config.js';
import { startMailWorker, type MailWorker } from '../src/mail-jobs/mail-worker.js';

export function testConfig(overrides: Record<string, string>): Config {
  return configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: TEST_REDIS_URL,
    ...overrides,
  });
}

/** The production logger settings (redaction included), writing into an array. */
export function captureLogger(): { logger: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions('mailer-worker', 'debug'), stream), lines };
}

export const silentLogger: FastifyBaseLogger = pino({ level: 'silent' });

export function startTestWorker(config: Config, logger: FastifyBaseLogger = silentLogger): MailWorker {
  const connection = createRedis(config.REDIS_URL, { forWorker: true });
  return startMailWorker({ config, connection, logger });
}

/** A producer as the services build it, plus the client it runs on. */
export function testQueue(
  prefix: string,
  url = TEST_REDIS_URL,
): { queue: MailQueue; redis: Redis; close(): Promise<void> } {
  const redis = createRedis(url);
  const queue = createMailQueue(redis, prefix);
  return {
    queue,
    redis,
    async close() {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      redis.disconnect();
    },
  };
}

/** Jobs that are waiting to run, in any of BullMQ's waiting states. */
export async function pendingCount(queue: MailQueue): Promise<number> {
  const c = await queue.getJobCounts('wait', 'prioritized', 'delayed', 'waiting-children');
  return Object.values(c).reduce((a, b) => a + b, 0);
}

/** A port nothing listens on (for a while): bind to 0, read the port, let it go. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const TEAM_INBOX = 'team@tunnelscope.example';

/** One valid job of every type, addressed so each can be told apart in the sink. */
export function oneJobOfEachType(tag: string): MailJob[] {
  return [
    {
      type: 'verification-code',
      to: `code-${tag}@example.com`,
      form: 'waitlist',
      code: '482913',
      expiresInMinutes: 5,
      meta: { requestId: `req-code-${tag}` },
    },
    {
      type: 'vpn-request-confirmation',
      to: `vpn-${tag}@example.com`,
      requestNumber: 'VPN-20261122-7K3F9Q',
      vpnName: 'Turbo VPN',
      playstoreLink: 'https://play.google.com/store/apps/details?id=free.vpn.unblock.proxy.turbovpn',
      meta: { requestId: `req-vpn-${tag}` },
    },
    {
      type: 'contact-acknowledgement',
      to: `ack-${tag}@example.com`,
      name: 'Ada Lovelace',
      subject: 'API pricing',
    },
    {
      type: 'contact-team-notification',
      to: TEAM_INBOX,
      contactId: '3f6c1f2e-7d1a-4a53-9d43-0b8f2b1c9e11',
      fromName: 'Ada Lovelace',
      fromEmail: `ada-${tag}@example.com`,
      subject: `API pricing ${tag}`,
      message: 'We screen two million sign-ups a month. Can we talk?',
      hasMarketing: true,
      receivedAt: '2026-11-22T14:03:05.000Z',
    },
    {
      type: 'admin-password-reset',
      to: `admin-${tag}@example.com`,
      username: 'ops-lead',
      password: 'Zq7!mR2#vK9&wL4p',
      meta: { requestId: `req-reset-${tag}` },
    },
  ];
}

/** `count` contact acknowledgements, told apart by their recipients. */
export function numberedJobs(count: number, tag: string): MailJob[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'contact-acknowledgement' as const,
    to: `bulk-${tag}-${i}@example.com`,
    name: `Visitor ${i}`,
    subject: `Bulk message ${i}`,
  }));
}

export interface HeaderSink {
  url: string;
  mails: ParsedMail[];
  /** Mails whose DATA began, accepted or not yet. */
  started: number;
  close(): Promise<void>;
}

/**
 * The shared mail sink keeps no headers; this one keeps the parsed mail whole, for the tests
 * about Reply-To, Message-ID and the automatic-mail headers. `dataDelayMs` holds every mail in
 * the middle of its DATA phase that long before accepting it: a slow SMTP server.
 */
export async function startHeaderSink(opts: { dataDelayMs?: number } = {}): Promise<HeaderSink> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      sink.started++;
      simpleParser(stream)
        .then(
          (mail) =>
            new Promise<ParsedMail>((resolve) => setTimeout(() => resolve(mail), opts.dataDelayMs ?? 0)),
        )
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const sink: HeaderSink = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    started: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

export { MAIL_QUEUE_NAME };
