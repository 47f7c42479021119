/**
 * One RFC 9457 problem document as the gateway writes it on a problem+json API (the detection
 * API, the collector API): `type`, `title`, `status`, `detail`, `code`, `instance`, `requestId` —
 * the shape the services' own problems have, so a client parses one shape whoever answered.
 */
import { PROBLEM_CONTENT_TYPE } from '@tunnelscope/contracts';

export const PROBLEM_CONTENT_TYPE_UTF8 = `${PROBLEM_CONTENT_TYPE}; charset=utf-8`;

export interface ProblemAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A call under an API's prefix (its path, with or without a query). */
export function isUnderApiPrefix(url: string | undefined, prefix: string): boolean {
  return (
    url !== undefined && (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))
  );
}

export function problemAnswer(
  problem: { type: string; title: string; status: number; code: string },
  detail: string,
  url: string,
  requestId: string | undefined,
): ProblemAnswer {
  const { type, title, status, code } = problem;
  return {
    status,
    contentType: PROBLEM_CONTENT_TYPE_UTF8,
    body: JSON.stringify({
      type,
      title,
      status,
      detail,
      code,
      instance: url.split('?')[0]!.slice(0, 200),
      ...(requestId ? { requestId } : {}),
    }),
  };
}
