import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { installErrorHandling } from './error-handler.js';
import { loggerOptions } from './logger.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { installZodValidation } from './validation.js';

export interface ServiceAppOptions {
  service: string;
  logLevel: string;
  /** Largest JSON body accepted, in bytes (public forms are small). */
  bodyLimit?: number;
  fastify?: FastifyServerOptions;
}

/**
 * A Fastify instance with the house defaults: request ids, redacting logs, one error shape, and
 * zod schemas for every route part (see validation.ts).
 */
export function createServiceApp(opts: ServiceAppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(opts.service, opts.logLevel),
    genReqId: requestIdFrom,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: opts.bodyLimit ?? 16 * 1024,
    return503OnClosing: true,
    ...opts.fastify,
  });
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
