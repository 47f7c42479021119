export * from './endpoints.js';
export * from './cases.js';
export * from './harness.js';
export * from './oracle.js';
export * from './runner.js';
export * from './snapshot.js';
export { sendRaw, type RawAnswer } from './send.js';
