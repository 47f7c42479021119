/**
 * A fuzz case: one endpoint, a caller, and a request built from the endpoint's schemas, then
 * (usually) mutated out of them. Everything random comes from fast-check, so a seed replays a run.
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint, type IdKind } from './endpoints.js';
import { arbitraryOf, jsonSchemaOf, type Hints } from './schema-arbitrary.js';

/**
 * Who calls. `admin`/`viewOnly`: a live session; `exportKey`: a key allowed to export;
 * `collector`: a live collector token; `junkToken`: a well-formed one nobody issued.
 */
export type Actor =
  | 'anonymous'
  | 'admin'
  | 'viewOnly'
  | 'junkCookie'
  | 'key'
  | 'exportKey'
  | 'junkKey'
  | 'collector'
  | 'junkToken';

export interface FuzzCase {
  endpoint: string;
  actor: Actor;
  method: string;
  /** Path relative to the admin prefix for admin endpoints; already encoded. */
  path: string;
  /** `?…` or '' (already encoded; may be deliberately odd). */
  query: string;
  headers: Record<string, string>;
  /** The raw body, or undefined for none. Binary stays a Buffer (invalid UTF-8). */
  body?: string | Buffer;
  /** What was done to the request, for the report. */
  mutation: string;
}

/** Ids drawn from the database between batches, so some writes hit real rows. */
export type IdPool = Record<IdKind, readonly string[]>;

export interface CaseContext {
  hints: Hints;
  ids: IdPool;
}

// ---- hostile values ----
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  '\u200b\u200c\u200d\ufeff',
  'Z\u0351\u0360\u0368\u0306\u0308\u0301',
  '\ud83d\ude00'.repeat(50),
  "'; drop table waitlist; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff%fe',
  '\r\n\r\nHTTP/1.1 200 OK',
  '__proto__',
  'constructor',
  '',
  ' ',
  'null',
  'NaN',
  '1e309',
  '-0',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 8 }).map((n) => 'A'.repeat(n * 4096)),
);

const hugeString = fc
  .constantFrom(1_000, 70_000, 300_000, 1_100_000)
  .chain((n) =>
    fc.constantFrom('a', '\u00e9', '\ud83d\ude00', '\u0000').map((c) => c.repeat(Math.ceil(n / c.length))),
  );

const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, [], {}, [null], { $gt: '' }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function deepNest(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const junkPathParam = fc.oneof(
  fc.constantFrom(
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '%00',
    '%2e%2e',
    '%2F..%2F',
    '..%252f',
    '%ZZ',
    '%',
    "1' or '1'='1",
    '-1',
    '0',
    '9999999999999999999999',
    'visitor:0',
    'visitor:99999999999999999999',
    'admin:zzz',
    'admin:00000000-0000-0000-0000-000000000000',
    '%E2%80%AE',
    '%F0%9F%98%80',
    '%ED%A0%80',
    'a'.repeat(3000),
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => encodeURIComponent(s)),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid().map((u) => `${u}/extra`),
);

const oddQuery = fc.oneof(
  fc.constantFrom(
    '?',
    '?&&&',
    '?=',
    '?page=1&page=2',
    '?page[]=1',
    '?page[a]=1',
    '?limit=-1',
    '?limit=0',
    '?limit=100000',
    '?limit=1e3',
    '?limit=0x10',
    '?page=NaN',
    '?page=Infinity',
    '?sort=__proto__',
    '?__proto__[x]=1',
    '?constructor[prototype][x]=1',
    '?search=%00',
    '?search=%ZZ',
    '?search=%',
    '?ip=%00',
    '?ip=999.1.1.1',
    '?ip=::ffff:127.0.0.1',
    '?ip=1.1.1.1&ip=2.2.2.2',
    '?max_age_days=0',
    '?max_age_days=1e10',
    '?key=ts_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '?api_key=1',
    '?order=ASC',
    '?verified=maybe',
    '?action=%E2%80%AE',
    `?search=${'x'.repeat(5000)}`,
    `?${'a=1&'.repeat(2000)}`,
  ),
  fc
    .dictionary(
      fc.constantFrom(
        'page',
        'limit',
        'search',
        'sort',
        'order',
        'ip',
        'max_age_days',
        'status',
        'role',
        'action',
        'verified',
        'x',
      ),
      fc.oneof(
        nastyString.map((s) => s.slice(0, 3000)),
        fc.integer().map(String),
      ),
      { maxKeys: 4 },
    )
    .map((d) => '?' + new URLSearchParams(d).toString()),
);

const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/jsonx',
  'application/problem+json',
  'application/xml',
  '*/*',
  'json',
  'application/json, text/plain',
  '\u00e9/\u00e9',
];

function toObject(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? { ...(v as Record<string, unknown>) }
    : {};
}

