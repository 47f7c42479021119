/**
 * One http-proxy server and one keep-alive agent per upstream, created once at start-up: the
 * request path allocates no agent, no proxy and no options object. Responses are written by
 * `onProxyRes` (http-proxy's `selfHandleResponse`), so the gateway, not the upstream, decides
 * hop-by-hop and security headers on the client connection.
 */
import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from 'http-proxy';
import type { ErrorCode } from '@tunnelscope/contracts';
import { errorBody, REQUEST_ID_HEADER } from '@tunnelscope/service-kit';
import type { UpstreamName } from '../routes/route-table.js';
import { signUpstreamRequest, type InternalKeyring } from './internal-signing.js';
import { unavailableProblem, type ProblemAnswer } from './api-problems.js';
import type { AdminIdentity } from '@tunnelscope/contracts';
import {
  BodyTooLargeError,
  declaredBody,
  limitStreamedBody,
  tooLargeAnswer,
  trackUpstreamRequest,
} from './body-limit.js';
import {
  clientAddress,
  copyResponseHeaders,
  forwardedHost,
  forwardedProto,
  prepareUpstreamHeaders,
} from './forwarding.js';

/** How a person reads each upstream's name in an error message. */
export const UPSTREAM_LABELS: Record<UpstreamName, string> = {
  forms: 'The forms service',
  auth: 'The admin sign-in service',
  analytics: 'The analytics service',
  lookup: 'The detection API',
  ingest: 'The ingest API',
};

export type UpstreamStatus = 'ok' | 'down' | 'not configured';

export interface UpstreamOptions {
  urls: Record<UpstreamName, string>;
  timeoutMs: number;
  maxSockets: number;
  /** The cap on every route's body limit, and how much of a refused body is read and discarded. */
  maxBodyBytes: number;
  trustedProxyHops: number;
  /** Keys of the per-request MAC and the identity signature (never the master secret itself). */
  keyring: InternalKeyring;
  /** `/admin-<hex>`, sent upstream as X-Forwarded-Prefix on admin calls. */
  adminPrefix: string;
  /** Headers the gateway sets itself and an upstream may not replace. */
  reservedResponseHeaders: ReadonlySet<string>;
  log: FastifyBaseLogger;
}

interface Upstream {
  name: UpstreamName;
  target: URL;
  agent: http.Agent;
  proxy: httpProxy;
}

/** Raised on the upstream request when it stays silent for `timeoutMs`. */
export class UpstreamTimeoutError extends Error {
  readonly code = 'UPSTREAM_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`upstream did not answer within ${timeoutMs} ms`);
  }
}

const PROBE_TIMEOUT_MS = 2000;

/**
 * Client requests whose answer is settled: the upstream's answer is being relayed, or the gateway
 * answered itself. A later error on the upstream request (the service closing the connection
 * while the gateway was still writing the body it refused) must not replace that answer with a 502.
 */
const settled = new WeakSet<IncomingMessage>();

function sendJsonError(
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
  requestId: string | undefined,
) {
  const body = JSON.stringify(errorBody(code, message, requestId));
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

/**
 * The problem+json APIs' answer when their service cannot be reached (`service_unavailable`, see
 * api-problems.ts), with `Retry-After`.
 */
function sendProblem(res: ServerResponse, problem: ProblemAnswer) {
  res.statusCode = problem.status;
  res.setHeader('content-type', problem.contentType);
  res.setHeader('content-length', Buffer.byteLength(problem.body));
  res.setHeader('cache-control', 'no-store');
  res.setHeader('retry-after', '5');
  res.end(problem.body);
}

/**
 * A service answered with a refusal before the client finished sending: stop forwarding the rest
 * (it would be written into a connection the service is closing), read and discard it instead,
 * and drop the upstream request once its answer is complete.
 */
function stopForwardingBody(req: IncomingMessage, proxyRes: IncomingMessage): void {
  req.unpipe();
  req.resume();
  proxyRes.once('end', () => (proxyRes as IncomingMessage & { req?: ClientRequest }).req?.destroy());
}

/** `text/event-stream`, whatever its parameters. */
export function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && /^text\/event-stream\s*(;|$)/i.test(contentType);
}

/**
 * An event stream is quiet between events and heartbeats for longer than the upstream timeout
 * and stays open for hours: the timeout is lifted for it (the session check in admin-gate and the
 * service's heartbeat bound it instead), and each event goes to the client as it arrives.
 */
