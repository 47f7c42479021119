/**
 * RFC 9457 problem details for every error of `/api/v1/*`: `application/problem+json` with
 * `type`, `title`, `status`, `detail`, `code` (contracts' DETECTION_ERRORS) and the request id.
 * The v1 plugin installs `installProblemHandling` in its own scope, so Fastify's own errors there
 * (bad JSON, a body too large, an unknown path) get the same shape, while the admin routes keep
 * service-kit's error body.
 */
import {
  DETECTION_ERRORS,
  PROBLEM_CONTENT_TYPE,
  problemType,
  type DetectionErrorCode,
  type Problem,
} from '@tunnelscope/contracts';
import { isDependencyUnavailable } from '@tunnelscope/service-kit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A refusal of the detection API: its code decides status and title. */
export class DetectionProblem extends Error {
  readonly status: number;
  constructor(
    readonly code: DetectionErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'DetectionProblem';
    this.status = DETECTION_ERRORS[code].status;
  }
}

export function problemBody(code: DetectionErrorCode, detail: string, request: FastifyRequest): Problem {
  const { status, title } = DETECTION_ERRORS[code];
  return {
    type: problemType(code),
    title,
    status,
    detail,
    code,
    instance: request.url.split('?')[0]!.slice(0, 200),
    requestId: request.id,
  };
}

export function sendProblem(
  reply: FastifyReply,
  code: DetectionErrorCode,
  detail: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(DETECTION_ERRORS[code].status)
    .headers(headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(code, detail, reply.request));
}

/** What the caller did wrong, from Fastify's own error codes (never a 5xx for bad input). */
function fromFastify(err: FastifyError, request: FastifyRequest): DetectionProblem | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new DetectionProblem('invalid_body', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new DetectionProblem('invalid_body', 'The body is empty: send {"ips": [...]}.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new DetectionProblem(
        'invalid_body',
        'Send the body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new DetectionProblem('invalid_body', 'The Content-Length does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new DetectionProblem(
        'batch_too_large',
        `The body is larger than ${request.routeOptions.bodyLimit ?? 0} bytes; send at most 1000 addresses per batch.`,
      );
    default:
      break;
  }
  // A schema refused a request part: which part says which code.
  const context = (err as { validationContext?: string }).validationContext;
  if (context === 'body') return new DetectionProblem('invalid_body', bodyDetail(err));
  if (context === 'querystring') {
    const path = (err as { details?: { path: string; message: string }[] }).details?.[0]?.path;
    if (path === 'ip') return new DetectionProblem('invalid_ip', 'The ip parameter is not one IP address.');
    // No code of its own: a bad max_age_days is a malformed request like a malformed body.
    return new DetectionProblem(
      'invalid_body',
      `Query parameter ${path ?? ''} is invalid: ${err.message}`.slice(0, 300),
    );
  }
  const status = err.statusCode ?? 500;
  if (status === 404) return new DetectionProblem('not_found', 'No such endpoint.');
  if (status >= 400 && status < 500) return new DetectionProblem('invalid_body', err.message.slice(0, 300));
  return null;
}

function bodyDetail(err: FastifyError): string {
  const first = (err as { details?: { path: string; message: string }[] }).details?.[0];
  if (!first) return 'The body must be {"ips": [string, ...]} with 1 to 1000 addresses.';
  return `The body must be {"ips": [string, ...]} with 1 to 1000 addresses (${first.path || 'body'}: ${first.message}).`.slice(
    0,
    300,
  );
}

export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const problem = err instanceof DetectionProblem ? err : fromFastify(err as FastifyError, request);
    if (problem) return sendProblem(reply, problem.code, problem.detail, problem.headers);
    if (isDependencyUnavailable(err)) {
      request.log.error({ err }, 'dependency unavailable');
      return sendProblem(reply, 'service_unavailable', 'A dependency is unavailable; please retry shortly.', {
        'retry-after': '5',
      });
    }
    // A fault of ours: the caller can only retry, and the details stay in the log.
    request.log.error({ err }, 'unhandled error');
    return sendProblem(reply, 'service_unavailable', 'The service cannot answer right now; retry shortly.', {
      'retry-after': '5',
    });
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      'not_found',
      `No endpoint ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}.`,
    ),
  );
}
