import type { FastifyInstance } from 'fastify';
import { withTimeout } from './timeout.js';

export type ReadinessCheck = () => Promise<unknown>;
const CHECK_TIMEOUT_MS = 2000;

/**
 * `/healthz` says the process is alive (no dependency is touched, so a database outage does not
 * restart every pod); `/readyz` says its dependencies answer, so traffic is routed only then.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  // Probes arrive every few seconds: log them only at warn, unless the service is quieter still.
  const quieter = ['error', 'fatal', 'silent'] as const;
  const current = app.log.level as (typeof quieter)[number];
  const logLevel = quieter.includes(current) ? current : 'warn';
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const results: Record<string, string> = {};
    let ready = true;
    await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch (err) {
          ready = false;
          results[name] = 'down';
          request.log.warn({ check: name, err: (err as Error).message }, 'readiness check failed');
        }
      }),
    );
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
