/**
 * The ingest-service environment: parsed once at start (the only place that reads process.env),
 * frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import {
  DEFAULT_IPDB_URL,
  baseServiceEnv,
  metricsEnv,
  env,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
} from '@tunnelscope/service-kit';

/** A feed source: an http(s) URL (`file:` too, for an operator's local mirror). */
const feedUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^(https?|file):\/\//, 'must be an http(s):// or file:// URL');

/** Empty means "off": compose and the README leave the feeds unset by default. */
const optionalFeedUrl = z.preprocess((v) => (v === '' ? undefined : v), feedUrl.optional());

export const configSchema = baseServiceEnv
  .extend({
    INGEST_SERVICE_PORT: env.port(4006),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('ingest-service'),
    /** The IP database this service writes (observations, feeds) and reads (targets). */
    IPDB_URL: env.postgresUrl(DEFAULT_IPDB_URL),
    INGEST_DATABASE_POOL_MAX: env.positiveInt(5),
    /** Calls per collector token and minute (each carries up to 5,000 items). */
    INGEST_RATE_LIMIT_PER_MIN: env.positiveInt(120),
    /** Tor Project bulk exit list (one address per line). */
    FEED_TOR_URL: optionalFeedUrl,
    /** RFC 8805 geofeed CSV of a privacy relay's egress (Apple iCloud Private Relay's egress-ip-ranges.csv). */
    FEED_RELAY_URL: optionalFeedUrl,
    /** Cloud providers' published range files, comma-separated (AWS ip-ranges.json, Google cloud.json, Oracle public_ip_ranges.json). */
    FEED_CLOUD_URLS: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(feedUrl).max(20).default([]),
    ),
    /** How often each configured feed runs. */
    FEED_REFRESH_MINUTES: env.positiveInt(60),
    /** Where the last good download of each feed is kept (the copy a failed run falls back to). */
    FEED_CACHE_DIR: z.string().max(1024).default('.tmp/feeds'),
    /** Longest a feed download may take. */
    FEED_FETCH_TIMEOUT_MS: env.positiveInt(30_000),
    /** Largest feed download accepted (AWS's file is ~2 MB today). */
    FEED_MAX_BYTES: env.positiveInt(64 * 1024 * 1024),
  })
  .superRefine(refuseDevSecretsInProduction);

export type Config = Readonly<z.infer<typeof configSchema>>;

/** Parses `source` (the process environment by default); exits with the list of problems if invalid. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  exit?: (code: number) => never,
): Config {
  return parseEnvironment(configSchema, source, exit);
}

/** The part the command-line tools need (they never exit the process from here). */
export function parseCliConfig(source: Record<string, string | undefined> = process.env) {
  return configSchema.safeParse(source);
}
