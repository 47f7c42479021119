/**
 * The gateway's route table, as data: which service owns which path, and which paths are the two
 * SPAs. `createRouteResolver` builds the only function that decides where a request goes;
 * docs/ARCHITECTURE.md and gateway/README.md describe it.
 *
 * Paths are matched on the raw request path (before percent-decoding), segment by segment: a row
 * `/data/waitlist` matches `/data/waitlist`, `/data/waitlist/42` and `/data/waitlist?page=2`, but
 * not `/data/waitlisted`. Services route on the raw path too, so both sides agree on every URL.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  ADMIN_API_KEYS_PATH,
  ADMIN_LIVE_EVENTS_PATH,
  DETECTION_API,
  DETECTION_API_PREFIX,
  INGEST_API,
  INGEST_API_PREFIX,
  PUBLIC_API,
  PUBLIC_ROUTES,
  RECORD_IDS_BODY_LIMIT_BYTES,
  RECORD_SELECTION_PATHS,
} from '@tunnelscope/contracts';

export const UPSTREAMS = ['forms', 'auth', 'analytics', 'lookup', 'ingest'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface ProxyRow {
  /** `public`: matched on the path as is. `admin`: matched on the path after `/admin-<hex>`. */
  scope: 'public' | 'admin';
  /** Matches this path and everything below it. */
  path: string;
  /** `null`: an API namespace with no such endpoint: the gateway answers 404 JSON itself. */
  upstream: UpstreamName | null;
  /**
   * Largest request body the service behind accepts on these paths (default
   * `SERVICE_BODY_LIMIT_BYTES`). The gateway refuses a larger one with 413 before forwarding a
   * byte: a service that refuses a body closes the connection while the rest is still coming,
   * and the gateway, still writing, would see a reset instead of the service's 413.
   */
  maxBodyBytes?: number;
  /**
   * A Server-Sent Events stream: held open without the upstream timeout, its session checked
   * read-only (it never moves lastActivity) when opened and again while it stays open.
   */
  stream?: true;
}

/**
 * The body limits of the services, mirrored here because the gateway may not import a service:
 * every service's Fastify `bodyLimit` is 16 KiB (service-kit's default); forms-service's
 * `SECURITY_LOG_BODY_LIMIT` is 12 KiB and lookup-service's `BATCH_BODY_LIMIT_BYTES` 512 KiB.
 * Keep them equal to those constants (a smaller value here would refuse bodies a service takes).
 */
export const SERVICE_BODY_LIMIT_BYTES = 16 * 1024;
export const SECURITY_LOG_BODY_LIMIT_BYTES = 12 * 1024;
export const DETECTION_BATCH_BODY_LIMIT_BYTES = 512 * 1024;
/**
 * A collector's batch (`POST /ingest/v1/observations`, at most 5,000 items): measured, 5,000
 * compact observations with vendor, location and protocol are 0.96 MB (IPv4) to 1.1 MB (IPv6),
 * 5,000 resolutions 0.76 MB; this is about twice that, and ingest-service's own limit on the
 * route (`BATCH_BODY_LIMIT_BYTES`) is the same 2 MiB.
 */
export const INGEST_BATCH_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** First match wins, so more specific rows come first. */
export const ROUTE_TABLE: readonly ProxyRow[] = [
  { scope: 'public', path: PUBLIC_API.stats.path, upstream: 'analytics' },
  // The detection API (keyed, metered) is lookup-service's, scaled apart from the rest. Its
  // batch (POST on the check path) takes up to 1000 addresses.
  {
    scope: 'public',
    path: DETECTION_API.batch.path,
    upstream: 'lookup',
    maxBodyBytes: DETECTION_BATCH_BODY_LIMIT_BYTES,
  },
  { scope: 'public', path: DETECTION_API_PREFIX, upstream: 'lookup' },
  // The collector API (collector tokens, machines only) is ingest-service's; its errors are
  // problem documents like the detection API's.
  {
    scope: 'public',
    path: INGEST_API.observations.path,
    upstream: 'ingest',
    maxBodyBytes: INGEST_BATCH_BODY_LIMIT_BYTES,
  },
  { scope: 'public', path: INGEST_API_PREFIX, upstream: 'ingest' },
  {
    scope: 'public',
    path: PUBLIC_API.securityLog.path,
    upstream: 'forms',
    maxBodyBytes: SECURITY_LOG_BODY_LIMIT_BYTES,
  },
  { scope: 'public', path: '/api', upstream: 'forms' },
  { scope: 'admin', path: '/auth', upstream: 'auth' },
  { scope: 'admin', path: '/admin-users', upstream: 'auth' },
  { scope: 'admin', path: '/data/admin-users', upstream: 'auth' },
  { scope: 'admin', path: '/data/active-sessions', upstream: 'auth' },
  { scope: 'admin', path: '/data/disconnect-session', upstream: 'auth' },
  // A selection's calls (issue 16) carry up to 10,000 ids: forms-service's limit on those routes.
  // Logs' visitor-row selection (bulk delete, rows) is the same size.
  ...(['/data/waitlist', '/data/vpn-requests', '/data/contacts', '/data/logs'] as const).flatMap((list) =>
    RECORD_SELECTION_PATHS.map((call): ProxyRow => ({
      scope: 'admin',
      path: `${list}/${call}`,
      upstream: 'forms',
      maxBodyBytes: RECORD_IDS_BODY_LIMIT_BYTES,
    })),
  ),
  { scope: 'admin', path: '/data/waitlist', upstream: 'forms' },
  { scope: 'admin', path: '/data/vpn-requests', upstream: 'forms' },
  { scope: 'admin', path: '/data/contacts', upstream: 'forms' },
  { scope: 'admin', path: '/data/logs', upstream: 'forms' },
  { scope: 'admin', path: '/dashboard', upstream: 'forms' },
  // Live updates of open panels (issue 16): forms-service's SSE stream.
  { scope: 'admin', path: ADMIN_LIVE_EVENTS_PATH, upstream: 'forms', stream: true },
  { scope: 'admin', path: '/vpn-db', upstream: 'analytics' },
  { scope: 'admin', path: ADMIN_API_KEYS_PATH, upstream: 'lookup' },
  // Any other /data/… is an API call the back-office does not have: JSON 404, never the SPA's HTML.
  { scope: 'admin', path: '/data', upstream: null },
];

