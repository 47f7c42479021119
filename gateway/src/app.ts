import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createServiceApp, errorBody, internalHeaders, internalKeyring } from '@tunnelscope/service-kit';
import { createAdminGate } from './admin/admin-gate.js';
import { createRefusalReportSender, RefusalAudit } from './admin/refusal-audit.js';
import type { Config } from './config.js';
import { countRateLimitRefusals, metricsRouteFor } from './metrics.js';
import { malformedPathProblem } from './proxy/api-problems.js';
import { forwardedProto } from './proxy/forwarding.js';
import { Upstreams } from './proxy/upstreams.js';
import { registerGatewayHealthRoutes } from './routes/health.js';
import { createRouteResolver, type Resolution } from './routes/route-table.js';
import {
  GATEWAY_HEADER_NAMES,
  registerSecurityHeaders,
  setSecurityHeadersOn,
  type SecurityHeaderOptions,
} from './security/security-headers.js';
import { loadSitePages } from './site/pages.js';
import { runtimeConfigFrom } from './site/runtime-config.js';
import { COMPRESS_THRESHOLD_BYTES, createSite } from './site/serve-site.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the route table sent a request the gateway answers itself. */
    siteTarget: Resolution | null;
  }
}

/** Admin answers hold operators' and visitors' data: no browser or proxy may keep a copy. */
export const ADMIN_API_CACHE_CONTROL = 'no-store';

/** Limits of the client connection: slow-loris protection without cutting off a slow upload. */
export const SERVER_TIMEOUTS = {
  /** Whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  /** Longer than the idle timeout of the load balancers in front (commonly 60 s). */
  keepAliveTimeoutMs: 72_000,
};

export interface AppDeps {
  /**
   * Everything the gateway talks to comes from here (upstream URLs, dist folders included), so
   * tests point it at their own fake services and fixture builds. It holds no connection: the
   * upstream agents open sockets on first use and close with the app.
   */
  config: Config;
  /**
   * How often an open event stream's session is checked again (read-only); LIVE_HEARTBEAT_MS
   * unless a test shortens it.
   */
  streamSessionRecheckMs?: number;
}

/** The gateway as a Fastify instance, not yet listening. */
/**
 * The raw 400 for a request the HTTP parser refused. There is no request to read the protocol or
 * an id from: the headers are the static ones (no HSTS, which needs to know the request came over
 * TLS), and the connection is closed, since the parser cannot tell where the next request starts.
 */
