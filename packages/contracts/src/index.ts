export * from './constants.js';
export * from './errors.js';
export * from './text-guards.js';
export * from './public-api.js';
export * from './mail-jobs.js';
