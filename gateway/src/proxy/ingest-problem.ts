/**
 * The gateway's own answers on the collector API (`/ingest/v1/*`), whose every error is an RFC 9457
 * problem document (contracts' INGEST_ERRORS), in the shape ingest-service's `sendProblem` writes
 * (`type` `urn:tunnelscope:ingest:<code>`). A collector parses one shape whether the gateway or the
 * service answered.
 */
import {
  INGEST_API_PREFIX,
  INGEST_ERRORS,
  ingestProblemType,
  type IngestErrorCode,
} from '@tunnelscope/contracts';
import { isUnderApiPrefix, problemAnswer, type ProblemAnswer } from './problem-answer.js';

/** A call of the collector API (its path, with or without a query). */
export function isIngestApiUrl(url: string | undefined): boolean {
  return isUnderApiPrefix(url, INGEST_API_PREFIX);
}

export function ingestProblem(
  code: IngestErrorCode,
  detail: string,
  url: string,
  requestId: string | undefined,
): ProblemAnswer {
  const { status, title } = INGEST_ERRORS[code];
  return problemAnswer({ type: ingestProblemType(code), title, status, code }, detail, url, requestId);
}
