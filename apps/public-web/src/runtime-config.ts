import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@tunnelscope/contracts';

/** What `vite` alone (no gateway to inject settings) and tests fall back to. */
const DEVELOPMENT_DEFAULTS: RuntimeConfig = {
  brandName: 'TunnelScope',
  salesEmail: 'sales@tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  turnstileSiteKey: '1x00000000000000000000AA',
  turnstileScriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

/**
 * Reads the settings the gateway wrote into index.html (DECISIONS: never baked into the bundle).
 * Checked by hand rather than with the contracts' zod schema: zod would add ~25 KB gzip to the
 * landing page for five strings the gateway already validated at start-up.
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEVELOPMENT_DEFAULTS;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const merged = { ...DEVELOPMENT_DEFAULTS };
    for (const key of Object.keys(DEVELOPMENT_DEFAULTS) as (keyof RuntimeConfig)[]) {
      const value = parsed[key];
      if (typeof value === 'string' && value.length > 0 && value.length <= 2048) merged[key] = value;
    }
    return merged;
  } catch {
    return DEVELOPMENT_DEFAULTS;
  }
}

export const runtimeConfig = readRuntimeConfig();
