import { runService } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
const app = await buildApp(config);
// Redis and the IP database pool close in the app's onClose hook.
await runService(app, { port: config.ANALYTICS_SERVICE_PORT, host: config.HOST });
