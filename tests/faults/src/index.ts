export * from './postgres.js';
export * from './redis.js';
export * from './traffic.js';
export * from './fault-stack.js';
export * from './scenarios.js';
