import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorCode } from '@tunnelscope/contracts';
import { AppError, ValidationError, errorBody } from './errors.js';

/** Fastify's own client errors, mapped to messages a visitor can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type must be application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid Content-Length' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'BAD_REQUEST', message: 'Invalid Content-Type' },
};

/**
 * A dependency that cannot be reached (Postgres or Redis down, restarting, out of connections)
 * is the service's problem, not the caller's: 503 so clients and load balancers retry, not 500.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
export function isDependencyUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (e?.name === 'MaxRetriesPerRequestError') return true;
  return (
    typeof e?.message === 'string' &&
    // pg's errors for a server that went away mid-query, and ioredis' commandTimeout, carry no code.
    /timeout exceeded when trying to connect|Connection is closed|Connection terminated|not queryable|Command timed out/.test(
      e.message,
    )
  );
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * One error handler for every service: typed errors keep their status and message, client
 * errors get a clear 4xx, and anything unexpected is a 500 whose details stay in the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const requestId = request.id;
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send(errorBody(err.code, err.message, requestId, err.details));
    }
    if (err instanceof ZodError) {
      const v = ValidationError.fromZod(err);
      return reply.code(400).send(errorBody(v.code, v.message, requestId, v.details));
    }
    const fErr = err as FastifyError;
    const known = fErr.code ? FASTIFY_CLIENT_ERRORS[fErr.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.code, known.message, requestId));
    const status = fErr.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(codeForStatus(status), fErr.message, requestId));
    }
    if (isDependencyUnavailable(err)) {
      request.log.error({ err }, 'dependency unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          errorBody('SERVICE_UNAVAILABLE', 'Service temporarily unavailable, please try again', requestId),
        );
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR', 'Internal server error', requestId));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`, request.id),
      ),
  );
}
