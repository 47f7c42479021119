/**
 * The metrics listener: a server of its own on METRICS_PORT answering `GET /metrics` and nothing
 * else, so the API port (the one the gateway forwards to) never shows metrics, and a
 * NetworkPolicy can open this port to the monitoring namespace alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceMetrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

export interface MetricsListener {
  /** The port it listens on (the chosen one when asked for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

export interface MetricsListenerOptions {
  port: number;
  host: string;
  /** Where a failed collection is reported (the service's logger). */
  log?: { error(obj: object, msg?: string): void };
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

export async function startMetricsListener(
  metrics: Pick<ServiceMetrics, 'exposition'>,
  opts: MetricsListenerOptions,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    if (pathOf(req.url) !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
      },
      (err: unknown) => {
        opts.log?.error({ err }, 'metrics collection failed');
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Metrics collection failed\n');
      },
    );
  });
  // A scraper that stops reading must not hold the process: Prometheus answers within seconds.
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection alive between scrapes: do not wait for it to hang up.
        server.closeAllConnections();
      }),
  };
}
