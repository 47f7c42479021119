/**
 * What the production operator creates before the first apply (deploy/k8s/README.md, "Production
 * secrets"): every Secret and ConfigMap key the production overlay references but does not define,
 * with a value of production shape generated at run time (random, never written anywhere), so the
 * services' production guards judge them as they would judge the real ones.
 */
import { randomBytes } from 'node:crypto';

const token = (bytes = 32) => randomBytes(bytes).toString('base64url');
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** Turnstile's real keys: `0x4AAAAAAA` and then random base64url characters. */
const turnstileKey = (length: number) => `0x4AAAAAAA${token(32).slice(0, length - 10)}`;

/** `kind/name` → key → a generator of a production-shaped value. */
export const OPERATOR_PROVIDED: Record<string, Record<string, () => string>> = {
  'Secret/tunnelscope-internal': { INTERNAL_SHARED_SECRET: () => token() },
  'Secret/tunnelscope-redis': {
    REDIS_URL: () => `rediss://default:${token()}@redis.internal.example:6380`,
    REDIS_ADDRESS: () => 'redis.internal.example:6380',
    REDIS_PASSWORD: () => token(),
  },
  'Secret/tunnelscope-app-db': {
    DATABASE_URL: () =>
      `postgres://tunnelscope:${token()}@postgres.internal.example:5432/tunnelscope?sslmode=require`,
  },
  'Secret/tunnelscope-ip-db': {
    IPDB_URL: () =>
      `postgres://tunnelscope:${token()}@postgres.internal.example:5432/tunnelscope_ipdb?sslmode=require`,
  },
  'Secret/tunnelscope-smtp': { SMTP_URL: () => `smtps://apikey:${token()}@smtp.mail.example:465` },
  'Secret/forms-service': { OTP_HMAC_SECRET: () => token() },
  'Secret/auth-service': {
    TOTP_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
    BACKUP_CODE_PEPPER: () => token(),
    TURNSTILE_SECRET: () => turnstileKey(35),
  },
  'Secret/gateway': { ADMIN_PATH_HEX: () => hex(16) },
  'ConfigMap/tunnelscope-site': {
    PUBLIC_SITE_URL: () => 'https://tunnelscope.example.com',
    MAIL_FROM: () => 'TunnelScope <no-reply@tunnelscope.example.com>',
    CONTACT_INBOX: () => 'team@tunnelscope.example.com',
    TURNSTILE_SITE_KEY: () => turnstileKey(24),
  },
};

/**
 * One set of values per test run: every reference to the same key gets the same value, as it
 * would from one Secret.
 */
export function operatorValues(): (kind: string, name: string, key: string) => string | undefined {
  const made = new Map<string, string>();
  return (kind, name, key) => {
    const id = `${kind}/${name}/${key}`;
    if (!made.has(id)) {
      const make = OPERATOR_PROVIDED[`${kind}/${name}`]?.[key];
      if (!make) return undefined;
      made.set(id, make());
    }
    return made.get(id);
  };
}
