/**
 * The property every answer must have: no 5xx, nothing of the server's insides (stack traces,
 * file paths), and a refusal in the documented shape of its API: `{ success:false, error?,
 * message }` for the site's and the panel's JSON API, RFC 9457 problem+json for `/api/v1/*` and
 * `/ingest/v1/*`.
 */
import {
  DETECTION_API_PREFIX,
  ERROR_CODES,
  INGEST_API_PREFIX,
  INGEST_ERRORS,
  problemSchema,
  type IngestErrorCode,
} from '@tunnelscope/contracts';
import { z } from 'zod';
import type { Scope } from './endpoints.js';
import type { RawAnswer } from './send.js';

/** The site's and the panel's refusal: `error` is optional (admin-answers.ts reads it loosely). */
export const jsonErrorSchema = z.object({
  success: z.literal(false),
  error: z.enum(ERROR_CODES).optional(),
  message: z.string().min(1),
});

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s*at [^\n]+:\d+:\d+/],
  ['stack frame', /\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)[^)]*\)/],
  ['node internal', /node:internal|node_modules/],
  ['file path', /\/(?:work|home|usr|app|srv|root)\/[\w.-]+\//],
  ['source file', /\b[\w-]+\.(?:ts|js|mjs|cjs):\d+/],
  [
    'error class',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError: Unexpected|FST_ERR_[A-Z_]+|ECONNREFUSED|EPIPE|ECONNRESET)\b/,
  ],
  [
    'SQL',
    /\b(?:syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|relation "[^"]+"|column "[^"]+")/i,
  ],
];

export interface Verdict {
  ok: boolean;
  problems: string[];
}

/** The collector API's problems: the detection API's fields with the ingest codes. */
const ingestProblemSchema = problemSchema.extend({
  code: z.enum(Object.keys(INGEST_ERRORS) as [IngestErrorCode, ...IngestErrorCode[]]),
});

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The scope whose error shape applies, from the path the gateway sees. */
export function answeringScope(scope: Scope, path: string): Scope {
  if (under(path, DETECTION_API_PREFIX)) return 'detection';
  if (under(path, INGEST_API_PREFIX)) return 'ingest';
  // A path mutated out of either API lands with the site's pages and its API.
  return scope === 'detection' || scope === 'ingest' ? 'public' : scope;
}

export function judge(
  scope: Scope,
  method: string,
  answer: RawAnswer,
  opts: { api?: boolean } = {},
): Verdict {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  for (const [what, re] of LEAKS) {
    const m = re.exec(answer.body);
    if (m) problems.push(`${what} in the body: ${JSON.stringify(m[0].slice(0, 120))}`);
  }
  if (answer.status >= 300 && answer.status < 400) problems.push(`redirect ${answer.status} from an API`);
  if (answer.status >= 400 && method !== 'HEAD' && opts.api !== false) {
    const type = String(answer.headers['content-type'] ?? '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      problems.push(
        `refusal is not JSON (${type || 'no content type'}): ${JSON.stringify(answer.body.slice(0, 120))}`,
      );
    }
    if (parsed !== undefined) {
      if (scope === 'detection' || scope === 'ingest') {
        if (!type.startsWith('application/problem+json'))
          problems.push(`${scope} refusal has content type ${type}`);
        const p = (scope === 'ingest' ? ingestProblemSchema : problemSchema).safeParse(parsed);
        if (!p.success) problems.push(`not a problem document: ${JSON.stringify(parsed).slice(0, 200)}`);
        else if (p.data.status !== answer.status)
          problems.push(`problem status ${p.data.status} ≠ HTTP ${answer.status}`);
      } else {
        if (!type.startsWith('application/json')) problems.push(`refusal has content type ${type}`);
        const p = jsonErrorSchema.safeParse(parsed);
        if (!p.success) problems.push(`not the error shape: ${JSON.stringify(parsed).slice(0, 200)}`);
      }
    }
  }
  return { ok: problems.length === 0, problems };
}
