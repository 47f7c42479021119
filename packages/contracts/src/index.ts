export * from './constants.js';
export * from './errors.js';
export * from './text-guards.js';
export * from './public-api.js';
export * from './public-routes.js';
export * from './mail-jobs.js';
export * from './collection-jobs.js';
export {
  sanitizeInput,
  isChangedBySanitizing,
  encodeForDisplay,
  containsEventHandler,
  type SanitizeOptions,
} from './sanitizer.js';
export * from './threat-detector.js';
export * from './client-rules.js';
export * from './runtime-config.js';
export * from './admin-constants.js';
export * from './admin-routes.js';
export * from './admin-panel.js';
export * from './admin-answers.js';
export * from './admin-api.js';
export * from './ipdb-api.js';
export * from './admin-review.js';
export * from './admin-records.js';
export * from './live-events.js';
export * from './detection-api.js';
export * from './detection-docs.js';
export * from './detection-openapi.js';
export * from './ingest-api.js';
export * from './ingest-status.js';
export * from './gateway-refusal-audit.js';
