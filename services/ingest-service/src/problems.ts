/**
 * RFC 9457 problem details for every error of `/ingest/v1/*`, like the detection API's:
 * `application/problem+json` with `type`, `title`, `status`, `detail`, `code` (contracts'
 * INGEST_ERRORS) and the request id. Fastify's own errors (bad JSON, a body too large, an unknown
 * path, a schema refusal) get the same shape; a fault of ours is a 503 without details.
 */
import {
  INGEST_ERRORS,
  PROBLEM_CONTENT_TYPE,
  ingestProblemType,
  type IngestErrorCode,
} from '@tunnelscope/contracts';
import { TooManyRequestsError, isDependencyUnavailable } from '@tunnelscope/service-kit';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

export class IngestProblem extends Error {
  readonly status: number;
  constructor(
    readonly code: IngestErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'IngestProblem';
    this.status = INGEST_ERRORS[code].status;
  }
}

export function sendProblem(reply: FastifyReply, problem: IngestProblem): FastifyReply {
  const { status, title } = INGEST_ERRORS[problem.code];
  return reply
    .code(status)
    .headers(problem.headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send({
      type: ingestProblemType(problem.code),
      title,
      status,
      detail: problem.detail,
      code: problem.code,
      instance: reply.request.url.split('?')[0]!.slice(0, 200),
      requestId: reply.request.id,
    });
}

/** What the caller did wrong, from Fastify's own errors (never a 5xx for bad input). */
function fromFastify(err: FastifyError): IngestProblem | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new IngestProblem('invalid_body', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new IngestProblem('invalid_body', 'The body is empty.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new IngestProblem('invalid_body', 'Send the body as JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new IngestProblem('invalid_body', 'The Content-Length does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new IngestProblem(
        'batch_too_large',
        'The body is too large; send at most 5000 items per request.',
      );
    default:
      break;
  }
  if ((err as { validationContext?: string }).validationContext) {
    const first = (err as { details?: { path: string; message: string }[] }).details?.[0];
    const where = first ? ` (${first.path || 'body'}: ${first.message})` : '';
    return new IngestProblem(
      'invalid_body',
      `The request does not have the documented shape${where}.`.slice(0, 300),
    );
  }
  const status = err.statusCode ?? 500;
  if (status === 404) return new IngestProblem('not_found', 'No such endpoint.');
  if (status >= 400 && status < 500) return new IngestProblem('invalid_body', err.message.slice(0, 300));
  return null;
}

export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof IngestProblem) return sendProblem(reply, err);
    if (err instanceof TooManyRequestsError) {
      return sendProblem(
        reply,
        new IngestProblem('rate_limited', err.message, { 'retry-after': err.headers['retry-after'] ?? '60' }),
      );
    }
    const problem = fromFastify(err as FastifyError);
    if (problem) return sendProblem(reply, problem);
    const unavailable = isDependencyUnavailable(err);
    request.log.error({ err }, unavailable ? 'dependency unavailable' : 'unhandled error');
    return sendProblem(
      reply,
      new IngestProblem('service_unavailable', 'The service cannot answer right now; retry shortly.', {
        'retry-after': '5',
      }),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new IngestProblem(
        'not_found',
        `No endpoint ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.`,
      ),
    ),
  );
}
