export { startMailSink, type MailSink, type SunkMail } from '@tunnelscope/mail-sink';
export * from './database.js';
export * from './stack.js';
export * from './test-clock.js';
export * from './redis-keys.js';
