import type { FastifyInstance } from 'fastify';

export interface RunOptions {
  port: number;
  host: string;
  /** Closed after the HTTP server stops (workers, pools). */
  onShutdown?: () => Promise<void>;
  shutdownTimeoutMs?: number;
}

/**
 * Listens and wires graceful shutdown: on SIGTERM or SIGINT stop accepting, let in-flight
 * requests finish, close pools, exit 0 — or exit 1 if that takes longer than the timeout.
 */
export async function runService(app: FastifyInstance, opts: RunOptions): Promise<void> {
  const timeoutMs = opts.shutdownTimeoutMs ?? 10_000;
  let closing = false;
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
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: opts.port, host: opts.host });
}