function holdEventStream(proxyRes: IncomingMessage, res: ServerResponse): void {
  proxyRes.socket?.setTimeout(0);
  res.socket?.setNoDelay(true);
  // Sends the status and headers now, before the first event.
  res.flushHeaders();
}

export class Upstreams {
  private readonly upstreams: Partial<Record<UpstreamName, Upstream>> = {};

  constructor(private readonly opts: UpstreamOptions) {
    for (const name of Object.keys(opts.urls) as UpstreamName[]) {
      const url = opts.urls[name];
      if (url) this.upstreams[name] = this.create(name, url);
    }
  }

  private create(name: UpstreamName, url: string): Upstream {
    const target = new URL(url);
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: this.opts.maxSockets,
      maxFreeSockets: Math.min(this.opts.maxSockets, 64),
      // Idle sockets close well before a Fastify upstream's 72 s keep-alive (and Node caps this
      // by the upstream's own Keep-Alive hint), so a reused socket is never one the upstream is closing.
      timeout: 30_000,
      scheduling: 'lifo',
      // Without it Nagle holds a request's last small segment until the upstream's delayed ACK
      // (~40 ms on Linux): measured as most of the gateway's latency under load.
      noDelay: true,
    });
    const proxy = httpProxy.createProxyServer({
      target: url,
      agent,
      xfwd: false,
      changeOrigin: false,
      selfHandleResponse: true,
    });
    const { timeoutMs, log } = this.opts;
    const label = UPSTREAM_LABELS[name];
    const reserved = this.opts.reservedResponseHeaders;

    function onUpstreamTimeout(this: ClientRequest) {
      this.destroy(new UpstreamTimeoutError(timeoutMs));
    }
    proxy.on('proxyReq', (proxyReq: ClientRequest, req: IncomingMessage) => {
      proxyReq.setTimeout(timeoutMs, onUpstreamTimeout);
      trackUpstreamRequest(req, proxyReq);
    });
    proxy.on('proxyRes', (proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) => {
      settled.add(req);
      if (res.destroyed) {
        // The client left; drain so the upstream socket goes back to the pool.
        proxyRes.resume();
        return;
      }
      if (!req.complete && (proxyRes.statusCode ?? 0) >= 400) stopForwardingBody(req, proxyRes);
      // A Cache-Control the gateway set before forwarding (`no-store` on admin calls) is the
      // one the client gets, whatever the service said.
      const pinnedCacheControl = res.getHeader('cache-control');
      res.statusCode = proxyRes.statusCode ?? 502;
      if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
      copyResponseHeaders(proxyRes.headers, res, reserved);
      if (pinnedCacheControl !== undefined) res.setHeader('cache-control', pinnedCacheControl);
      if (isEventStream(proxyRes.headers['content-type'])) holdEventStream(proxyRes, res);
      // pipe, not stream.pipeline: on Node 20 pipeline allocates an AbortController and a
      // DOMException per call, a measurable share of the gateway's CPU. These two listeners are
      // the part of pipeline we need: an upstream that breaks off mid-body ends the client's
      // (incomplete) answer, and a client that leaves releases the upstream response.
      const endClient = () => res.destroy();
      proxyRes.once('error', endClient);
      proxyRes.once('aborted', endClient);
      res.once('close', () => {
        if (!proxyRes.complete) proxyRes.destroy();
      });
      proxyRes.pipe(res);
    });
    proxy.on('error', (err: NodeJS.ErrnoException, req: IncomingMessage, res: ServerResponse | Socket) => {
      const requestId = req.headers[REQUEST_ID_HEADER] as string | undefined;
      if (settled.has(req)) {
        // The answer is on its way (a broken upstream answer ends the client's in `proxyRes`).
        log.debug({ requestId, upstream: name, code: err.code }, 'upstream request ended after its answer');
        return;
      }
      settled.add(req);
      if (err instanceof BodyTooLargeError && 'setHeader' in res && !res.headersSent) {
        const answer = tooLargeAnswer(req.url ?? '', requestId);
        res.statusCode = answer.status;
        res.setHeader('content-type', answer.contentType);
        res.setHeader('content-length', Buffer.byteLength(answer.body));
        res.setHeader('cache-control', 'no-store');
        res.end(answer.body);
        return;
      }
      const timedOut = err instanceof UpstreamTimeoutError;
      log.warn({ requestId, upstream: name, code: err.code, err: err.message }, 'upstream request failed');
      if (!('setHeader' in res)) {
        res.destroy();
        return;
      }
      if (res.headersSent || res.writableEnded) {
        res.destroy();
        return;
      }
      const problem = unavailableProblem(req.url ?? '', requestId, timedOut ? 'timeout' : 'down');
      if (problem) {
        sendProblem(res, problem);
      } else if (timedOut) {
        sendJsonError(
          res,
          504,
          'GATEWAY_TIMEOUT',
          `${label} did not answer in time, please try again shortly`,
          requestId,
        );
      } else {
        sendJsonError(
          res,
          502,
          'BAD_GATEWAY',
          `${label} is unavailable, please try again shortly`,
          requestId,
        );
      }
    });
    return { name, target, agent, proxy };
  }

  /**
   * Sends the request to `upstream` with `url` (path and query). Answers by itself when the
   * upstream is not deployed or the request is refused before forwarding.
   */
  forward(
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamName,
    url: string,
    admin: boolean,
    /** The operator the admin gate resolved: signed for this request when it is sent. */
    identity?: AdminIdentity,
  ): void {
    const up = this.upstreams[upstream];
    const absent = up ? null : unavailableProblem(url, request.id, 'absent');
    if (absent) {
      reply.code(absent.status).type(absent.contentType).header('retry-after', '5').send(absent.body);
      return;
    }
    if (!up) {
      reply
        .code(503)
        .send(
          errorBody(
            'SERVICE_UNAVAILABLE',
            `${UPSTREAM_LABELS[upstream]} is not available on this deployment`,
            request.id,
          ),
        );
      return;
    }
    const req = request.raw;
    const drainCap = this.opts.maxBodyBytes;
    const limit = Math.min(request.bodyLimitBytes || drainCap, drainCap);
    const body = declaredBody(req.headers, limit, drainCap);
    if (body === 'too-large' || body === 'far-too-large') {
      const answer = tooLargeAnswer(url, request.id);
      // Up to drainCap, Node reads and discards the body after the answer and keeps the
      // connection; closing a socket with unread data resets it, which can lose the 413.
      if (body === 'far-too-large') reply.header('connection', 'close');
      reply.code(answer.status).type(answer.contentType).send(answer.body);
      return;
    }
    const hops = this.opts.trustedProxyHops;
    // Read every forwarding fact before the headers are rewritten.
    const facts = {
      clientIp: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], hops),
      proto: forwardedProto('encrypted' in req.socket && req.socket.encrypted === true, req.headers, hops),
      host: forwardedHost(req.headers, hops),
      requestId: request.id,
      // Only auth-service owns sessions; no other service gets the session cookie.
      forwardCookie: upstream === 'auth',
      prefix: admin ? this.opts.adminPrefix : undefined,
    };
    if (!prepareUpstreamHeaders(req.headers, facts)) {
      reply
        .header('connection', 'close')
        .code(400)
        .send(errorBody('BAD_REQUEST', 'Unsupported Transfer-Encoding', request.id));
      return;
    }
    // The per-request MAC (and the operator's identity) for exactly what is sent to `upstream`.
    Object.assign(
      req.headers,
      signUpstreamRequest(this.opts.keyring, upstream, req.method ?? 'GET', url, request.id, identity),
    );
    reply.hijack();
    req.url = url;
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    if (body === 'streamed') limitStreamedBody(req, limit, drainCap);
    up.proxy.web(req, reply.raw);
  }

  /** GET <upstream>/healthz, for the gateway's readiness report. */
  probe(name: UpstreamName): Promise<UpstreamStatus> {
    const up = this.upstreams[name];
    if (!up) return Promise.resolve('not configured');
    return new Promise((resolve) => {
      const req = http.get(
        {
          agent: up.agent,
          hostname: up.target.hostname.replace(/^\[|\]$/g, ''),
          port: up.target.port || 80,
          path: '/healthz',
          timeout: PROBE_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode === 200 ? 'ok' : 'down');
        },
      );
      req.on('timeout', () => req.destroy(new Error('probe timed out')));
      req.on('error', () => resolve('down'));
    });
  }

  /** The keep-alive agent of a deployed upstream (the session resolver shares auth's). */
  agentFor(name: UpstreamName): http.Agent | undefined {
    return this.upstreams[name]?.agent;
  }

  /** The client's address as forwarded upstream (same rule as `forward`). */
  clientIpOf(request: FastifyRequest): string {
    const req = request.raw;
    return clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      this.opts.trustedProxyHops,
    );
  }

  names(): UpstreamName[] {
    return Object.keys(this.opts.urls) as UpstreamName[];
  }

  close(): void {
    for (const up of Object.values(this.upstreams)) {
      up.proxy.close();
      up.agent.destroy();
    }
  }
}
