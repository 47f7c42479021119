/** Starts the gateway: its configuration, the app, graceful shutdown. */
import { runService } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp({ config });
// Upstream agents close in the app's onClose hook, after in-flight requests have finished.
await runService(app, { port: config.GATEWAY_PORT, metricsPort: config.METRICS_PORT, host: config.HOST });
