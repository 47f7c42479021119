export * from './stream-id.js';
export * from './publisher.js';
export * from './hub.js';
export * from './sse.js';