/** A body mutation: what to do to the (valid-looking) object. Returns the raw text and a label. */
function bodyMutation(
  base: unknown,
  schemaKeys: string[],
): fc.Arbitrary<{ text: string | Buffer; label: string }> {
  const obj = toObject(base);
  const keys = schemaKeys.length ? schemaKeys : ['x'];
  const key = fc.constantFrom(...keys);
  const json = (v: unknown, label: string) => ({ text: JSON.stringify(v), label });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: key.chain((k) => wrongType.map((v) => json({ ...obj, [k]: v }, `wrong type in ${k}`))),
    },
    {
      weight: 3,
      arbitrary: key.chain((k) => nastyString.map((v) => json({ ...obj, [k]: v }, `nasty string in ${k}`))),
    },
    {
      weight: 1,
      arbitrary: key.chain((k) =>
        hugeString.map((v) => json({ ...obj, [k]: v }, `huge string (${v.length}) in ${k}`)),
      ),
    },
    { weight: 2, arbitrary: key.map((k) => json({ ...obj, [k]: null }, `null ${k}`)) },
    {
      weight: 2,
      arbitrary: key.map((k) => {
        const rest = { ...obj };
        delete rest[k];
        return json(rest, `missing ${k}`);
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 10 })
        .map((k) => json({ ...obj, [`${k}_unknown`]: 1 }, 'unknown field')),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        text: JSON.stringify(obj).replace(
          /^\{/,
          '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},',
        ),
        label: 'prototype keys',
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(50, 1000, 5000, 20000),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
          key,
        )
        .map(([d, kind, k]) => ({
          text: JSON.stringify({ ...obj, [k]: '__DEEP__' }).replace('"__DEEP__"', deepNest(d, kind)),
          label: `deep nesting (${d} ${kind}) in ${k}`,
        })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(key, wrongType).map(([k, v]) => {
        const text = JSON.stringify(obj);
        const inner = text.length > 2 ? text.slice(1, -1) + ',' : '';
        return { text: `{${inner}"${k}":${JSON.stringify(v)}}`, label: `duplicate key ${k}` };
      }),
    },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 0, max: 10_000 }).map((n) => {
        const text = JSON.stringify(obj);
        return { text: text.slice(0, n % Math.max(text.length, 1)), label: 'truncated body' };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<unknown>([], [obj], 'text', 42, null, true, '')
        .map((v) => json(v, `body is ${JSON.stringify(v).slice(0, 20)}`)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { text: '', label: 'empty body' },
        { text: '{', label: 'lone brace' },
        { text: '\ufeff' + JSON.stringify(obj), label: 'BOM before JSON' },
        { text: JSON.stringify(obj) + 'garbage', label: 'trailing garbage' },
        { text: JSON.stringify(obj).replace(/"([^"]*)"/, '"$1\\ud800"'), label: 'escaped lone surrogate' },
        { text: '{"a":1e999999}', label: 'number overflow' },
        { text: '{"a":' + '9'.repeat(5000) + '}', label: 'long number' },
        { text: 'null', label: 'JSON null' },
        { text: '\u0000', label: 'NUL body' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => ({
        text: Buffer.concat([Buffer.from('{"'), Buffer.from(b), Buffer.from('":1}')]),
        label: 'binary bytes',
      })),
    },
  );
}

interface Prepared {
  endpoint: Endpoint;
  body?: fc.Arbitrary<unknown>;
  bodyKeys: string[];
  query?: fc.Arbitrary<unknown>;
}

function prepare(endpoint: Endpoint, ctx: CaseContext): Prepared {
  const bodySchema = endpoint.body ? jsonSchemaOf(endpoint.body) : undefined;
  const querySchema = endpoint.query ? jsonSchemaOf(endpoint.query) : undefined;
  return {
    endpoint,
    body: bodySchema ? arbitraryOf(bodySchema, ctx.hints) : undefined,
    bodyKeys: Object.keys(bodySchema?.properties ?? {}),
    query: querySchema ? arbitraryOf(querySchema, ctx.hints) : undefined,
  };
}

function actorArb(endpoint: Endpoint): fc.Arbitrary<Actor> {
  if (endpoint.scope === 'admin') {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant<Actor>('admin') },
      { weight: 6, arbitrary: fc.constant<Actor>('viewOnly') },
      { weight: 3, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 2, arbitrary: fc.constant<Actor>('junkCookie') },
    );
  }
  if (endpoint.scope === 'detection') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<Actor>('key') },
      { weight: 4, arbitrary: fc.constant<Actor>('exportKey') },
      { weight: 2, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 2, arbitrary: fc.constant<Actor>('junkKey') },
    );
  }
  if (endpoint.scope === 'ingest') {
    return fc.oneof(
      { weight: 10, arbitrary: fc.constant<Actor>('collector') },
      { weight: 2, arbitrary: fc.constant<Actor>('anonymous') },
      { weight: 2, arbitrary: fc.constant<Actor>('junkToken') },
    );
  }
  return fc.constant<Actor>('anonymous');
}

