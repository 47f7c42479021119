/**
 * Settings a bundle needs at run time, written into each `index.html` once at start-up rather than
 * baked into the bundle at build time, so that one build runs in every environment. They go in as
 * a JSON data block:
 *
 *   <script type="application/json" id="runtime-config">{"brandName":"TunnelScope",…}</script>
 *
 * A data block is never executed, so the CSP stays free of inline scripts, and the SPA reads it
 * synchronously: `JSON.parse(document.getElementById('runtime-config')!.textContent!)`.
 * The public page's block never holds the admin prefix.
 */
import {
  apiKeyVariable,
  PUBLIC_ORIGIN_PLACEHOLDER,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_PLACEHOLDERS,
  type RuntimeConfig,
} from '@tunnelscope/contracts';
import type { Config } from '../config.js';

export { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig };

export function runtimeConfigFrom(config: Config): RuntimeConfig {
  return {
    brandName: config.BRAND_NAME,
    salesEmail: config.SALES_EMAIL,
    supportEmail: config.SUPPORT_EMAIL,
    turnstileSiteKey: config.TURNSTILE_SITE_KEY,
    turnstileScriptUrl: config.TURNSTILE_SCRIPT_URL,
  };
}

/** JSON that cannot end its <script> element or open a comment, whatever the values hold. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function runtimeConfigTag(runtime: RuntimeConfig): string {
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForHtml(runtime)}</script>`;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Puts `atHeadStart` right after `<head …>` (a `<base>` must precede every relative URL) and
 * `atHeadEnd` right before `</head>`. A page without a head gets both in front of its content.
 */
export function injectIntoHead(
  html: string,
  { atHeadStart = '', atHeadEnd = '' }: { atHeadStart?: string; atHeadEnd?: string },
): string {
  const open = /<head(?:\s[^>]*)?>/i.exec(html);
  const close = /<\/head\s*>/i.exec(html);
  if (!open || !close || close.index < open.index) return atHeadStart + atHeadEnd + html;
  const afterOpen = open.index + open[0].length;
  return (
    html.slice(0, afterOpen) +
    atHeadStart +
    html.slice(afterOpen, close.index) +
    atHeadEnd +
    html.slice(close.index)
  );
}

/**
 * Replaces the prerendered pages' placeholders (`RUNTIME_PLACEHOLDERS`, the public origin's, and
 * the API samples' key variable derived from the brand's) with the settings, HTML-escaped: the
 * tokens stand in text and attribute values, where escaped text reads as the value itself.
 */
export function fillPlaceholders(html: string, runtime: RuntimeConfig, publicOrigin: string): string {
  const pairs: [string, string][] = [
    // First: it is built from the brand's token, which the next pair would otherwise change.
    [apiKeyVariable(RUNTIME_PLACEHOLDERS.brandName), apiKeyVariable(runtime.brandName)],
    ...(Object.keys(RUNTIME_PLACEHOLDERS) as (keyof RuntimeConfig)[]).map((key): [string, string] => [
      RUNTIME_PLACEHOLDERS[key],
      runtime[key],
    ]),
    [PUBLIC_ORIGIN_PLACEHOLDER, publicOrigin],
  ];
  return pairs.reduce((text, [token, value]) => text.split(token).join(escapeHtml(value)), html);
}
