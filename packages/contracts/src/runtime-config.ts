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
