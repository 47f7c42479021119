/**
 * The detection API as an OpenAPI 3.1 document, generated from the zod schemas of
 * detection-api.ts with zod 4's `z.toJSONSchema` (JSON Schema 2020-12, the dialect OpenAPI 3.1
 * uses). lookup-service serves it at `/api/v1/openapi.json`; the public `/docs/api` page can read
 * the same document, so neither can drift from the server.
 */
import { z } from 'zod';
import {
  API_KEY_PATTERN,
  BATCH_MAX_IPS,
  DATA_VERSION_HEADER,
  DETECTION_API,
  DETECTION_API_DOCS_PATH,
  DETECTION_ERRORS,
  EVIDENCE_CODES,
  KEY_QUERY_PARAMETERS,
  PROBLEM_CONTENT_TYPE,
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  batchRequestSchema,
  batchResponseSchema,
  checkQuerySchema,
  detectionAnswerSchema,
  problemSchema,
  problemType,
  usageResponseSchema,
  type DetectionErrorCode,
} from './detection-api.js';

type Json = Record<string, unknown>;

/** A component schema: the JSON Schema without its `$schema` line (the document names the dialect). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  void _dialect;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Refusals every keyed call may answer. */
const KEYED_CODES: DetectionErrorCode[] = [
  'key_in_query',
  'missing_api_key',
  'invalid_api_key',
  'revoked_api_key',
  'client_not_allowed',
  'rate_limited',
  'index_loading',
  'service_unavailable',
];

/** The problem codes each operation may answer, besides success. */
export const DETECTION_OPERATION_CODES: Record<keyof typeof DETECTION_API, DetectionErrorCode[]> = {
  check: ['invalid_ip', 'invalid_body', 'quota_exceeded', ...KEYED_CODES],
  batch: ['invalid_body', 'batch_too_large', 'quota_exceeded', ...KEYED_CODES],
  usage: KEYED_CODES,
  openapi: ['service_unavailable'],
  exportMmdb: ['export_not_allowed', 'quota_exceeded', ...KEYED_CODES],
  exportCsv: ['export_not_allowed', 'quota_exceeded', ...KEYED_CODES],
};

