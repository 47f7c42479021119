import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface SunkMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  receivedAt: string;
}

export interface MailSink {
  smtpPort: number;
  smtpUrl: string;
  /** Set when started with an HTTP port: a page (and JSON at /api/messages) listing the mails. */
  httpUrl?: string;
  messages: SunkMail[];
  /** Resolves with the mails matching `match` once `count` of them have arrived. */
  waitFor(
    match: (m: SunkMail) => boolean,
    opts?: { count?: number; timeoutMs?: number },
  ): Promise<SunkMail[]>;
  clear(): void;
  close(): Promise<void>;
}

export interface MailSinkOptions {
  host?: string;
  smtpPort?: number;
  httpPort?: number;
  /** Keep at most this many mails (oldest dropped), so a long dev session stays small. */
  maxMessages?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderPage(messages: SunkMail[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">to ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(
          m.from,
        )} · ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Mail sink</title>
<style>body{font:15px system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#556}pre{white-space:pre-wrap;background:#f5f6fa;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Mail sink (${messages.length})</h1><p>Every mail the local stack sends lands here. Refreshes every 5 seconds.</p>${rows || '<p>No mail yet.</p>'}</body></html>`;
}

/** An SMTP server that keeps what it receives: for local development, tests and benchmarks. */
export async function startMailSink(opts: MailSinkOptions = {}): Promise<MailSink> {
  const host = opts.host ?? '127.0.0.1';
  const maxMessages = opts.maxMessages ?? 10_000;
  const messages: SunkMail[] = [];
  const waiters = new Set<() => void>();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          messages.push({
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            receivedAt: new Date().toISOString(),
          });
          if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
          for (const w of waiters) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let web: http.Server | undefined;
  let httpUrl: string | undefined;
  if (opts.httpPort !== undefined) {
    web = http.createServer((req, res) => {
      if (req.url?.startsWith('/api/messages')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(messages));
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(renderPage(messages));
    });
    await new Promise<void>((resolve) => web!.listen(opts.httpPort, host, () => resolve()));
    httpUrl = `http://${host}:${(web.address() as AddressInfo).port}`;
  }

  return {
    smtpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    httpUrl,
    messages,
    waitFor(match, { count = 1, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(match);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `mail sink: ${messages.filter(match).length}/${count} matching mails after ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      messages.length = 0;
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (web) await new Promise<void>((resolve) => web!.close(() => resolve()));
    },
  };
}