export type Resolution =
  /**
   * Forward to `upstream` with `url` (path and query; admin paths lose their prefix), a body of
   * at most `maxBodyBytes`.
   */
  | {
      kind: 'proxy';
      upstream: UpstreamName;
      url: string;
      admin: boolean;
      maxBodyBytes: number;
      /** An event stream (`ProxyRow.stream`); absent otherwise. */
      stream?: true;
    }
  /** An admin API path that no service serves. */
  | { kind: 'api-not-found' }
  /** The admin SPA; `path` is relative to the prefix and starts with `/`. */
  | { kind: 'admin-app'; path: string }
  /** The public SPA: `known` is true for its routes (200), false for its 404 page. */
  | { kind: 'public-app'; path: string; known: boolean }
  /** Dot segments or a non-origin-form target: refused before anything else looks at it. */
  | { kind: 'bad-path' };

const PUBLIC_ROUTE_SET: ReadonlySet<string> = new Set(PUBLIC_ROUTES);
const ADMIN_MARK = '/admin-';
// `.`/`..` segments, raw or percent-encoded: browsers never send them, and a service routing on
// the raw path would disagree with anything that normalises it.
export const DOT_SEGMENT = /(?:^|\/|%2f|\\|%5c)(?:\.|%2e){1,2}(?:\/|%2f|\\|%5c|$)/i;

function matches(path: string, rowPath: string): boolean {
  return path === rowPath || (path.startsWith(rowPath) && path.charCodeAt(rowPath.length) === 47); /* / */
}

function equalConstantTime(candidate: string, secret: Buffer): boolean {
  const given = Buffer.from(candidate);
  // Lengths leak nothing useful (the hex length is not secret); the content is compared in constant time.
  return given.length === secret.length && timingSafeEqual(given, secret);
}

export interface RouteResolver {
  (rawUrl: string): Resolution;
  /** `/admin-<hex>`, for headers sent upstream (never for public pages). */
  readonly adminPrefix: string;
}

export function createRouteResolver(
  adminHex: string,
  table: readonly ProxyRow[] = ROUTE_TABLE,
): RouteResolver {
  const secretHex = Buffer.from(adminHex);
  const publicRows = table.filter((r) => r.scope === 'public');
  const adminRows = table.filter((r) => r.scope === 'admin');

  const resolve = (rawUrl: string): Resolution => {
    if (rawUrl.charCodeAt(0) !== 47 /* / */) return { kind: 'bad-path' };
    const q = rawUrl.indexOf('?');
    const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
    if (path.includes('.') || path.includes('%')) {
      if (DOT_SEGMENT.test(path)) return { kind: 'bad-path' };
    }

    if (path.startsWith(ADMIN_MARK)) {
      const slash = path.indexOf('/', ADMIN_MARK.length);
      const hex = slash === -1 ? path.slice(ADMIN_MARK.length) : path.slice(ADMIN_MARK.length, slash);
      if (equalConstantTime(hex, secretHex)) {
        const rest = slash === -1 ? '/' : path.slice(slash);
        for (const row of adminRows) {
          if (!matches(rest, row.path)) continue;
          if (row.upstream === null) return { kind: 'api-not-found' };
          return {
            kind: 'proxy',
            upstream: row.upstream,
            url: q === -1 ? rest : rest + rawUrl.slice(q),
            admin: true,
            maxBodyBytes: row.maxBodyBytes ?? SERVICE_BODY_LIMIT_BYTES,
            ...(row.stream ? { stream: true as const } : {}),
          };
        }
        return { kind: 'admin-app', path: rest };
      }
      // A wrong hex is just an unknown public path: same page, same status.
    }

    for (const row of publicRows) {
      if (!matches(path, row.path)) continue;
      if (row.upstream === null) return { kind: 'api-not-found' };
      return {
        kind: 'proxy',
        upstream: row.upstream,
        url: rawUrl,
        admin: false,
        maxBodyBytes: row.maxBodyBytes ?? SERVICE_BODY_LIMIT_BYTES,
        ...(row.stream ? { stream: true as const } : {}),
      };
    }
    // `/waitlist/` is the same screen as `/waitlist` for the SPA's router.
    const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return { kind: 'public-app', path, known: PUBLIC_ROUTE_SET.has(route) };
  };

  return Object.assign(resolve, { adminPrefix: `${ADMIN_MARK}${adminHex}` });
}
