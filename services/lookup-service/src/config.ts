/**
 * The lookup-service environment: parsed once at start (the only place that reads process.env),
 * frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_IPDB_URL,
  baseServiceEnv,
  metricsEnv,
  env,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
  refusePublishedDatabasePassword,
} from '@tunnelscope/service-kit';

export const configSchema = baseServiceEnv
  .extend({
    LOOKUP_SERVICE_PORT: env.port(4005),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('lookup-service'),
    /** The application database: API keys and their durable daily usage (and admin_logs). */
    DATABASE_URL: env.postgresUrl(DEFAULT_DATABASE_URL),
    /** The IP database the index is built from. It may be down while a loaded index keeps answering. */
    IPDB_URL: env.postgresUrl(DEFAULT_IPDB_URL),
    /** How often the IP database's data version is polled (a change is noticed within a minute). */
    LOOKUP_INDEX_POLL_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
    /** How much public ASN/geolocation data goes into the index (tests use `sample`). */
    LOOKUP_PUBLIC_DATA: z.enum(['full', 'sample', 'none']).default('full'),
    /** With `sample`: keep every Nth public range. */
    LOOKUP_PUBLIC_SAMPLE_EVERY: env.positiveInt(50),
    /**
     * Longest a cached key is trusted without asking the database again. Revocations arrive by
     * Redis pub/sub at once; this only bounds how long a message lost in a Redis outage matters.
     */
    LOOKUP_KEY_CACHE_SECONDS: env.positiveInt(300),
    /** How long an unknown key is remembered as unknown (keeps guessing off the database). */
    LOOKUP_KEY_NEGATIVE_CACHE_SECONDS: env.positiveInt(10),
    /** Failed key attempts per client address and minute before its calls get 429. */
    LOOKUP_FAILED_KEY_LIMIT_PER_MIN: env.positiveInt(20),
    /** How often the Redis day counters are rolled up into api_key_usage_daily. */
    LOOKUP_USAGE_ROLLUP_SECONDS: env.positiveInt(60),
    /** Connections to the application database per replica (key loads on a cache miss, roll-ups). */
    LOOKUP_DATABASE_POOL_MAX: env.positiveInt(5),
  })
  .superRefine((cfg, ctx) => {
    refuseDevSecretsInProduction(cfg, ctx);
    if (cfg.NODE_ENV === 'production') {
      refusePublishedDatabasePassword(ctx, 'DATABASE_URL', cfg.DATABASE_URL);
      refusePublishedDatabasePassword(ctx, 'IPDB_URL', cfg.IPDB_URL);
    }
  });

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
