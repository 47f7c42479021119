/**
 * Request bodies larger than the route allows are refused by the gateway with 413, before a byte
 * reaches the service (issue 13 item 9). A service that refuses a body answers at once and closes
 * its connection while the rest is still coming; the gateway, still writing, then sees EPIPE or a
 * reset, which used to become a 502 ("The forms service is unavailable"). Refusing first means a
 * service never has to.
 *
 * - A declared `Content-Length` is compared before forwarding (Node's parser holds the client to it).
 * - A chunked body is counted as it passes; the moment it outgrows the limit the upstream request
 *   is cut (`BodyTooLargeError` on it) and the client gets the 413 instead.
 *
 * After a 413 the rest of a body is read and discarded (up to `drainCap` bytes) rather than the
 * connection closed under it: closing a socket with unread data makes the kernel send a reset,
 * which can destroy the 413 before the client reads it. Beyond `drainCap` the connection is cut.
 */
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { errorBody } from '@tunnelscope/service-kit';
import { tooLargeProblem } from './api-problems.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body limit of the route a proxied request goes to (0: only the gateway's cap). */
    bodyLimitBytes: number;
  }
}

/** Raised on the upstream request when a streamed body outgrows the route's limit. */
export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE';
  constructor(limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

export interface TooLargeAnswer {
  status: 413;
  contentType: string;
  body: string;
}

/**
 * The 413 in the shape of the API called: a `batch_too_large` problem document on the detection
 * and collector APIs, else the error shape.
 */
export function tooLargeAnswer(url: string, requestId: string | undefined): TooLargeAnswer {
  const problem = tooLargeProblem(url, requestId);
  if (problem) return { ...problem, status: 413 };
  return {
    status: 413,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large', requestId)),
  };
}

export type DeclaredBody =
  /** No body, or a declared one within the limit. */
  | 'fits'
  /** Declared above the limit, by at most `drainCap` bytes: answer 413, discard the body. */
  | 'too-large'
  /** Declared above `drainCap`: answer 413 and close rather than read it all. */
  | 'far-too-large'
  /** Chunked: counted as it streams (`limitStreamedBody`). */
  | 'streamed';

export function declaredBody(headers: IncomingHttpHeaders, limit: number, drainCap: number): DeclaredBody {
  const declared = headers['content-length'];
  if (declared !== undefined) {
    const length = Number(declared);
    if (length <= limit) return 'fits';
    return length > drainCap ? 'far-too-large' : 'too-large';
  }
  return headers['transfer-encoding'] === undefined ? 'fits' : 'streamed';
}

interface StreamedBody {
  received: number;
  exceeded: boolean;
  proxyReq: ClientRequest | null;
  readonly limit: number;
}

/** Only chunked requests have an entry: nothing is allocated for the usual declared body. */
const streamed = new WeakMap<IncomingMessage, StreamedBody>();

/**
 * Counts `req`'s body as it streams. Call before the proxy pipes it; tell it the upstream request
 * with `trackUpstreamRequest`. Past `limit` it stops forwarding and cuts the upstream request with
 * a `BodyTooLargeError` (the proxy's error handler answers 413); past `drainCap` it drops the client.
 */
export function limitStreamedBody(req: IncomingMessage, limit: number, drainCap: number): void {
  const state: StreamedBody = { received: 0, exceeded: false, proxyReq: null, limit };
  streamed.set(req, state);
  req.on('data', (chunk: Buffer) => {
    state.received += chunk.length;
    if (state.exceeded) {
      if (state.received > drainCap) req.destroy();
      return;
    }
    if (state.received <= limit) return;
    state.exceeded = true;
    // This listener stays, so the rest of the body keeps flowing here and is discarded.
    req.unpipe();
    state.proxyReq?.destroy(new BodyTooLargeError(limit));
  });
}

/** The proxy's upstream request for `req`, once it exists (cut at once if the body already outgrew). */
export function trackUpstreamRequest(req: IncomingMessage, proxyReq: ClientRequest): void {
  const state = streamed.get(req);
  if (!state) return;
  state.proxyReq = proxyReq;
  if (state.exceeded) proxyReq.destroy(new BodyTooLargeError(state.limit));
}
