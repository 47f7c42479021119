/**
 * The auth-service environment: parsed once at start (the only place that reads process.env),
 * frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE } from '@tunnelscope/contracts';
import {
  DEFAULT_DATABASE_URL,
  baseServiceEnv,
  metricsEnv,
  env,
  isTurnstileTestKey,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
  refusePublishedDatabasePassword,
  refuseWeakSecret,
} from '@tunnelscope/service-kit';

/** Development-only AES-256 key (32 bytes, base64); production must set its own. */
export const DEV_TOTP_ENCRYPTION_KEY = 'ZGV2LW9ubHktdG90cC1rZXktMDEyMzQ1Njc4OWFiY2Q=';
/**
 * Cloudflare's documented test secret that always passes: the default outside production, so the
 * sign-in's bot check works offline against the local stand-in.
 */
export const TURNSTILE_TEST_SECRET_PASS = '1x0000000000000000000000000000000AA';
export const TURNSTILE_DEFAULT_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane); production never goes below it. */
export const ARGON2_MIN_PRODUCTION_MEMORY_KIB = 19_456;

/** A 32-byte key given as base64 (44 characters) or hex (64 characters). */
const aesKey = (fallback: string) =>
  z
    .string()
    .trim()
    .max(128)
    .default(fallback)
    .transform((raw, ctx) => {
      const bytes = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
      if (bytes.length !== 32) {
        ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as base64 or 64 hex characters' });
        return z.NEVER;
      }
      return bytes;
    });

/** Every variable auth-service reads; the command-line tools pick the few they need. */
const environment = baseServiceEnv.extend({
  AUTH_SERVICE_PORT: env.port(4002),
  /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
  ...metricsEnv('auth-service'),
  DATABASE_URL: env.postgresUrl(DEFAULT_DATABASE_URL),
  /** Encrypts TOTP secrets at rest (AES-256-GCM). */
  TOTP_ENCRYPTION_KEY: aesKey(DEV_TOTP_ENCRYPTION_KEY),
  /** Keys the backup-code hashes; derived from TOTP_ENCRYPTION_KEY when unset. */
  BACKUP_CODE_PEPPER: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
  TURNSTILE_SECRET: z.string().min(1).max(256).default(TURNSTILE_TEST_SECRET_PASS),
  TURNSTILE_VERIFY_URL: env.url(TURNSTILE_DEFAULT_VERIFY_URL),
  TURNSTILE_TIMEOUT_MS: env.positiveInt(5000),
  LOGIN_RATE_LIMIT_PER_MINUTE: env.positiveInt(LOGIN_ATTEMPTS_PER_IP_PER_MINUTE),
  /** Issuer shown in the authenticator app next to the account. */
  BRAND_NAME: z.string().trim().min(1).max(64).default('TunnelScope'),
  MAIL_ENQUEUE_TIMEOUT_MS: env.positiveInt(5000),
  // Retention (issue 16): dead sessions and spent codes older than these are purged.
  SESSION_RETENTION_DAYS: env.positiveInt(7),
  CODE_RETENTION_DAYS: env.positiveInt(7),
  RETENTION_BATCH_SIZE: env.positiveInt(5000),
  RETENTION_EVERY_MINUTES: env.positiveInt(60),
  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .default(ARGON2_MIN_PRODUCTION_MEMORY_KIB),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
});

/** The service's configuration: the environment, with production refusing development values. */
export const configSchema = environment.superRefine((cfg, ctx) => {
  refuseDevSecretsInProduction(cfg, ctx);
  if (cfg.NODE_ENV !== 'production') return;
  // The key is bytes by now: judge its base64 form (the form the repository publishes keys in).
  refuseWeakSecret(ctx, 'TOTP_ENCRYPTION_KEY', cfg.TOTP_ENCRYPTION_KEY.toString('base64'));
  refuseWeakSecret(ctx, 'BACKUP_CODE_PEPPER', cfg.BACKUP_CODE_PEPPER);
  refusePublishedDatabasePassword(ctx, 'DATABASE_URL', cfg.DATABASE_URL);
  // Cloudflare's test secrets (always pass, always fail, already spent) make the bot check a no-op.
  if (isTurnstileTestKey(cfg.TURNSTILE_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: ['TURNSTILE_SECRET'],
      message: "must be the site's real secret in production, not a test secret",
    });
  }
  if (cfg.ARGON2_MEMORY_KIB < ARGON2_MIN_PRODUCTION_MEMORY_KIB) {
    ctx.addIssue({
      code: 'custom',
      path: ['ARGON2_MEMORY_KIB'],
      message: `must be at least ${ARGON2_MIN_PRODUCTION_MEMORY_KIB} in production`,
    });
  }
  if (cfg.ARGON2_TIME_COST < 2) {
    ctx.addIssue({ code: 'custom', path: ['ARGON2_TIME_COST'], message: 'must be at least 2 in production' });
  }
});

export type Config = Readonly<z.infer<typeof configSchema>>;

/** Parses `source` (the process environment by default); exits with the list of problems if invalid. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  return parseEnvironment(configSchema, source);
}

/** What `db:migrate` needs: the application database. */
export function loadMigrateConfig(
  source: Record<string, string | undefined> = process.env,
): Readonly<{ DATABASE_URL: string }> {
  return parseEnvironment(environment.pick({ DATABASE_URL: true }), source);
}

/** What `admin:create` needs: the database and the password hashing cost. */
export const cliConfigSchema = environment
  .pick({ NODE_ENV: true, DATABASE_URL: true, ARGON2_MEMORY_KIB: true, ARGON2_TIME_COST: true })
  .transform((cfg) =>
    // The CLI hashes the passwords the service verifies: never weaker than production's floor there.
    cfg.NODE_ENV === 'production'
      ? {
          ...cfg,
          ARGON2_MEMORY_KIB: Math.max(cfg.ARGON2_MEMORY_KIB, ARGON2_MIN_PRODUCTION_MEMORY_KIB),
          ARGON2_TIME_COST: Math.max(cfg.ARGON2_TIME_COST, 2),
        }
      : cfg,
  );
export type CliConfig = z.infer<typeof cliConfigSchema>;

/**
 * `admin:create`'s configuration from `source` (the process environment by default). Unlike
 * `loadConfig` it does not exit: the command reports the problems and its own exit code.
 */
export function parseCliConfig(source: Record<string, string | undefined> = process.env) {
  return cliConfigSchema.safeParse(source);
}
