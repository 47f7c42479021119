/** `node dist/cli.js`: the stand-ins for development (scripts/start.mjs runs it). */
import { loadConfig } from './config.js';
import { startTurnstileStandin } from './server.js';

const standin = await startTurnstileStandin(loadConfig());
process.stdout.write(`turnstile stand-in: script ${standin.scriptUrl}, siteverify ${standin.verifyUrl}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
