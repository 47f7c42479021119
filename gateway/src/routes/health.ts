import type { FastifyInstance } from 'fastify';
import type { Upstreams, UpstreamStatus } from '../proxy/upstreams.js';

/**
 * `/healthz`: the process answers. `/readyz`: each upstream's `/healthz`, reported, but the
 * gateway stays ready (200) whatever they say. Every gateway replica shares the same upstreams,
 * so failing readiness on one of them would take every replica out of the load balancer at once:
 * the static SPAs and the other services would go down with it, and visitors would get the load
 * balancer's error page instead of our 502 JSON that the SPAs know how to show. An upstream's
 * own `/readyz` is what keeps traffic away from a broken replica of that upstream.
 */
export function registerGatewayHealthRoutes(app: FastifyInstance, upstreams: Upstreams): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const names = upstreams.names();
    const results = await Promise.all(names.map((n) => upstreams.probe(n)));
    const checks: Record<string, UpstreamStatus> = {};
    names.forEach((n, i) => (checks[n] = results[i]!));
    const degraded = results.some((r) => r !== 'ok');
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .send({ status: degraded ? 'degraded' : 'ready', checks });
  });
}
