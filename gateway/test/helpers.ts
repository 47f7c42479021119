import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  INTERNAL_REFUSAL_AUDIT_PATH,
  INTERNAL_SESSION_RESOLVE_PATH,
  type GatewayRefusalReport,
} from '@tunnelscope/contracts';
import { GATEWAY_TOKEN_HEADER, internalKeyring, verifyGatewayToken } from '@tunnelscope/service-kit';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';

export const ADMIN_HEX = 'abcdef0123456789abcdef0123456789';
export const SECRET = 'test-internal-secret-0123456789abcdef';
/** The keys a service derives from SECRET: what the fakes check the gateway's MACs with. */
export const KEYRING = internalKeyring({ INTERNAL_SHARED_SECRET: SECRET });

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The gateway's side of the connection: equal ports mean a reused socket. */
  remotePort: number | undefined;
}

export type UpstreamHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;

/** The session token the fake auth-service accepts, and the identity it resolves to. */
export const VALID_SESSION_TOKEN = 'valid-session-token-0123456789abcdef';
export const TEST_IDENTITY = {
  adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
  sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
  username: 'ops_lead',
  email: 'ops@tunnelscope.example',
  role: 'admin' as const,
  twoFactorEnabled: false,
};

/** Headers of a signed-in panel call: the session cookie, and for writes JSON from the gateway's origin. */
export function adminHeaders(
  gatewayUrl: string,
  extra: http.OutgoingHttpHeaders = {},
): http.OutgoingHttpHeaders {
  return {
    cookie: `ts_admin_session=${VALID_SESSION_TOKEN}`,
    origin: gatewayUrl,
    'content-type': 'application/json',
    ...extra,
  };
}

export interface FakeUpstream {
  name: string;
  url: string;
  seen: SeenRequest[];
  /** Session resolutions the gateway asked for (kept apart from `seen`). */
  resolves: { token: string; touch: boolean; headers: IncomingHttpHeaders }[];
  /** Refusal reports the gateway sent for admin_logs (kept apart from `seen`), with their headers. */
  audits: { report: GatewayRefusalReport; headers: IncomingHttpHeaders }[];
  /** Resolves once `audits` holds a report that satisfies `done` (no timer: the report's arrival). */
  auditsUntil(done: (reports: GatewayRefusalReport[]) => boolean): Promise<GatewayRefusalReport[]>;
  handler: UpstreamHandler | null;
  /** Set to make the fake auth-service answer 401 for every session from now on (session ended). */
  sessionsEnded: boolean;
  close(): Promise<void>;
}

/** A tiny real HTTP service that records what reached it and, by default, answers 200 JSON. */
export async function startUpstream(name: string): Promise<FakeUpstream> {
  const upstream: FakeUpstream = {
    name,
    url: '',
    seen: [],
    resolves: [],
    audits: [],
    auditsUntil: (done) =>
      new Promise((resolve) => {
        const check = () => {
          const reports = upstream.audits.map((a) => a.report);
          if (!done(reports)) return false;
          resolve(reports);
          return true;
        };
        if (!check()) auditWaiters.push(check);
      }),
    handler: null,
    sessionsEnded: false,
    close: async () => undefined,
  };
  let auditWaiters: (() => boolean)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === INTERNAL_SESSION_RESOLVE_PATH) {
        const { token, touch } = JSON.parse(body.toString()) as { token: string; touch: boolean };
        upstream.resolves.push({ token, touch, headers: req.headers });
        const vouched = verifyGatewayToken(KEYRING, req.headers[GATEWAY_TOKEN_HEADER], {
          audience: 'auth',
          method: req.method ?? '',
          path: req.url ?? '',
          requestId: String(req.headers['x-request-id']),
        });
        if (token !== VALID_SESSION_TOKEN || !vouched || upstream.sessionsEnded) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, data: { identity: TEST_IDENTITY } }));
        return;
      }
      if (req.url === INTERNAL_REFUSAL_AUDIT_PATH) {
        upstream.audits.push({
          report: JSON.parse(body.toString()) as GatewayRefusalReport,
          headers: req.headers,
        });
        auditWaiters = auditWaiters.filter((check) => !check());
        res.writeHead(204).end();
        return;
      }
      upstream.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        remotePort: req.socket.remotePort,
      });
      if (upstream.handler) return upstream.handler(req, res, body);
      const json = JSON.stringify({ upstream: name, method: req.method, url: req.url });
      res.writeHead(200, { 'content-type': 'application/json' }).end(json);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return upstream;
}

/** A URL nothing listens on (the port was free a moment ago). */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

export const BIG_SCRIPT = `console.log(${JSON.stringify('TunnelScope '.repeat(400))});\n`;

export interface Fixtures {
  publicDist: string;
  adminDist: string;
  cleanup(): Promise<void>;
}

