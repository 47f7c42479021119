/**
 * The gateway's own answers on the detection API (`/api/v1/*`), whose every error is an RFC 9457
 * problem document (contracts' DETECTION_ERRORS): a body too large, lookup-service unreachable, a
 * malformed path. One builder, so they cannot drift from lookup-service's own problems.
 */
import {
  DETECTION_API_PREFIX,
  DETECTION_ERRORS,
  PROBLEM_CONTENT_TYPE,
  problemType,
  type DetectionErrorCode,
} from '@tunnelscope/contracts';

export const PROBLEM_CONTENT_TYPE_UTF8 = `${PROBLEM_CONTENT_TYPE}; charset=utf-8`;

/** A call of the detection API (its path, with or without a query). */
export function isDetectionApiUrl(url: string | undefined): boolean {
  return (
    url !== undefined &&
    (url === DETECTION_API_PREFIX ||
      url.startsWith(`${DETECTION_API_PREFIX}/`) ||
      url.startsWith(`${DETECTION_API_PREFIX}?`))
  );
}

export interface DetectionProblemAnswer {
  status: number;
  contentType: string;
  body: string;
}

export function detectionProblem(
  code: DetectionErrorCode,
  detail: string,
  url: string,
  requestId: string | undefined,
): DetectionProblemAnswer {
  const { status, title } = DETECTION_ERRORS[code];
  return {
    status,
    contentType: PROBLEM_CONTENT_TYPE_UTF8,
    body: JSON.stringify({
      type: problemType(code),
      title,
      status,
      detail,
      code,
      instance: url.split('?')[0]!.slice(0, 200),
      ...(requestId ? { requestId } : {}),
    }),
  };
}
