import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  baseServiceEnv,
  metricsEnv,
  env,
  isTurnstileTestKey,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
  refuseWeakSecret,
} from '@tunnelscope/service-kit';

/** Development-only admin prefix; production must choose its own (refused there). */
export const DEV_ADMIN_PATH_HEX = '0d3ad0c0ffee0b5e55ed0a11c0ffee00';
/** Where the site is reached in development (`bash scripts/start.sh`, docker compose): the gateway's port. */
export const DEV_PUBLIC_ORIGIN = 'http://localhost:8080';
export const TURNSTILE_ALWAYS_PASS_SITE_KEY = '1x00000000000000000000AA';
const DEFAULT_TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** `gateway/src` and `gateway/dist` are both one level below `gateway/`, so this works from either. */
const repoPath = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/**
 * An upstream base URL: `http://host:port` only (no path, no credentials; services listen on a
 * private network). The empty string means "not deployed here": its routes answer 503.
 */
const upstreamUrl = (fallback: string) =>
  z
    .string()
    .max(2048)
    .default(fallback)
    .refine((v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' && u.pathname === '/' && !u.search && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'must be an http://host:port URL without a path (or empty: not deployed)');

const httpUrl = (fallback: string) =>
  z
    .string()
    .max(2048)
    .default(fallback)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'must be an absolute http(s) URL');

/** The gateway's configuration: the environment, with production refusing development values. */
export const configSchema = baseServiceEnv
  .extend({
    GATEWAY_PORT: env.port(8080),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('gateway'),
    /** Hidden admin prefix: `/admin-<ADMIN_PATH_HEX>`. Required in production. */
    ADMIN_PATH_HEX: z
      .string()
      .max(128)
      .regex(/^[0-9a-f]{16,}$/i, 'must be at least 16 hexadecimal characters')
      .optional(),
    FORMS_SERVICE_URL: upstreamUrl('http://127.0.0.1:4001'),
    AUTH_SERVICE_URL: upstreamUrl('http://127.0.0.1:4002'),
    ANALYTICS_SERVICE_URL: upstreamUrl('http://127.0.0.1:4003'),
    LOOKUP_SERVICE_URL: upstreamUrl('http://127.0.0.1:4005'),
    /** The collector API, `/ingest/v1/*`. */
    INGEST_SERVICE_URL: upstreamUrl('http://127.0.0.1:4006'),
    UPSTREAM_TIMEOUT_MS: env.positiveInt(10_000),
    /** Sockets kept per upstream; requests beyond it queue in the agent. */
    UPSTREAM_MAX_SOCKETS: env.positiveInt(256),
    /**
     * Cap on every route's body limit, and the most of a refused body read and discarded. Above
     * the largest route limit (a collector's 2 MiB batch), so a batch just over it still gets its
     * 413 on a connection that stays open.
     */
    MAX_BODY_BYTES: env.positiveInt(4 * 1024 * 1024),
    /** Proxies in front of the gateway whose X-Forwarded-* headers are believed (0: none). */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    PUBLIC_WEB_DIST: z.string().min(1).max(4096).default(repoPath('apps/public-web/dist')),
    ADMIN_WEB_DIST: z.string().min(1).max(4096).default(repoPath('apps/admin-web/dist')),
    /**
     * The site's address as visitors reach it (`https://tunnelscope.example.com`): canonical links,
     * Open Graph URLs, robots.txt and sitemap.xml are absolute URLs under it. An origin only (a
     * trailing slash is dropped); the development default is the gateway on this machine.
     */
    PUBLIC_ORIGIN: z
      .string()
      .max(2048)
      .default(DEV_PUBLIC_ORIGIN)
      .refine((v) => {
        try {
          const u = new URL(v);
          return (
            ['http:', 'https:'].includes(u.protocol) &&
            u.pathname === '/' &&
            !u.search &&
            !u.hash &&
            !u.username &&
            !u.password
          );
        } catch {
          return false;
        }
      }, 'must be an http(s) origin without a path, e.g. https://tunnelscope.example.com')
      .transform((v) => new URL(v).origin),
    BRAND_NAME: z.string().trim().min(1).max(100).default('TunnelScope'),
    SALES_EMAIL: z.email().max(254).default('sales@tunnelscope.example'),
    SUPPORT_EMAIL: z.email().max(254).default('support@tunnelscope.example'),
    TURNSTILE_SITE_KEY: z
      .string()
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be a Turnstile site key')
      .default(TURNSTILE_ALWAYS_PASS_SITE_KEY),
    TURNSTILE_SCRIPT_URL: httpUrl(DEFAULT_TURNSTILE_SCRIPT_URL),
    /** Send Strict-Transport-Security even when no trusted proxy says the request came over TLS. */
    FORCE_HSTS: env.bool(false),
  })
  .superRefine((cfg, ctx) => {
    refuseDevSecretsInProduction(cfg, ctx);
    if (cfg.NODE_ENV !== 'production') return;
    if (!cfg.ADMIN_PATH_HEX) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PATH_HEX'],
        message: 'must be set to a private value in production (e.g. `openssl rand -hex 16`)',
      });
    } else {
      // The prefix hides the panel: the development one and every one in the repository are public.
      refuseWeakSecret(ctx, 'ADMIN_PATH_HEX', cfg.ADMIN_PATH_HEX);
    }
    // A test site key would make every visitor's widget always pass (or always fail).
    if (isTurnstileTestKey(cfg.TURNSTILE_SITE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SITE_KEY'],
        message: "must be the site's real Turnstile site key in production, not a test key",
      });
    }
  })
  .transform((cfg) => ({ ...cfg, ADMIN_PATH_HEX: cfg.ADMIN_PATH_HEX ?? DEV_ADMIN_PATH_HEX }));

export type Config = Readonly<z.infer<typeof configSchema>>;

/**
 * Parses `source` (the process environment by default) once; prints every problem and exits
 * (through `exit`, which tests replace) when it is invalid. The only place that reads `process.env`.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  exit?: (code: number) => never,
): Config {
  return parseEnvironment(configSchema, source, exit);
}