/** Dist folders shaped like Vite's output: index.html, hashed assets, a .br/.gz sibling pair. */
export async function makeDistFixtures(): Promise<Fixtures> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'gateway-dist-'));
  const publicDist = path.join(root, 'public');
  const adminDist = path.join(root, 'admin');
  await mkdir(path.join(publicDist, 'assets'), { recursive: true });
  await mkdir(path.join(adminDist, 'assets'), { recursive: true });
  await writeFile(
    path.join(publicDist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<title>Public fixture</title>\n' +
      '<script type="module" crossorigin src="/assets/app-abc123.js"></script>\n</head>\n' +
      '<body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(path.join(publicDist, 'assets/app-abc123.js'), BIG_SCRIPT);
  const vendor = `export const vendor = ${JSON.stringify('vendor code '.repeat(300))};\n`;
  await writeFile(path.join(publicDist, 'assets/vendor-def456.js'), vendor);
  await writeFile(path.join(publicDist, 'assets/vendor-def456.js.br'), zlib.brotliCompressSync(vendor));
  await writeFile(path.join(publicDist, 'assets/vendor-def456.js.gz'), zlib.gzipSync(vendor));
  await writeFile(path.join(publicDist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await writeFile(path.join(publicDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  await writeFile(path.join(publicDist, '.env'), 'SECRET=1\n');
  await writeFile(
    path.join(adminDist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="UTF-8" />\n<title>Admin fixture</title>\n' +
      '<script type="module" crossorigin src="./assets/admin-789fed.js"></script>\n</head>\n' +
      '<body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(path.join(adminDist, 'assets/admin-789fed.js'), 'console.log("admin");\n');
  return { publicDist, adminDist, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  config: Config;
  close(): Promise<void>;
}

export function gatewayConfig(env: Record<string, string>): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ADMIN_PATH_HEX: ADMIN_HEX,
      INTERNAL_SHARED_SECRET: SECRET,
      PUBLIC_WEB_DIST: path.join(os.tmpdir(), 'gateway-no-such-dist', 'public'),
      ADMIN_WEB_DIST: path.join(os.tmpdir(), 'gateway-no-such-dist', 'admin'),
      ...env,
    },
    (code) => {
      throw new Error(`invalid gateway configuration (exit ${code})`);
    },
  );
}

export async function startGateway(env: Record<string, string>): Promise<RunningGateway> {
  const config = gatewayConfig(env);
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, config, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are checked field by field
  json(): any;
}

/** One request on a fresh connection, headers exactly as given (fetch would add and refuse some). */
export function send(
  url: string,
  opts: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    chunks?: Buffer[];
  } = {},
): Promise<Answer> {
  // Raw path, sent as written: `new URL` would resolve dot segments before they reach the gateway.
  const match = /^http:\/\/([^/:]+):(\d+)(\/.*)?$/.exec(url);
  if (!match) throw new Error(`send: unsupported URL ${url}`);
  const headers = { ...opts.headers };
  // Node's client sends a DELETE or GET body without any framing unless told its length.
  if (opts.body !== undefined && headers['content-length'] === undefined)
    headers['content-length'] = Buffer.byteLength(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: match[1],
        port: Number(match[2]),
        path: match[3] ?? '/',
        method: opts.method ?? 'GET',
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.chunks) {
      for (const c of opts.chunks) req.write(c);
      req.end();
    } else {
      req.end(opts.body);
    }
  });
}

export interface GatewayWithUpstreams {
  forms: FakeUpstream;
  auth: FakeUpstream;
  analytics: FakeUpstream;
  lookup: FakeUpstream;
  ingest: FakeUpstream;
  gw: RunningGateway;
}

/**
 * A gateway in front of five fake services for one describe block: started before its tests,
 * closed after, and each fake's records and handler reset before every test.
 */
export function useGatewayWithUpstreams(env: Record<string, string> = {}): GatewayWithUpstreams {
  const ctx = {} as GatewayWithUpstreams;
  beforeAll(async () => {
    [ctx.forms, ctx.auth, ctx.analytics, ctx.lookup, ctx.ingest] = await Promise.all([
      startUpstream('forms'),
      startUpstream('auth'),
      startUpstream('analytics'),
      startUpstream('lookup'),
      startUpstream('ingest'),
    ]);
    ctx.gw = await startGateway({
      FORMS_SERVICE_URL: ctx.forms.url,
      AUTH_SERVICE_URL: ctx.auth.url,
      ANALYTICS_SERVICE_URL: ctx.analytics.url,
      LOOKUP_SERVICE_URL: ctx.lookup.url,
      INGEST_SERVICE_URL: ctx.ingest.url,
      ...env,
    });
  });
  afterAll(async () => {
    await ctx.gw?.close();
    await Promise.all([ctx.forms, ctx.auth, ctx.analytics, ctx.lookup, ctx.ingest].map((u) => u?.close()));
  });
  beforeEach(() => {
    for (const u of [ctx.forms, ctx.auth, ctx.analytics, ctx.lookup, ctx.ingest]) {
      u.seen.length = 0;
      u.resolves.length = 0;
      u.audits.length = 0;
      u.handler = null;
    }
  });
  return ctx;
}
