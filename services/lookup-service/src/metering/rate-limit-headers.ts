/**
 * The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers) of a keyed answer:
 * `RateLimit-Policy: "burst";q=50;w=1, "daily";q=10000;w=86400` names both policies, and
 * `RateLimit: "burst";r=49;t=1, "daily";r=9941;t=3600` gives each one's remaining quota units and
 * the seconds until its window resets.
 */
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICIES, RATE_LIMIT_POLICY_HEADER } from '@tunnelscope/contracts';
import type { MeterState } from './meter.js';

export function rateLimitHeaders(state: MeterState): Record<string, string> {
  const { burst, daily } = RATE_LIMIT_POLICIES;
  return {
    [RATE_LIMIT_POLICY_HEADER]: `"${burst}";q=${state.burst.limit};w=1, "${daily}";q=${state.daily.limit};w=86400`,
    [RATE_LIMIT_HEADER]:
      `"${burst}";r=${state.burst.remaining};t=${state.burst.resetSeconds}, ` +
      `"${daily}";r=${state.daily.remaining};t=${state.daily.resetSeconds}`,
  };
}
