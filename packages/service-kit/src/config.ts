import { z } from 'zod';
import { refuseWeakSecret } from './secret-policy.js';

/**
 * Parses the environment once at start. On failure it prints every problem, one per line,
 * and exits: a service with half a configuration must never start serving.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
  exit: (code: number) => never = process.exit,
): Readonly<z.infer<S>> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    console.error(`Invalid configuration:\n${lines.join('\n')}`);
    return exit(1);
  }
  return Object.freeze(parsed.data) as Readonly<z.infer<S>>;
}

/** Reusable environment fields with defaults that work on a developer machine. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  host: () => z.string().max(255).default('127.0.0.1'),
  url: (fallback: string) => z.string().max(2048).url().default(fallback),
  postgresUrl: (fallback: string) =>
    z
      .string()
      .max(2048)
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .default(fallback),
  redisUrl: () =>
    z
      .string()
      .max(2048)
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .default('redis://127.0.0.1:6379'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  nodeEnv: () => z.enum(['development', 'test', 'production']).default('development'),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Prefix of every Redis key a service writes (queues, rate limits, caches). */
  redisPrefix: () =>
    z
      .string()
      .max(64)
      .regex(/^[a-zA-Z0-9:_-]+$/)
      .default('tunnelscope'),
  /**
   * Secret the gateway presents to services. Required in production; development gets a
   * fixed value so `pnpm start` works without setup.
   */
  internalSecret: () => z.string().min(32, 'must be at least 32 characters').max(256),
};

/**
 * Each deployable's default METRICS_PORT (the deployment's contract: docker compose, the
 * Kubernetes `metrics` container port). Distinct, so services started side by side on one
 * machine do not collide; `0` picks a free port (tests).
 */
export const DEFAULT_METRICS_PORTS = {
  gateway: 9400,
  'forms-service': 9401,
  'auth-service': 9402,
  'analytics-service': 9403,
  'mailer-worker': 9404,
  'lookup-service': 9405,
  'ingest-service': 9406,
} as const;
export type Deployable = keyof typeof DEFAULT_METRICS_PORTS;

/** `METRICS_PORT`, the port `GET /metrics` is served on: spread into a service's schema. */
export function metricsEnv(service: Deployable) {
  return { METRICS_PORT: env.port(DEFAULT_METRICS_PORTS[service]) };
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tunnelscope';
export const DEFAULT_IPDB_URL = 'postgres://postgres@127.0.0.1:5432/tunnelscope_ipdb';
export const DEV_INTERNAL_SECRET = 'dev-only-internal-secret-0123456789abcdef';

/** Fields every service shares; services `.extend()` it with their own. */
export const baseServiceEnv = z.object({
  NODE_ENV: env.nodeEnv(),
  LOG_LEVEL: env.logLevel(),
  HOST: env.host(),
  REDIS_URL: env.redisUrl(),
  REDIS_PREFIX: env.redisPrefix(),
  INTERNAL_SHARED_SECRET: env.internalSecret().default(DEV_INTERNAL_SECRET),
  /**
   * Rotation: the master being replaced, still accepted on MACs that name its key id until
   * INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL (see internal-keys.ts). Set both, deploy every service,
   * then the gateway; remove both after the date.
   */
  INTERNAL_SHARED_SECRET_PREVIOUS: env.internalSecret().optional(),
  INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z' })
    .transform((v) => new Date(v))
    .optional(),
});

/**
 * Checks the shared secrets: a previous master needs the end of its overlap, and in production
 * each secret must be private, long and generated (secret-policy.ts). Every service calls it.
 */
export function refuseDevSecretsInProduction(
  cfg: {
    NODE_ENV: string;
    INTERNAL_SHARED_SECRET: string;
    INTERNAL_SHARED_SECRET_PREVIOUS?: string | undefined;
    INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL?: Date | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (cfg.INTERNAL_SHARED_SECRET_PREVIOUS !== undefined && !cfg.INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL) {
    ctx.addIssue({
      code: 'custom',
      path: ['INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL'],
      message: 'must say until when INTERNAL_SHARED_SECRET_PREVIOUS is accepted',
    });
  }
  if (cfg.NODE_ENV !== 'production') return;
  refuseWeakSecret(ctx, 'INTERNAL_SHARED_SECRET', cfg.INTERNAL_SHARED_SECRET);
  refuseWeakSecret(ctx, 'INTERNAL_SHARED_SECRET_PREVIOUS', cfg.INTERNAL_SHARED_SECRET_PREVIOUS);
}
