/**
 * The mailer-worker environment: parsed once at start (the only place that reads process.env),
 * frozen, and refused with a readable list of problems when it is wrong.
 */
import { z } from 'zod';
import {
  baseServiceEnv,
  metricsEnv,
  env,
  loadConfig as parseEnvironment,
  refuseDevSecretsInProduction,
} from '@tunnelscope/service-kit';

export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_PUBLIC_SITE_URL = 'http://localhost:8080';

/** `Name <local@domain>` or a bare address; the domain also names our Message-IDs. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]{0,200}<[^\s<>@]+@([A-Za-z0-9.-]+)>|[^\s<>@]+@([A-Za-z0-9.-]+))$/;

/** An unset optional number may arrive as an empty string from a compose file or a shell. */
const optionalPositiveInt = (max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().max(max).optional());

export const configSchema = baseServiceEnv
  .extend({
    MAILER_WORKER_PORT: env.port(4004),
    /** Where `GET /metrics` is served (never the API port; see service-kit's metrics-listener). */
    ...metricsEnv('mailer-worker'),
    SMTP_URL: z
      .string()
      .max(2048)
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .default(DEFAULT_SMTP_URL),
    MAIL_FROM: z
      .string()
      .trim()
      .max(320)
      .regex(MAIL_FROM_PATTERN, 'must be "Name <address@domain>" or an address')
      .default('TunnelScope <no-reply@tunnelscope.example>'),
    BRAND_NAME: z.string().trim().min(1).max(100).default('TunnelScope'),
    PUBLIC_SITE_URL: env.url(DEFAULT_PUBLIC_SITE_URL),
    SUPPORT_EMAIL: z.email().max(254).default('support@tunnelscope.example'),
    SALES_EMAIL: z.email().max(254).default('sales@tunnelscope.example'),
    MAILER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    /** Mails per second for the whole queue (BullMQ's limiter counts across all workers); unset: no limit. */
    MAILER_RATE_PER_SECOND: optionalPositiveInt(10_000),
  })
  // The worker never uses INTERNAL_SHARED_SECRET, but a production deployment with a published
  // one (docker-compose.yml's) is a development stack by mistake: refuse it like every service.
  .superRefine(refuseDevSecretsInProduction);

export type Config = Readonly<z.infer<typeof configSchema>>;

/** Parses `source` (the process environment by default); exits with the list of problems if invalid. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  return parseEnvironment(configSchema, source);
}

/** The domain of MAIL_FROM, used on the right of every Message-ID we mint. */
export function mailFromDomain(mailFrom: string): string {
  const m = MAIL_FROM_PATTERN.exec(mailFrom.trim());
  return (m?.[1] ?? m?.[2] ?? 'localhost').toLowerCase();
}
