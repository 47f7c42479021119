/**
 * The gateway's own answers on the detection API (`/api/v1/*`), whose every error is an RFC 9457
 * problem document (contracts' DETECTION_ERRORS): a body too large, lookup-service unreachable, a
 * malformed path. One builder, so they cannot drift from lookup-service's own problems.
 */
import {
  DETECTION_API_PREFIX,
  DETECTION_ERRORS,
  problemType,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';
import { isUnderApiPrefix, problemAnswer, type ProblemAnswer } from './problem-answer.js';

export { PROBLEM_CONTENT_TYPE_UTF8 } from './problem-answer.js';
export type DetectionProblemAnswer = ProblemAnswer;

/** A call of the detection API (its path, with or without a query). */
export function isDetectionApiUrl(url: string | undefined): boolean {
  return isUnderApiPrefix(url, DETECTION_API_PREFIX);
}

export function detectionProblem(
  code: DetectionErrorCode,
  detail: string,
  url: string,
  requestId: string | undefined,
): ProblemAnswer {
  const { status, title } = DETECTION_ERRORS[code];
  return problemAnswer({ type: problemType(code), title, status, code }, detail, url, requestId);
}
