/**
 * Counts every HTTP answer and its latency by method, route pattern and status code. The route is
 * the pattern the router matched (`/api/v1/check/:ip`, never the URL asked for) or `unmatched`, so
 * a scan of random paths adds no series. A service may name the route itself for a request (the
 * gateway names the upstream its catch-all forwards to) by setting `request.metricsRoute`.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { UNMATCHED_ROUTE, type ServiceMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's metrics (createServiceApp): add its own counters with `app.metrics.counter`. */
    metrics: ServiceMetrics;
  }
  interface FastifyRequest {
    /** A bounded route label set by the service; else the matched pattern or `unmatched`. */
    metricsRoute: string | null;
  }
}

/** The route label of a request as it stands now (also what the rate-limit refusals use). */
export function routeLabelOf(request: {
  metricsRoute?: string | null;
  routeOptions: { url?: string | undefined };
}): string {
  return request.metricsRoute ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Installs the hooks on `app` itself (no encapsulation). The answer is observed on the raw
 * response's `finish`, which also sees answers written by a route that hijacked the reply (the
 * gateway's proxied requests), where Fastify's onResponse hook does not run.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.decorateRequest('metricsRoute', null);
  app.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const labels = {
        method: request.method,
        route: routeLabelOf(request),
        status_code: String(reply.raw.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    done();
  });
}

/** The same as a Fastify plugin, for an app not made by createServiceApp (which installs it). */
const httpMetrics: FastifyPluginAsync<{ metrics: ServiceMetrics }> = async (app, opts) => {
  app.decorate('metrics', opts.metrics);
  installHttpMetrics(app, opts.metrics);
};
export const httpMetricsPlugin = fp(httpMetrics, { name: 'tunnelscope-http-metrics', fastify: '5.x' });
