import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { installErrorHandling } from './error-handler.js';
import { errorBody } from './errors.js';
import { installHttpMetrics } from './http-metrics.js';
import { loggerOptions } from './logger.js';
import { createServiceMetrics, type ServiceMetrics } from './metrics.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { installZodValidation } from './validation.js';

/** Longest path parameter the router hands to a route (ids are 36 characters; junk is refused by the route). */
export const MAX_PARAM_LENGTH = 1024;

export interface ServiceAppOptions {
  service: string;
  logLevel: string;
  /** Largest JSON body accepted, in bytes (public forms are small). */
  bodyLimit?: number;
  fastify?: FastifyServerOptions;
  /** The service's metrics, when made before the app (default: a registry of its own, named `service`). */
  metrics?: ServiceMetrics;
}

/**
 * A Fastify instance with the house defaults: request ids, redacting logs, one error shape, zod
 * schemas for every route part (see validation.ts), and `app.metrics` counting every answer
 * (http-metrics.ts; runService serves them on METRICS_PORT).
 */
export function createServiceApp(opts: ServiceAppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(opts.service, opts.logLevel),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: opts.bodyLimit ?? 16 * 1024,
    return503OnClosing: true,
    // A junk id of a few hundred characters still reaches its route, whose role check comes
    // first and whose id check answers 404 (Fastify's default, 100, answered 414 before either).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What the router refuses before any hook (a path that does not percent-decode, a parameter
    // longer still): the house error shape, never Fastify's own body with its code and the path.
    frameworkErrors(error, request, frameworkReply) {
      // Typed for no route (Fastify's generic reply): it is the same Reply.
      const reply = frameworkReply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 404 : 400)
        .header(REQUEST_ID_HEADER, request.id)
        .send(
          tooLong
            ? errorBody('NOT_FOUND', 'Not found', request.id)
            : errorBody('BAD_REQUEST', 'Malformed request path', request.id),
        );
    },
    ...opts.fastify,
  });
  // First of all hooks, so an answer a later hook sends (a 503 while closing) is counted too.
  const metrics = opts.metrics ?? createServiceMetrics(opts.service);
  app.decorate('metrics', metrics);
  installHttpMetrics(app, metrics);
  // Once shutdown starts, answers to in-flight requests close their keep-alive connection, so
  // the server can stop within the shutdown budget instead of waiting for clients to hang up.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) reply.header('connection', 'close');
  });
  // Services speak JSON only: anything else is a 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');
  // Calls without a payload may still say they send JSON, with an empty body: accept them, and keep
  // Fastify's own parser (it refuses __proto__ and constructor poisoning) for everything else.
  const secureJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    return secureJsonParser(req, body as string, done);
  });
  installZodValidation(app);
  installErrorHandling(app);
  return app;
}
