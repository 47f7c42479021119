#!/usr/bin/env node
import { loadConfig } from './config.js';
import { startMailSink } from './mail-sink.js';

const sink = await startMailSink(loadConfig());
console.warn(`mail sink: SMTP ${sink.smtpUrl}, read mails at ${sink.httpUrl}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