function clientErrorAnswer(socket: Duplex, securityHeaders: SecurityHeaderOptions): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody('BAD_REQUEST', 'Malformed request', undefined));
  const headers = new Map<string, string>();
  setSecurityHeadersOn(
    { setHeader: (name: string, value: string) => headers.set(name, value) },
    { headers: {} } as IncomingMessage,
    { ...securityHeaders, overTls: () => false },
  );
  const lines = [
    'HTTP/1.1 400 Bad Request',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...[...headers].map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * A path the gateway will not route (dot segments, undecodable characters, an over-long
 * parameter): the detection and collector APIs answer it as their other errors, a problem document
 * (no endpoint has such a path), everything else in the error shape.
 */
function sendMalformedPath(
  reply: FastifyReply,
  url: string | undefined,
  requestId: string,
  status: 400 | 414,
): void {
  const problem = malformedPathProblem(url ?? '', requestId);
  if (problem) {
    reply.code(problem.status).type(problem.contentType).send(problem.body);
    return;
  }
  reply.code(status).send(errorBody('BAD_REQUEST', 'Malformed request path', requestId));
}

export async function buildApp({ config, streamSessionRecheckMs }: AppDeps): Promise<FastifyInstance> {
  const resolve = createRouteResolver(config.ADMIN_PATH_HEX);
  const hops = config.TRUSTED_PROXY_HOPS;
  const pages = await loadSitePages({
    publicDist: config.PUBLIC_WEB_DIST,
    adminDist: config.ADMIN_WEB_DIST,
    adminPrefix: resolve.adminPrefix,
    runtime: runtimeConfigFrom(config),
    publicOrigin: config.PUBLIC_ORIGIN,
  });

  const securityHeaders: SecurityHeaderOptions = {
    turnstileOrigin: new URL(config.TURNSTILE_SCRIPT_URL).origin,
    scriptHashes: pages.inlineScriptHashes,
    overTls: (req) => config.FORCE_HSTS || forwardedProto(false, req.headers, hops) === 'https',
  };
  const app = createServiceApp({
    service: 'gateway',
    logLevel: config.LOG_LEVEL,
    fastify: {
      // Fastify's own 503 while closing is written before any hook, so it would go without the
      // security headers: the gateway answers it itself, in a hook (below).
      return503OnClosing: false,
      // Same for its 400 to a path it cannot percent-decode (and 414 to an over-long parameter).
      // A request Node's HTTP parser refuses (both Content-Length and Transfer-Encoding, a
      // malformed header) never reaches Fastify's hooks: answer it on the socket, in the error
      // shape and with the security headers, instead of Fastify's default body.
      clientErrorHandler(error, socket) {
        clientErrorAnswer(socket, securityHeaders);
      },
      frameworkErrors(error, request, frameworkReply) {
        // Typed for no route (Fastify's generic reply): it is the same Reply.
        const reply = frameworkReply as unknown as FastifyReply;
        setSecurityHeadersOn(reply.raw, request.raw, securityHeaders);
        reply.header('cache-control', 'no-store');
        sendMalformedPath(reply, request.raw.url, request.id, error.statusCode === 414 ? 414 : 400);
      },
    },
  });
  app.server.requestTimeout = SERVER_TIMEOUTS.requestTimeoutMs;
  app.server.headersTimeout = SERVER_TIMEOUTS.headersTimeoutMs;
  app.server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeoutMs;

  // First of all hooks, so every answer below carries them, proxied ones included.
  await registerSecurityHeaders(app, securityHeaders);
  countRateLimitRefusals(app);
  // Requests that arrive while the gateway closes (on connections still busy): 503, after the
  // security headers' hooks, in the error shape.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    reply
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .code(503)
      .send(
        errorBody(
          'SERVICE_UNAVAILABLE',
          'The gateway is shutting down, please try again shortly',
          request.id,
        ),
      );
  });

  if (pages.builtIn.public)
    app.log.warn({ dist: config.PUBLIC_WEB_DIST }, 'public SPA not built: serving built-in pages');
  if (pages.builtIn.admin)
    app.log.warn({ dist: config.ADMIN_WEB_DIST }, 'admin SPA not built: serving built-in page');

  // Derived once: the MAC keys of the internal hop (the master secret is never sent).
  const keyring = internalKeyring(config);
  const upstreams = new Upstreams({
    urls: {
      forms: config.FORMS_SERVICE_URL,
      auth: config.AUTH_SERVICE_URL,
      analytics: config.ANALYTICS_SERVICE_URL,
      lookup: config.LOOKUP_SERVICE_URL,
      ingest: config.INGEST_SERVICE_URL,
    },
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    maxBodyBytes: config.MAX_BODY_BYTES,
    trustedProxyHops: hops,
    keyring,
    adminPrefix: resolve.adminPrefix,
    reservedResponseHeaders: GATEWAY_HEADER_NAMES,
    log: app.log,
  });
  // The gateway's own refusals on the admin API, reported to auth-service for admin_logs.
  const refusalAudit = new RefusalAudit({
    send: createRefusalReportSender({
      authUrl: config.AUTH_SERVICE_URL,
      agent: upstreams.agentFor('auth'),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      headersFor: (path, requestId) =>
        internalHeaders(keyring, { audience: 'auth', method: 'POST', path, requestId }),
      log: app.log,
    }),
  });
  // Reports still queued go before the upstream agents close.
  app.addHook('onClose', async () => {
    await refusalAudit.flush();
    upstreams.close();
  });
  const gateAdminCall = createAdminGate({
    upstreams,
    authUrl: config.AUTH_SERVICE_URL,
    keyring,
    adminPrefix: resolve.adminPrefix,
    trustedProxyHops: hops,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    refusalAudit,
    streamSessionRecheckMs,
  });

  app.decorateRequest('siteTarget', null);
  app.decorateRequest('bodyLimitBytes', 0);
  // Before any route: @fastify/compress attaches itself to routes as they are added.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });

  registerGatewayHealthRoutes(app, upstreams);

  // Every other path, in a context with a prefix of its own so that it may set its own not-found
  // handler (the site's 404 page; see createSite).
  await app.register(
    async (scope) => {
      const site = await createSite(scope, pages, {
        publicDist: config.PUBLIC_WEB_DIST,
        adminDist: config.ADMIN_WEB_DIST,
      });
      scope.all(
        '/*',
        {
          // Proxied requests leave here, hijacked, before Fastify reads a byte of their body: it
          // streams to the upstream untouched.
          onRequest(request, reply, done) {
            const target = resolve(request.raw.url ?? '/');
            request.metricsRoute = metricsRouteFor(target);
            switch (target.kind) {
              case 'proxy':
                request.bodyLimitBytes = target.maxBodyBytes;
                if (target.admin) {
                  // Set on the raw answer first, so every answer of the admin API has it: the
                  // gate's refusals, the gateway's errors, and (pinned by the proxy) the
                  // services' answers, whatever they say.
                  reply.raw.setHeader('cache-control', ADMIN_API_CACHE_CONTROL);
                  gateAdminCall(request, reply, target.upstream, target.url, target.stream === true);
                } else upstreams.forward(request, reply, target.upstream, target.url, false);
                return;
              case 'bad-path':
                // The gateway's JSON errors are never cached, under the admin prefix or not.
                reply.raw.setHeader('cache-control', ADMIN_API_CACHE_CONTROL);
                sendMalformedPath(reply, request.raw.url, request.id, 400);
                return;
              case 'api-not-found':
                // Only the admin prefix has API namespaces the gateway answers itself.
                reply.raw.setHeader('cache-control', ADMIN_API_CACHE_CONTROL);
                reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} not found`, request.id));
                return;
            }
            if (request.method !== 'GET' && request.method !== 'HEAD') {
              reply
                .header('cache-control', ADMIN_API_CACHE_CONTROL)
                .code(404)
                .send(errorBody('NOT_FOUND', `Route ${request.method} ${target.path} not found`, request.id));
              return;
            }
            request.siteTarget = target;
            done();
          },
          onSend: site.finishFile,
        },
        async (request, reply) => {
          const target = request.siteTarget;
          if (target?.kind === 'admin-app') return site.admin(request, reply, target.path);
          if (target?.kind === 'public-app') return site.public(request, reply, target.path, target.known);
          return site.notFound(request, reply);
        },
      );
    },
    { prefix: '/' },
  );

  return app;
}
