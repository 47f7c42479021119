import { runService } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
const app = await buildApp(config);
// Upstream agents close in the app's onClose hook, after in-flight requests have finished.
await runService(app, { port: config.GATEWAY_PORT, host: config.HOST });
