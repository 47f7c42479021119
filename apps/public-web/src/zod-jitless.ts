/**
 * Zod 4 probes whether it may compile parsers with `new Function` the first time an object schema
 * is built. The gateway's CSP allows no 'unsafe-eval', so the probe fails; zod catches that, but
 * Chrome still records a CSP issue (Lighthouse best practices: inspector-issues). `jitless` skips
 * the probe. Set through the global zod reads its configuration from when it loads (zod is in lazy
 * chunks only, so this runs first; importing `z.config` would pull zod into the initial chunk).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
