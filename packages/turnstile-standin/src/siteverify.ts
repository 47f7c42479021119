import { DUMMY_TOKEN, TEST_SECRETS } from './test-keys.js';

export interface SiteverifyAnswer {
  success: boolean;
  'error-codes': string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
}

/**
 * What Cloudflare's siteverify answers for the test secrets. A real secret cannot be checked
 * offline, so it is refused as `invalid-input-secret` (a production deployment never points here).
 */
export function siteverify(
  fields: { secret?: string; response?: string },
  now = new Date(),
): SiteverifyAnswer {
  const { secret, response } = fields;
  if (!secret) return { success: false, 'error-codes': ['missing-input-secret'] };
  if (!response) return { success: false, 'error-codes': ['missing-input-response'] };
  if (response.length > 2048) return { success: false, 'error-codes': ['invalid-input-response'] };
  switch (secret) {
    case TEST_SECRETS.alwaysPasses:
      return {
        success: true,
        'error-codes': [],
        challenge_ts: now.toISOString(),
        hostname: 'localhost',
        action: '',
        cdata: '',
      };
    case TEST_SECRETS.alwaysFails:
      return { success: false, 'error-codes': ['invalid-input-response'] };
    case TEST_SECRETS.tokenSpent:
      return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    default:
      return { success: false, 'error-codes': ['invalid-input-secret'] };
  }
}

export { DUMMY_TOKEN };