const HEADERS = {
  [DATA_VERSION_HEADER]: {
    description:
      "The data snapshot that answered: `<version>; date=<YYYY-MM-DD>` (the IP database's data version and the day it was made). Absent only before the first snapshot has loaded.",
    schema: { type: 'string', examples: ['42; date=2026-11-25'] },
  },
  [RATE_LIMIT_POLICY_HEADER]: {
    description:
      "The key's limits (draft-ietf-httpapi-ratelimit-headers): a per-second burst and a daily quota of lookups (UTC days).",
    schema: { type: 'string', examples: ['"burst";q=50;w=1, "daily";q=10000;w=86400'] },
  },
  [RATE_LIMIT_HEADER]: {
    description: 'For each policy: `r` the units remaining, `t` the seconds until its window resets.',
    schema: { type: 'string', examples: ['"burst";r=49;t=1, "daily";r=9941;t=3600'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying (429 and 503 answers).',
    schema: { type: 'integer', minimum: 1 },
  },
};

const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

function problemResponses(codes: DetectionErrorCode[]): Json {
  const byStatus = new Map<number, DetectionErrorCode[]>();
  for (const code of codes) {
    const { status } = DETECTION_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Json = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retry = status === 429 || status === 503;
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${DETECTION_ERRORS[c].title}`).join('; '),
      headers: headerRefs([
        DATA_VERSION_HEADER,
        ...(status === 429 ? [RATE_LIMIT_POLICY_HEADER, RATE_LIMIT_HEADER] : []),
        ...(retry ? ['Retry-After'] : []),
      ]),
      content: {
        [PROBLEM_CONTENT_TYPE]: {
          schema: ref('Problem'),
          examples: Object.fromEntries(
            list.map((code) => [
              code,
              {
                summary: DETECTION_ERRORS[code].title,
                value: {
                  type: problemType(code),
                  title: DETECTION_ERRORS[code].title,
                  status,
                  detail: DETECTION_ERRORS[code].title,
                  code,
                },
              },
            ]),
          ),
        },
      },
    };
  }
  return out;
}

const METERED_HEADERS = [DATA_VERSION_HEADER, RATE_LIMIT_POLICY_HEADER, RATE_LIMIT_HEADER];

function queryParameters(schema: z.ZodObject): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const fieldSchema = field as z.ZodType;
    return {
      name,
      in: 'query',
      required: !fieldSchema.safeParse(undefined).success,
      schema: schemaOf(fieldSchema),
      description:
        name === 'ip'
          ? 'One IPv4 or IPv6 address. Absent: the address the call came from. A CIDR, a range or anything else that is not one address is `invalid_ip`.'
          : name === 'max_age_days'
            ? 'Detections last seen longer ago than this many days count as stale: their flags are false and the evidence says `stale_detection`.'
            : undefined,
    };
  });
}

export interface DetectionOpenApiOptions {
  /** The origin the document names as its server; relative (`/`) by default. */
  serverUrl?: string;
  version?: string;
}

/** The OpenAPI 3.1 document of the detection API. */
export function buildDetectionOpenApi(options: DetectionOpenApiOptions = {}): Json {
  const security = [{ ApiKeyHeader: [] }, { BearerKey: [] }];
  const keyed = (
    op: keyof typeof DETECTION_API,
    summary: string,
    description: string,
    success: Json,
    extra: Json = {},
  ): Json => ({
    operationId: op,
    summary,
    description,
    security,
    ...extra,
    responses: { '200': success, ...problemResponses(DETECTION_OPERATION_CODES[op]) },
  });

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'TunnelScope detection API',
      version: options.version ?? '1',
      description:
        `VPN, proxy and Tor detection with geolocation, company and ASN for every public IPv4 and IPv6 address. ` +
        `Send your key in the \`X-API-Key\` header (or \`Authorization: Bearer\`); a key in the query string ` +
        `(${KEY_QUERY_PARAMETERS.map((k) => `\`${k}\``).join(', ')}) is refused. Keys belong on servers: the API sends no CORS headers. ` +
        `Every error is an RFC 9457 problem (\`${PROBLEM_CONTENT_TYPE}\`) with a stable \`code\`. Full reference: ${DETECTION_API_DOCS_PATH}. ` +
        `Geolocation data: DB-IP (https://db-ip.com), licensed CC BY 4.0.`,
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    paths: {
      [DETECTION_API.check.path]: {
        get: keyed(
          'check',
          'Check one IP address',
          'Answers what we know of one address: VPN vendor and service, proxy, Tor and relay flags, location, company, ASN, the most specific network, confidence and evidence. Special-purpose addresses answer `bogon: true` with every flag false. Costs one lookup.',
          {
            description: 'The answer for the address.',
            headers: headerRefs(METERED_HEADERS),
            content: { 'application/json': { schema: ref('DetectionAnswer') } },
          },
          { parameters: queryParameters(checkQuerySchema) },
        ),
        post: keyed(
          'batch',
          'Check up to 1000 addresses',
          `One result per input, in input order, each echoing its \`ip\`; an item that is not one address becomes \`{ ip, error: { code: "invalid_ip", detail } }\` and the others are still answered. One request against the burst, one lookup per address against the daily quota. More than ${BATCH_MAX_IPS} addresses is \`batch_too_large\`.`,
          {
            description: 'One result per input address.',
            headers: headerRefs(METERED_HEADERS),
            content: { 'application/json': { schema: ref('BatchResponse') } },
          },
          {
            parameters: queryParameters(checkQuerySchema.pick({ max_age_days: true })),
            requestBody: {
              required: true,
              content: { 'application/json': { schema: ref('BatchRequest') } },
            },
          },
        ),
      },
      [DETECTION_API.usage.path]: {
        get: keyed(
          'usage',
          'Usage of your key',
          "Today's and this month's lookups, the limits and the data version. Costs nothing.",
          {
            description: 'Usage and limits.',
            headers: headerRefs(METERED_HEADERS),
            content: { 'application/json': { schema: ref('Usage') } },
          },
        ),
      },
      [DETECTION_API.exportMmdb.path]: {
        get: keyed(
          'exportMmdb',
          'Download the data as an MMDB file',
          'The whole snapshot in the MaxMind DB format (readable by the maxmind and mmdb-lib readers), each record carrying the answer fields. For keys allowed to export.',
          {
            description: 'The MMDB file.',
            headers: headerRefs([DATA_VERSION_HEADER]),
            content: {
              'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } },
            },
          },
        ),
      },
      [DETECTION_API.exportCsv.path]: {
        get: keyed(
          'exportCsv',
          'Download the data as CSV',
          'The whole snapshot as CSV, one network per row with the answer fields. For keys allowed to export.',
          {
            description: 'The CSV file.',
            headers: headerRefs([DATA_VERSION_HEADER]),
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        ),
      },
      [DETECTION_API.openapi.path]: {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          description: 'Needs no key.',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            ...problemResponses(DETECTION_OPERATION_CODES.openapi),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: `A key like \`ts_live_…\` (pattern \`${API_KEY_PATTERN.source}\`).`,
        },
        BearerKey: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token.' },
      },
      headers: HEADERS,
      schemas: {
        DetectionAnswer: schemaOf(detectionAnswerSchema),
        BatchRequest: schemaOf(batchRequestSchema, 'input'),
        BatchResponse: schemaOf(batchResponseSchema),
        Usage: schemaOf(usageResponseSchema),
        Problem: schemaOf(problemSchema),
      },
    },
    /** Every problem code with its status, title and documentation URI. */
    'x-problem-codes': Object.fromEntries(
      (Object.keys(DETECTION_ERRORS) as DetectionErrorCode[]).map((code) => [
        code,
        { ...DETECTION_ERRORS[code], type: problemType(code) },
      ]),
    ),
    /** Every evidence code with its meaning. */
    'x-evidence-codes': EVIDENCE_CODES,
  };
}
