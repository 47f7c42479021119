/**
 * The analytics-service environment: parsed once at start (the only place that reads
 * process.env), frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import {
  baseServiceEnv,
  metricsEnv,
  DEFAULT_DATABASE_URL,
  DEFAULT_IPDB_URL,
  env,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
  refusePublishedDatabasePassword,
} from '@tunnelscope/service-kit';

/**
 * A product claim shown as is on the home page. It is a statement the business makes, not a
 * figure anything here could count, so it is configuration.
 */
const claim = (fallback: string) => z.string().trim().min(1).max(16).default(fallback);

export const configSchema = baseServiceEnv
  .extend({
    ANALYTICS_SERVICE_PORT: env.port(4003),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('analytics-service'),
    /** The IP database (VPNs, vendors, IPs …). It may be down while the service keeps answering. */
    IPDB_URL: env.postgresUrl(DEFAULT_IPDB_URL),
    /** The application database, for the audit rows of a requested refresh (auth-service's admin_logs). */
    DATABASE_URL: env.postgresUrl(DEFAULT_DATABASE_URL),
    RATE_LIMIT_STATS_PER_MIN: env.positiveInt(120),
    STATS_ACCURACY_RATE: claim('99.7%'),
    STATS_UPDATE_RATE: claim('12H'),
    /** How long a counted /api/stats answer is shared by every replica (Redis). */
    STATS_CACHE_SECONDS: env.positiveInt(60),
    /** Connections to the IP database per replica (request path). */
    IPDB_POOL_MAX: env.positiveInt(5),
    /** A connection attempt that takes longer fails: the admin sees the offline panel at once. */
    IPDB_CONNECT_TIMEOUT_MS: env.positiveInt(1000),
    /** Longest request-path statement (every one reads an index or a small view). */
    IPDB_STATEMENT_TIMEOUT_MS: env.positiveInt(3000),
    /** How long analytics and search answers are shared through Redis (the panel's figures may be 5 minutes old). */
    IPDB_CACHE_SECONDS: env.positiveInt(300),
    /** How often the analytics views are refreshed; 0 turns the scheduled refresh off. */
    ANALYTICS_REFRESH_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
    /** Longest a refresh may run (statement timeout and lock lifetime). */
    ANALYTICS_REFRESH_TIMEOUT_SECONDS: env.positiveInt(1800),
    /**
     * How long POST /vpn-db/refresh waits for the refresh before answering 202 (still running):
     * below the gateway's upstream timeout (10 s), which a large database's refresh outlasts.
     */
    ANALYTICS_REFRESH_WAIT_MS: env.positiveInt(8000),
  })
  .superRefine((cfg, ctx) => {
    refuseDevSecretsInProduction(cfg, ctx);
    if (cfg.NODE_ENV === 'production') {
      refusePublishedDatabasePassword(ctx, 'IPDB_URL', cfg.IPDB_URL);
      refusePublishedDatabasePassword(ctx, 'DATABASE_URL', cfg.DATABASE_URL);
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
