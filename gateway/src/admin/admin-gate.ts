/**
 * The gateway's door to the admin API, so that no service behind it trusts a caller on its own:
 * state-changing calls must be JSON from the panel's own origin; every call except sign-in must
 * carry a live session, which auth-service resolves to an identity; the identity goes upstream
 * signed for that one request and service (service-kit admin-identity, signed in
 * proxy/internal-signing.ts), after the client's own `x-tunnelscope-*` headers are gone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  BACKGROUND_REQUEST_HEADER,
  LIVE_HEARTBEAT_MS,
  type GatewayRefusalReason,
} from '@tunnelscope/contracts';
import { errorBody, type InternalKeyring } from '@tunnelscope/service-kit';
import { forwardedHost, forwardedProto } from '../proxy/forwarding.js';
import { UPSTREAM_LABELS, type Upstreams } from '../proxy/upstreams.js';
import type { UpstreamName } from '../routes/route-table.js';
import {
  checkAdminWrite,
  clearSessionCookie,
  isUnauthenticatedPath,
  readSessionToken,
  SAFE_METHODS,
  type Refusal,
} from './admin-request-checks.js';
import type { RefusalAudit } from './refusal-audit.js';
import { SessionResolver } from './session-resolver.js';

export interface AdminGateOptions {
  upstreams: Upstreams;
  authUrl: string;
  keyring: InternalKeyring;
  adminPrefix: string;
  trustedProxyHops: number;
  timeoutMs: number;
  /** Where the gateway's own refusals go on their way to `admin_logs` (refusal-audit.ts). */
  refusalAudit: Pick<RefusalAudit, 'record'>;
  /** How often an open event stream's session is checked again (LIVE_HEARTBEAT_MS by default). */
  streamSessionRecheckMs?: number;
}

const USER_AGENT_MAX = 512;

export function createAdminGate(opts: AdminGateOptions) {
  const resolver = new SessionResolver(
    opts.authUrl,
    opts.upstreams.agentFor('auth'),
    opts.keyring,
    opts.timeoutMs,
  );
  const hops = opts.trustedProxyHops;

  function refuse(request: FastifyRequest, reply: FastifyReply, r: Refusal, setCookie?: string) {
    if (setCookie) reply.header('set-cookie', setCookie);
    reply.code(r.status).send(errorBody(r.code, r.message, request.id));
  }

  /**
   * Audits a refusal (issue 13 item 8): every cross-origin or non-JSON write, sign-in included,
   * and a write without a live session. Reads without one are not: an open panel polls after
   * its session ends, and those rows would say nothing.
   */
  function audit(request: FastifyRequest, url: string, reason: GatewayRefusalReason, status: number) {
    if (SAFE_METHODS.has(request.method)) return;
    const q = url.indexOf('?');
    const ua = request.headers['user-agent'];
    opts.refusalAudit.record({
      reason,
      status,
      method: request.method.slice(0, 16),
      path: (q === -1 ? url : url.slice(0, q)).slice(0, 512),
      ip: opts.upstreams.clientIpOf(request).slice(0, 45),
      userAgent: typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null,
      requestId: request.id,
    });
  }

  const recheckMs = opts.streamSessionRecheckMs ?? LIVE_HEARTBEAT_MS;

  /**
   * An event stream stays open for hours, so one check at its start is not enough: its session
   * is resolved again (read-only) every `recheckMs`, and the stream ends once the session is dead
   * (idle timeout, expiry, or ended). The browser's reconnect then meets the 401.
   */
  function watchStreamSession(request: FastifyRequest, reply: FastifyReply, token: string, clientIp: string) {
    const res = reply.raw;
    const timer = setInterval(() => {
      void resolver.resolve(token, false, request.id, clientIp).then((resolved) => {
        if (resolved.kind === 'unauthenticated' && !res.writableEnded) res.end();
      });
    }, recheckMs);
    timer.unref();
    res.once('close', () => clearInterval(timer));
  }

  /**
   * Forwards `request` to `upstream` at `url` when it passes, or answers the refusal itself.
   * `stream`: an event stream (the route table's `stream` rows).
   */
  return function gateAdminCall(
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: UpstreamName,
    url: string,
    stream = false,
  ): void {
    const req = request.raw;
    const tls =
      forwardedProto('encrypted' in req.socket && req.socket.encrypted === true, req.headers, hops) ===
      'https';
    const host = forwardedHost(req.headers, hops);
    const expectedOrigin = host ? `${tls ? 'https' : 'http'}://${host}` : undefined;
    const writeRefusal = checkAdminWrite(request.method, req.headers, expectedOrigin);
    if (writeRefusal) {
      audit(request, url, writeRefusal.status === 403 ? 'cross_origin' : 'not_json', writeRefusal.status);
      return refuse(request, reply, writeRefusal);
    }

    const q = url.indexOf('?');
    if (isUnauthenticatedPath(q === -1 ? url : url.slice(0, q))) {
      opts.upstreams.forward(request, reply, upstream, url, true);
      return;
    }

    const token = readSessionToken(req.headers.cookie, tls);
    if (!token) {
      audit(request, url, 'no_session', 401);
      return refuse(request, reply, {
        status: 401,
        code: 'UNAUTHORIZED',
        message: ADMIN_MESSAGES.authRequired,
      });
    }
    // Read before forward() rewrites the headers. An event stream never moves lastActivity
    // (EventSource cannot send the background header): an open panel nobody uses still times out.
    const touch = !stream && req.headers[BACKGROUND_REQUEST_HEADER] !== '1';
    const clientIp = opts.upstreams.clientIpOf(request);
    void resolver.resolve(token, touch, request.id, clientIp).then((resolved) => {
      switch (resolved.kind) {
        case 'identity':
          opts.upstreams.forward(request, reply, upstream, url, true, resolved.identity);
          if (stream) watchStreamSession(request, reply, token, clientIp);
          return;
        case 'unauthenticated':
          audit(request, url, 'session_expired', 401);
          refuse(
            request,
            reply,
            { status: 401, code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.sessionExpired },
            clearSessionCookie(opts.adminPrefix, tls),
          );
          return;
        case 'unavailable':
          refuse(request, reply, {
            status: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: `${UPSTREAM_LABELS.auth} is unavailable, please try again shortly`,
          });
      }
    });
  };
}
