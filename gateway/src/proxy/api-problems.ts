/**
 * Which of the gateway's own answers is a problem document: the detection API (`/api/v1/*`) and
 * the collector API (`/ingest/v1/*`) answer every error as RFC 9457 `application/problem+json`,
 * the gateway's included; every other path keeps the house error shape (these return null).
 * One place decides it for the three answers the gateway writes itself: the upstream cannot be
 * reached, a body too large, a malformed path.
 */
import type { ProblemAnswer as SharedProblemAnswer } from './problem-answer.js';
import { detectionProblem, isDetectionApiUrl } from './detection-problem.js';
import { ingestProblem, isIngestApiUrl } from './ingest-problem.js';
import { INGEST_BATCH_MAX_ITEMS } from '@tunnelscope/contracts';

export type ProblemAnswer = SharedProblemAnswer;

/** Why the service behind could not answer: refused the connection, was silent, or is not deployed. */
export type UnavailableReason = 'down' | 'timeout' | 'absent';

const DETECTION_UNAVAILABLE: Record<UnavailableReason, string> = {
  down: 'The detection API is unavailable; retry shortly.',
  timeout: 'The detection API did not answer in time; retry shortly.',
  absent: 'The detection API is not available on this deployment.',
};
const INGEST_UNAVAILABLE: Record<UnavailableReason, string> = {
  down: 'The ingest API is unavailable; retry shortly.',
  timeout: 'The ingest API did not answer in time; retry shortly.',
  absent: 'The ingest API is not available on this deployment.',
};

/**
 * `service_unavailable` (503): neither API has a 502 or 504 code, and a client retries a 503 after
 * `Retry-After` either way. Null outside the two APIs (the house 502/503/504 JSON applies there).
 */
export function unavailableProblem(
  url: string,
  requestId: string | undefined,
  reason: UnavailableReason,
): ProblemAnswer | null {
  if (isDetectionApiUrl(url))
    return detectionProblem('service_unavailable', DETECTION_UNAVAILABLE[reason], url, requestId);
  if (isIngestApiUrl(url))
    return ingestProblem('service_unavailable', INGEST_UNAVAILABLE[reason], url, requestId);
  return null;
}

/** The 413 of each API (`batch_too_large`), or null outside them. */
export function tooLargeProblem(url: string, requestId: string | undefined): ProblemAnswer | null {
  if (isDetectionApiUrl(url)) {
    return detectionProblem(
      'batch_too_large',
      'The request body is too large; send at most 1000 addresses per batch.',
      url,
      requestId,
    );
  }
  if (isIngestApiUrl(url)) {
    return ingestProblem(
      'batch_too_large',
      `The request body is too large; send at most ${INGEST_BATCH_MAX_ITEMS} items per request.`,
      url,
      requestId,
    );
  }
  return null;
}

/** A path the gateway will not route, answered like the API's unknown paths (404), or null. */
export function malformedPathProblem(url: string, requestId: string | undefined): ProblemAnswer | null {
  const detail = 'Malformed request path: no endpoint has dot segments or characters that do not decode.';
  if (isDetectionApiUrl(url)) return detectionProblem('not_found', detail, url, requestId);
  if (isIngestApiUrl(url)) return ingestProblem('not_found', detail, url, requestId);
  return null;
}
