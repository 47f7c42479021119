/**
 * Settings a bundle needs at run time. They are never built into a bundle, so one build runs in
 * every environment: the gateway writes them into each index.html as
 * `<script type="application/json" id="runtime-config">`, and each SPA reads that block field by
 * field (packages/web-ui `readRuntimeConfig`).
 */
export { RUNTIME_CONFIG_ELEMENT_ID } from './constants.js';

export interface RuntimeConfig {
  brandName: string;
  salesEmail: string;
  supportEmail: string;
  turnstileSiteKey: string;
  turnstileScriptUrl: string;
}

/**
 * What the public site's prerendered pages hold where a runtime setting goes (issue 15): the
 * build renders every route with these tokens in place of the settings, and the gateway replaces
 * each token with the HTML-escaped value once at start-up. Upper-case letters and underscores
 * only, so HTML escaping and JSON leave them as they are.
 */
export const RUNTIME_PLACEHOLDERS: Readonly<Record<keyof RuntimeConfig, string>> = {
  brandName: '__TS_RUNTIME_BRAND_NAME__',
  salesEmail: '__TS_RUNTIME_SALES_EMAIL__',
  supportEmail: '__TS_RUNTIME_SUPPORT_EMAIL__',
  turnstileSiteKey: '__TS_RUNTIME_TURNSTILE_SITE_KEY__',
  turnstileScriptUrl: '__TS_RUNTIME_TURNSTILE_SCRIPT_URL__',
};

/** The site's public origin (`PUBLIC_ORIGIN` of the gateway) in canonical links, Open Graph tags and the sitemap. */
export const PUBLIC_ORIGIN_PLACEHOLDER = '__TS_PUBLIC_ORIGIN__';

/**
 * The environment variable the API samples put the key in (`$TUNNELSCOPE_API_KEY`). Shared so the
 * gateway can fill the sample of a prerendered page: the build renders it from the brand's token.
 */
export function apiKeyVariable(brandName: string): string {
  return `${brandName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_API_KEY`;
}
