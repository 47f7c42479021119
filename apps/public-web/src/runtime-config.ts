import { RUNTIME_PLACEHOLDERS } from '@tunnelscope/contracts';
import { readRuntimeConfig } from '@tunnelscope/web-ui/runtime-config';

/**
 * The settings the gateway writes into each page (the brand and the contact addresses), read once.
 * At build time (no document: the prerender) they are the placeholders the gateway replaces with
 * the same settings at start-up, so the prerendered HTML and the hydrating page agree.
 */
export const runtimeConfig =
  typeof document === 'undefined' ? { ...RUNTIME_PLACEHOLDERS } : readRuntimeConfig();