function queryString(value: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(toObject(value))) {
    if (v !== undefined) params.set(k, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A request's method, path and headers before any mutation. */
function basePath(endpoint: Endpoint, id: string | undefined): string {
  return id === undefined ? endpoint.path : endpoint.path.replace('{id}', encodeURIComponent(id));
}

function caseArb(p: Prepared, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const { endpoint } = p;
  const knownIds = endpoint.idKind ? ctx.ids[endpoint.idKind] : [];
  const id: fc.Arbitrary<string | undefined> = endpoint.idKind
    ? fc.oneof(
        fc.uuid(),
        ...(knownIds.length ? [fc.constantFrom(...knownIds)] : []),
        ...(endpoint.idKind === 'log' ? [fc.nat().map((n) => `visitor:${n + 1}`)] : []),
      )
    : fc.constant(undefined);
  const body = p.body ?? fc.constant(undefined);
  const query = p.query ?? fc.constant(undefined);
  const mutationKind = fc.constantFrom(
    'none',
    'none',
    'none',
    'body',
    'body',
    'body',
    'body',
    'content-type',
    'query',
    'path',
    'method',
    'headers',
  );
  return fc
    .record({ actor: actorArb(endpoint), id, body, query, kind: mutationKind })
    .chain(({ actor, id, body, query, kind }) => {
      const base: FuzzCase = {
        endpoint: endpoint.name,
        actor,
        method: endpoint.method,
        path: basePath(endpoint, id),
        query: queryString(query),
        headers: {},
        body: endpoint.body ? JSON.stringify(body ?? {}) : undefined,
        mutation: 'none (from the schema)',
      };
      if (base.body !== undefined) base.headers['content-type'] = 'application/json';
      switch (kind) {
        case 'body':
          return bodyMutation(body, p.bodyKeys).map(({ text, label }) => ({
            ...base,
            body: text,
            headers: { 'content-type': 'application/json' },
            mutation: label,
          }));
        case 'content-type':
          return fc.tuple(fc.constantFrom(...CONTENT_TYPES), fc.boolean()).map(([ct, keepBody]) => {
            const headers: Record<string, string> = {};
            if (ct !== undefined) headers['content-type'] = ct;
            const text = keepBody ? (base.body ?? '{}') : 'a=1&b=2';
            return {
              ...base,
              headers,
              body: text,
              mutation: `content type ${ct ?? '(none)'}${keepBody ? '' : ', form body'}`,
            };
          });
        case 'query':
          return oddQuery.map((q) => ({ ...base, query: q, mutation: `odd query ${q.slice(0, 60)}` }));
        case 'path':
          return endpoint.idKind
            ? junkPathParam.map((junk) => ({
                ...base,
                path: endpoint.path.replace('{id}', junk),
                mutation: `path parameter ${junk.slice(0, 60)}`,
              }))
            : fc
                .constantFrom(
                  '/',
                  '//',
                  '/x',
                  '/%00',
                  '/%2e%2e/',
                  '/..%2f',
                  '%20',
                  '.json',
                  '/' + 'a'.repeat(5000),
                )
                .map((suffix) => ({
                  ...base,
                  path: base.path + suffix,
                  mutation: `path suffix ${suffix.slice(0, 40)}`,
                }));
        case 'method':
          return fc
            .constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')
            .filter((m) => m !== endpoint.method)
            .map((m) => ({
              ...base,
              method: m,
              body: m === 'GET' || m === 'HEAD' ? undefined : base.body,
              mutation: `method ${m}`,
            }));
        case 'headers':
          return fc
            .constantFrom<[string, string][]>(
              [['x-forwarded-for', 'not-an-ip, ::1, 999.999.999.999']],
              [['x-forwarded-for', '1.2.3.4'.repeat(500)]],
              [['cookie', 'ts_admin_session=' + 'a'.repeat(4000)]],
              [['cookie', 'ts_admin_session=%00%ff; ts_admin_session=x']],
              [['accept', 'text/html']],
              [['accept', 'application/xml;q=2']],
              [['x-api-key', 'ts_live_' + 'A'.repeat(38)]],
              [['x-api-key', '\u00e9'.repeat(10)]],
              [['authorization', 'Bearer ts_live_x']],
              [['origin', 'https://evil.example']],
              [['origin', 'null']],
              [['x-request-id', '../../etc/passwd']],
              [['x-admin-background', '1']],
              [['content-encoding', 'gzip']],
              [['transfer-encoding', 'chunked']],
              [['x-internal-token', 'forged']],
              [['x-admin-identity', 'forged.identity']],
            )
            .map((pairs) => ({
              ...base,
              headers: { ...base.headers, ...Object.fromEntries(pairs) },
              mutation: `headers ${pairs.map(([k]) => k).join(', ')}`,
            }));
        default:
          return fc.constant(base);
      }
    });
}

/** The arbitrary of every case: an endpoint drawn evenly, then its request. */
export function fuzzCaseArb(
  ctx: CaseContext,
  endpoints: readonly Endpoint[] = ENDPOINTS,
): fc.Arbitrary<FuzzCase> {
  const prepared = endpoints.map((e) => prepare(e, ctx));
  return fc.constantFrom(...prepared).chain((p) => caseArb(p, ctx));
}
