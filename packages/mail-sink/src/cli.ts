#!/usr/bin/env node
import { startMailSink } from './mail-sink.js';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 1025);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 8025);
const sink = await startMailSink({ smtpPort, httpPort, host: process.env.MAIL_SINK_HOST ?? '127.0.0.1' });
console.warn(`mail sink: SMTP ${sink.smtpUrl}, read mails at ${sink.httpUrl}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
