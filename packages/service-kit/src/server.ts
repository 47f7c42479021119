import type { FastifyInstance } from 'fastify';
// `app.metrics` is declared there.
import type {} from './http-metrics.js';
import { startMetricsListener, type MetricsListener } from './metrics-listener.js';

export interface ListenOptions {
  port: number;
  host: string;
  /** METRICS_PORT: where `GET /metrics` is served (0: a free port); none when undefined. */
  metricsPort?: number;
}

export interface ListeningService {
  /** The API port (the chosen one when asked for port 0). */
  readonly port: number;
  /** The metrics listener, when a metrics port was given. */
  readonly metrics: MetricsListener | null;
  /** Closes the app (in-flight requests finish), then the metrics listener. */
  close(): Promise<void>;
}

/**
 * The app on its port and its metrics on theirs, the same host: what runService starts, and what
 * a test starts to see a service the way Prometheus does.
 */
export async function listenService(app: FastifyInstance, opts: ListenOptions): Promise<ListeningService> {
  await app.listen({ port: opts.port, host: opts.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  let metrics: MetricsListener | null = null;
  if (opts.metricsPort !== undefined) {
    try {
      metrics = await startMetricsListener(app.metrics, {
        port: opts.metricsPort,
        host: opts.host,
        log: app.log,
      });
    } catch (err) {
      // A metrics port already taken is a start-up failure, like the API port's.
      await app.close();
      throw err;
    }
  }
  return {
    port,
    metrics,
    async close() {
      try {
        await app.close();
      } finally {
        await metrics?.close();
      }
    },
  };
}

export interface RunOptions extends ListenOptions {
  /** Closed after the HTTP server stops (workers, pools). */
  onShutdown?: () => Promise<void>;
  shutdownTimeoutMs?: number;
}

/**
 * Listens (and serves metrics on `metricsPort`) and wires graceful shutdown: on SIGTERM or SIGINT
 * stop accepting, let in-flight requests finish, close pools, exit 0 — or exit 1 if that takes
 * longer than the timeout. The metrics listener stays up until the end, so a scrape during the
 * drain still answers.
 */
export async function runService(app: FastifyInstance, opts: RunOptions): Promise<void> {
  const timeoutMs = opts.shutdownTimeoutMs ?? 10_000;
  let closing = false;
  let metricsListener: MetricsListener | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await app.close();
      await opts.onShutdown?.();
      await metricsListener?.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const listening = await listenService(app, {
    port: opts.port,
    host: opts.host,
    ...(opts.metricsPort !== undefined ? { metricsPort: opts.metricsPort } : {}),
  });
  metricsListener = listening.metrics;
  if (metricsListener) app.log.info({ port: metricsListener.port }, 'metrics listening');
}
