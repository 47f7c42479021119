/** `node dist/cli.js`: the stand-ins for development (scripts/start.mjs runs it). */
import { startTurnstileStandin } from './server.js';

const port = Number(process.env.TURNSTILE_STANDIN_PORT ?? 8788);
const host = process.env.TURNSTILE_STANDIN_HOST ?? '127.0.0.1';
const standin = await startTurnstileStandin({ port, host });
process.stdout.write(`turnstile stand-in: script ${standin.scriptUrl}, siteverify ${standin.verifyUrl}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
