import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@tunnelscope/contracts';

/**
 * What `vite` alone (no gateway to inject settings) and the unit tests fall back to: Cloudflare's
 * always-passing test site key. The gateway always injects the real block.
 */
const DEVELOPMENT_DEFAULTS: RuntimeConfig = {
  brandName: 'TunnelScope',
  salesEmail: 'sales@tunnelscope.example',
  supportEmail: 'support@tunnelscope.example',
  turnstileSiteKey: '1x00000000000000000000AA',
  turnstileScriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

/**
 * Reads the settings the gateway wrote into index.html as
 * `<script type="application/json" id="runtime-config">`; they are never built into a bundle, so
 * one build serves every environment. Checked field by field rather than with zod: zod would add
 * ~25 KB gzip to the public landing page for five strings the gateway already validated at
 * start-up, and a broken block must not keep either SPA from starting.
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
