/**
 * What production refuses as a secret: every value written anywhere in this repository (they are
 * public the moment the repository is), anything short, and anything that looks typed rather
 * than generated. Each deployable's `config.ts` applies it to its secrets when NODE_ENV is
 * production; development and tests keep their fixed values.
 *
 * `secret-policy.test.ts` reads docker-compose.yml and .env.example and fails when one of their
 * secrets is missing here, so this list cannot fall behind the files that publish values.
 */
import type { z } from 'zod';

/** Every secret-like value the repository contains: defaults, compose, .env.example, test helpers, benches. */
export const PUBLISHED_SECRETS: readonly string[] = [
  // Development defaults of the services (service-kit, forms-service, auth-service, gateway).
  'dev-only-internal-secret-0123456789abcdef',
  'dev-only-otp-hmac-secret-0123456789abcdef',
  'ZGV2LW9ubHktdG90cC1rZXktMDEyMzQ1Njc4OWFiY2Q=',
  '0d3ad0c0ffee0b5e55ed0a11c0ffee00',
  // docker-compose.yml and .env.example.
  'compose-internal-secret-change-me-0123456789',
  'compose-otp-hmac-secret-change-me-0123456789',
  'Y29tcG9zZS10b3RwLWtleS1jaGFuZ2UtbWUtMDEyMzQ=',
  '4f3c2a1b0e9d8c7b6a5f4e3d2c1b0a99',
  'postgres',
  // Test helpers, the stack tests and the benchmarks.
  'test-internal-secret-0123456789abcdef',
  'stack-internal-secret-0123456789abcdef-xyz',
  'abcdef0123456789abcdef0123456789',
  'ab12cd34ef56ab78cd90ef12ab34cd56',
  'be4c4be4c4be4c4be4c4be4c4be4c4be',
  '0123456789abcdef0123456789abcdef',
];

const PUBLISHED: ReadonlySet<string> = new Set(PUBLISHED_SECRETS.map((s) => s.toLowerCase()));

/** Cloudflare's documented Turnstile test keys: site keys `1x…AA` etc., secrets `1x0…AA` etc. */
const TURNSTILE_TEST_KEY = /^[123]x0{20,}[a-f]{2}$/i;

export const MIN_SECRET_LENGTH = 32;
/** Shannon entropy of the characters times the length; random hex of 32 characters has about 112. */
const MIN_SECRET_BITS = 80;

/** Published values long enough that a secret containing one (`<published>-prod`) is no secret either. */
const PUBLISHED_LONG = PUBLISHED_SECRETS.filter((s) => s.length >= 16).map((s) => s.toLowerCase());

export function isPublishedSecret(value: string): boolean {
  const v = value.trim().toLowerCase();
  return PUBLISHED.has(v) || TURNSTILE_TEST_KEY.test(v) || PUBLISHED_LONG.some((p) => v.includes(p));
}

export function isTurnstileTestKey(value: string): boolean {
  return TURNSTILE_TEST_KEY.test(value.trim());
}

/** Estimated bits: how unpredictable the characters are by their frequencies, times the length. */
function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * value.length;
}

/** `abcabcabc…`: a short unit repeated, whatever its character mix. */
function isRepetition(value: string): boolean {
  for (let unit = 1; unit <= value.length / 2; unit++) {
    if (value.length % unit === 0 && value.slice(0, unit).repeat(value.length / unit) === value) return true;
  }
  return false;
}

/** Why `value` may not be a production secret, or null when it may. */
export function secretWeakness(value: string, minLength = MIN_SECRET_LENGTH): string | null {
  if (isPublishedSecret(value)) {
    return 'is a value published in this repository (compose, .env.example, tests); generate a private one, e.g. `openssl rand -base64 32`';
  }
  if (value.length < minLength) return `must be at least ${minLength} characters in production`;
  if (isRepetition(value) || estimatedBits(value) < MIN_SECRET_BITS) {
    return 'looks typed rather than generated (repeated or too few distinct characters); use e.g. `openssl rand -base64 32`';
  }
  return null;
}

/** Adds a config issue at `path` when `value` is not fit to be a production secret. */
export function refuseWeakSecret(
  ctx: z.RefinementCtx,
  path: string,
  value: string | undefined,
  minLength?: number,
): void {
  if (value === undefined) return;
  const problem = secretWeakness(value, minLength);
  if (problem) ctx.addIssue({ code: 'custom', path: [path], message: problem });
}

/** Adds a config issue when a database URL carries a password published in this repository. */
export function refusePublishedDatabasePassword(
  ctx: z.RefinementCtx,
  path: string,
  url: string | undefined,
): void {
  if (!url) return;
  let password: string;
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return; // not a URL: the field's own schema says so
  }
  if (password && isPublishedSecret(password)) {
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: 'carries a database password published in this repository; set a private one in production',
    });
  }
}
