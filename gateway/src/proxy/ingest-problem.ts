/**
 * The gateway's own answers on the collector API (`/ingest/v1/*`), whose every error is an RFC 9457
 * problem document (contracts' INGEST_ERRORS), in the shape ingest-service's `sendProblem` writes:
 * `type` (`urn:tunnelscope:ingest:<code>`), `title`, `status`, `detail`, `code`, `instance`,
 * `requestId`. A collector parses one shape whether the gateway or the service answered.
 */
import {
  INGEST_API_PREFIX,
  INGEST_ERRORS,
  ingestProblemType,
  type IngestErrorCode,
} from '@tunnelscope/contracts';
import { PROBLEM_CONTENT_TYPE_UTF8, type DetectionProblemAnswer } from './detection-problem.js';

/** A call of the collector API (its path, with or without a query). */
export function isIngestApiUrl(url: string | undefined): boolean {
  return (
    url !== undefined &&
    (url === INGEST_API_PREFIX ||
      url.startsWith(`${INGEST_API_PREFIX}/`) ||
      url.startsWith(`${INGEST_API_PREFIX}?`))
  );
}

export function ingestProblem(
  code: IngestErrorCode,
  detail: string,
  url: string,
  requestId: string | undefined,
): DetectionProblemAnswer {
  const { status, title } = INGEST_ERRORS[code];
  return {
    status,
    contentType: PROBLEM_CONTENT_TYPE_UTF8,
    body: JSON.stringify({
      type: ingestProblemType(code),
      title,
      status,
      detail,
      code,
      instance: url.split('?')[0]!.slice(0, 200),
      ...(requestId ? { requestId } : {}),
    }),
  };
}
