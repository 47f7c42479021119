/**
 * Cloudflare Turnstile's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing),
 * which the stand-ins follow so development and tests run the production code path offline.
 */
export const TEST_SITE_KEYS = {
  /** Visible widget, always passes. */
  alwaysPasses: '1x00000000000000000000AA',
  /** Visible widget, always blocks. */
  alwaysBlocks: '2x00000000000000000000AB',
  /** Invisible widget, always passes. */
  invisiblePasses: '1x00000000000000000000BB',
  /** Invisible widget, always blocks. */
  invisibleBlocks: '2x00000000000000000000BB',
  /** Visible widget that forces an interactive challenge (a click). */
  forcesInteraction: '3x00000000000000000000FF',
} as const;

export const TEST_SECRETS = {
  alwaysPasses: '1x0000000000000000000000000000000AA',
  alwaysFails: '2x0000000000000000000000000000000AA',
  /** Answers as if the token had already been spent. */
  tokenSpent: '3x0000000000000000000000000000000AA',
} as const;

/** The token every test site key produces. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
