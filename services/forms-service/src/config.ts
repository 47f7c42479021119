/**
 * The forms-service environment: parsed once at start (the only place that reads process.env),
 * frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import {
  OTP_MAX_CODES_PER_DAY,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_CODES_PER_NETWORK_PER_HOUR,
} from '@tunnelscope/contracts';
import {
  DEFAULT_DATABASE_URL,
  baseServiceEnv,
  metricsEnv,
  env,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
  refusePublishedDatabasePassword,
  refuseWeakSecret,
} from '@tunnelscope/service-kit';

export const DEV_OTP_HMAC_SECRET = 'dev-only-otp-hmac-secret-0123456789abcdef';

/** The maintained upstream list; set `BLOCKLIST_SOURCES` to it in production. */
export const UPSTREAM_BLOCKLIST_URL =
  'https://raw.githubusercontent.com/disposable-email-domains/disposable-email-domains/main/disposable_email_blocklist.conf';

export type BlocklistSource = { kind: 'package' } | { kind: 'url'; url: string };

const blocklistSources = z
  .string()
  .max(8192)
  .default('package')
  .transform((raw, ctx): BlocklistSource[] => {
    const sources: BlocklistSource[] = [];
    for (const item of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (item === 'package') {
        sources.push({ kind: 'package' });
        continue;
      }
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is neither "package" nor an http(s) URL` });
        return z.NEVER;
      }
      sources.push({ kind: 'url', url: url.toString() });
    }
    if (sources.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'name at least one source' });
      return z.NEVER;
    }
    return sources;
  });

/** Parses a BLOCKLIST_SOURCES value (the CLI takes the same syntax as arguments). */
export function parseBlocklistSources(raw: string): BlocklistSource[] {
  return blocklistSources.parse(raw);
}

export const configSchema = baseServiceEnv
  .extend({
    FORMS_SERVICE_PORT: env.port(4001),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('forms-service'),
    DATABASE_URL: env.postgresUrl(DEFAULT_DATABASE_URL),
    OTP_HMAC_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(256)
      .default(DEV_OTP_HMAC_SECRET),
    CONTACT_INBOX: z.email().max(254).default('team@tunnelscope.example'),
    RATE_LIMIT_FORM_PER_MIN: env.positiveInt(5),
    RATE_LIMIT_OTP_PER_MIN: env.positiveInt(10),
    RATE_LIMIT_EMAIL_CHECK_PER_MIN: env.positiveInt(20),
    RATE_LIMIT_SECURITY_LOG_PER_MIN: env.positiveInt(30),
    OTP_CODES_PER_HOUR: env.positiveInt(OTP_MAX_CODES_PER_HOUR),
    OTP_CODES_PER_DAY: env.positiveInt(OTP_MAX_CODES_PER_DAY),
    OTP_CODES_PER_NETWORK_PER_HOUR: env.positiveInt(OTP_MAX_CODES_PER_NETWORK_PER_HOUR),
    BLOCKLIST_SOURCES: blocklistSources,
    BLOCKLIST_REFRESH_MINUTES: env.positiveInt(1440),
    MAIL_ENQUEUE_TIMEOUT_MS: env.positiveInt(5000),
    // Retention (issue 16): visitor logs and spent codes older than these are purged.
    LOG_RETENTION_DAYS: env.positiveInt(90),
    CODE_RETENTION_DAYS: env.positiveInt(7),
    RETENTION_BATCH_SIZE: env.positiveInt(5000),
    RETENTION_EVERY_MINUTES: env.positiveInt(60),
  })
  .superRefine((cfg, ctx) => {
    refuseDevSecretsInProduction(cfg, ctx);
    if (cfg.NODE_ENV !== 'production') return;
    // The development default and every value in the repository are public (secret-policy.ts).
    refuseWeakSecret(ctx, 'OTP_HMAC_SECRET', cfg.OTP_HMAC_SECRET);
    refusePublishedDatabasePassword(ctx, 'DATABASE_URL', cfg.DATABASE_URL);
  });

export type Config = Readonly<z.infer<typeof configSchema>>;

/** Parses `env` (the process environment by default); exits with the list of problems if invalid. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  return parseEnvironment(configSchema, source);
}
