import http from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { createServiceApp, errorBody } from '@tunnelscope/service-kit';
import { createAdminGate } from './admin/admin-gate.js';
import type { GatewayConfig } from './config.js';
import { forwardedProto } from './proxy/forwarding.js';
import { Upstreams } from './proxy/upstreams.js';
import { registerGatewayHealthRoutes } from './routes/health.js';
import { createRouteResolver, type Resolution } from './routes/route-table.js';
import { applySecurityHeaders, reservedHeaderNames, securityHeaders } from './security/security-headers.js';
import { loadSitePages } from './site/pages.js';
import { runtimeConfigFrom } from './site/runtime-config.js';
import { COMPRESS_THRESHOLD_BYTES, createSiteHandler } from './site/serve-site.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the route table sent a request the gateway answers itself. */
    siteTarget: Resolution | null;
  }
}

/** Limits of the client connection: slow-loris protection without cutting off a slow upload. */
export const SERVER_TIMEOUTS = {
  /** Whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  /** Longer than the idle timeout of the load balancers in front (commonly 60 s). */
  keepAliveTimeoutMs: 72_000,
};

/**
 * The gateway as a Fastify instance. Everything it talks to comes from `config` (upstream URLs
 * included), so tests point it at their own fake services and fixture dist folders.
 */
export async function buildApp(config: GatewayConfig): Promise<FastifyInstance> {
  const resolve = createRouteResolver(config.ADMIN_PATH_HEX);
  const headers = securityHeaders({ turnstileOrigin: new URL(config.TURNSTILE_SCRIPT_URL).origin });
  const hops = config.TRUSTED_PROXY_HOPS;
  const pages = await loadSitePages({
    publicDist: config.PUBLIC_WEB_DIST,
    adminDist: config.ADMIN_WEB_DIST,
    adminPrefix: resolve.adminPrefix,
    runtime: runtimeConfigFrom(config),
  });

  const app = createServiceApp({
    service: 'gateway',
    logLevel: config.LOG_LEVEL,
    fastify: {
      // Our own server: security headers go on every answer (proxied ones and Fastify's own early
      // errors included) before anything else runs, and the connection limits are set in one place.
      serverFactory: (handler) => {
        const server = http.createServer((req, res) => {
          const tls = config.FORCE_HSTS || forwardedProto(false, req.headers, hops) === 'https';
          applySecurityHeaders(res, headers, tls);
          handler(req, res);
        });
        server.requestTimeout = SERVER_TIMEOUTS.requestTimeoutMs;
        server.headersTimeout = SERVER_TIMEOUTS.headersTimeoutMs;
        server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeoutMs;
        return server;
      },
    },
  });

  if (pages.builtIn.public)
    app.log.warn({ dist: config.PUBLIC_WEB_DIST }, 'public SPA not built: serving built-in pages');
  if (pages.builtIn.admin)
    app.log.warn({ dist: config.ADMIN_WEB_DIST }, 'admin SPA not built: serving built-in page');

  const upstreams = new Upstreams({
    urls: {
      forms: config.FORMS_SERVICE_URL,
      auth: config.AUTH_SERVICE_URL,
      analytics: config.ANALYTICS_SERVICE_URL,
    },
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    maxSockets: config.UPSTREAM_MAX_SOCKETS,
    maxBodyBytes: config.MAX_BODY_BYTES,
    trustedProxyHops: hops,
    gatewayToken: config.INTERNAL_SHARED_SECRET,
    adminPrefix: resolve.adminPrefix,
    reservedResponseHeaders: reservedHeaderNames(headers),
    log: app.log,
  });
  app.addHook('onClose', async () => upstreams.close());
  const gateAdminCall = createAdminGate({
    upstreams,
    authUrl: config.AUTH_SERVICE_URL,
    secret: config.INTERNAL_SHARED_SECRET,
    adminPrefix: resolve.adminPrefix,
    trustedProxyHops: hops,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });

  app.decorateRequest('siteTarget', null);
  // Before any route: @fastify/compress attaches itself to routes as they are added.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });

  registerGatewayHealthRoutes(app, upstreams);

  const site = createSiteHandler(pages, {
    publicDist: config.PUBLIC_WEB_DIST,
    adminDist: config.ADMIN_WEB_DIST,
  });
  app.all(
    '/*',
    {
      // Proxied requests leave here, hijacked, before Fastify reads a byte of their body: it
      // streams to the upstream untouched.
      onRequest(request, reply, done) {
        const target = resolve(request.raw.url ?? '/');
        switch (target.kind) {
          case 'proxy':
            if (target.admin) gateAdminCall(request, reply, target.upstream, target.url);
            else upstreams.forward(request, reply, target.upstream, target.url, false);
            return;
          case 'bad-path':
            reply.code(400).send(errorBody('BAD_REQUEST', 'Malformed request path', request.id));
            return;
          case 'api-not-found':
            reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} not found`, request.id));
            return;
        }
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          reply
            .code(404)
            .send(errorBody('NOT_FOUND', `Route ${request.method} ${target.path} not found`, request.id));
          return;
        }
        request.siteTarget = target;
        done();
      },
    },
    async (request, reply) => {
      const target = request.siteTarget;
      if (target?.kind === 'admin-app') return site.admin(request, reply, target.path);
      if (target?.kind === 'public-app') return site.public(request, reply, target.path, target.known);
      return site.notFound(request, reply);
    },
  );

  return app;
}
