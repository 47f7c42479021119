import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteverify } from './siteverify.js';
import { widgetScript } from './widget-script.js';

export const SCRIPT_PATH = '/turnstile/v0/api.js';
export const SITEVERIFY_PATH = '/turnstile/v0/siteverify';
const MAX_BODY_BYTES = 16 * 1024;

export interface TurnstileStandin {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** siteverify calls received, newest last (tests assert what the service sent). */
  readonly calls: { secret?: string; response?: string; remoteip?: string }[];
  close(): Promise<void>;
}

function parseBody(raw: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes('application/json')) {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/** One HTTP server for both stand-ins: the widget script and the siteverify API. */
export async function startTurnstileStandin(
  opts: { port?: number; host?: string } = {},
): Promise<TurnstileStandin> {
  const script = widgetScript();
  const calls: TurnstileStandin['calls'] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === SCRIPT_PATH) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'cross-origin',
      });
      res.end(script);
      return;
    }
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
      return;
    }
    if (req.method === 'POST' && path === SITEVERIFY_PATH) {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) req.destroy();
        else chunks.push(chunk);
      });
      req.on('end', () => {
        let fields: Record<string, string>;
        try {
          fields = parseBody(Buffer.concat(chunks).toString('utf8'), req.headers['content-type']);
        } catch {
          fields = {};
        }
        calls.push({ secret: fields.secret, response: fields.response, remoteip: fields.remoteip });
        const answer = siteverify(fields);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"success":false,"error-codes":["not-found"]}');
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    scriptUrl: `${origin}${SCRIPT_PATH}`,
    verifyUrl: `${origin}${SITEVERIFY_PATH}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
