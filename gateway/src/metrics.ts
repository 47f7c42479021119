/**
 * The gateway's metrics labels. Everything but the health routes goes through one catch-all
 * route, so its pattern (`/*`) says nothing: each request is labelled by where the route table
 * sent it instead (a handful of values, never the path asked for).
 */
import { routeLabelOf } from '@tunnelscope/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Resolution } from './routes/route-table.js';

/** `proxy:public:lookup`, `proxy:admin:auth`, `public-app`, `admin-app`, `api-not-found`, `bad-path`. */
export function metricsRouteFor(target: Resolution): string {
  switch (target.kind) {
    case 'proxy':
      return `proxy:${target.admin ? 'admin' : 'public'}:${target.upstream}`;
    case 'public-app':
      return target.known ? 'public-app' : 'public-app:not-found';
    default:
      return target.kind;
  }
}

/**
 * The gateway has no limiter of its own: the 429s it passes on are the services' (their rate
 * limits, lookup-service's burst and quota). Counted here too, by the gateway's route label, so
 * one query shows every refusal a client saw.
 */
export function countRateLimitRefusals(app: FastifyInstance): void {
  const refusals = app.metrics.rateLimitRefusals;
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('finish', () => {
      if (reply.raw.statusCode === 429) refusals.inc({ route: routeLabelOf(request) });
    });
    done();
  });
}
