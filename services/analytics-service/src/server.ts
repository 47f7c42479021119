/** Starts analytics-service: its connections, the HTTP app, the scheduled refresh, graceful shutdown. */
import { runService, systemClock } from '@tunnelscope/service-kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConnections } from './connections.js';

const config = loadConfig();
const connections = openConnections(config);
const app = await buildApp({ ...connections, config, clock: systemClock });

await runService(app, {
  port: config.ANALYTICS_SERVICE_PORT,
  metricsPort: config.METRICS_PORT,
  host: config.HOST,
  // The refresh stops in the app's onClose hook, before the connections it uses close.
  onShutdown: () => connections.close(),
});
// After listening: a Redis outage at start must not keep the service from serving. While Redis is
// down the schedule cannot be set up, so it is tried again every half minute until it is.
const REFRESH_START_RETRY_MS = 30_000;
function startRefresh(): void {
  app.analyticsRefresh.start().catch((err: unknown) => {
    app.log.warn({ err }, 'the scheduled analytics refresh did not start; trying again in 30 s');
    setTimeout(startRefresh, REFRESH_START_RETRY_MS).unref();
  });
}
if (config.ANALYTICS_REFRESH_INTERVAL_SECONDS > 0) startRefresh();
