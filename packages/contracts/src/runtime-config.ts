import { z } from 'zod';

/**
 * Settings a bundle needs at run time (DECISIONS.md: never baked in at build time). The gateway
 * writes them into each index.html as `<script type="application/json" id="runtime-config">`;
 * the SPAs parse that block with this schema.
 */
export { RUNTIME_CONFIG_ELEMENT_ID } from './constants.js';

export const runtimeConfigSchema = z.object({
  brandName: z.string().min(1).max(100),
  salesEmail: z.email().max(254),
  supportEmail: z.email().max(254),
  turnstileSiteKey: z.string().max(200),
  turnstileScriptUrl: z.url().max(2048),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
