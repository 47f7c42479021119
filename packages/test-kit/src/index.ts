export { startMailSink, type MailSink, type SunkMail } from '@tunnelscope/mail-sink';
export * from './database.js';
export * from './local.js';
export * from './test-clock.js';
export * from './redis-keys.js';
export * from './admin-operator.js';
