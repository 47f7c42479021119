import type { FastifyInstance } from 'fastify';
import { withTimeout } from './timeout.js';

export type ReadinessCheck = () => Promise<unknown>;
const CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /**
   * Checks reported in `/readyz` that do not decide readiness: a dependency the service has a
   * designed answer for while it is down (analytics keeps answering from fallbacks while the IP
   * database is away; failing readiness would turn those answers into the gateway's 502).
   */
  optional?: Record<string, ReadinessCheck>;
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * `/healthz` says the process is alive (no dependency is touched, so a database outage does not
 * restart every pod); `/readyz` says its dependencies answer, so traffic is routed only then.
 * Every check named in `required` decides readiness; `optional` ones are only reported.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  required: Record<string, ReadinessCheck>,
  options: HealthOptions = {},
): void {
  // Probes arrive every few seconds: log them only at warn, unless the service is quieter still.
  const quieter = ['error', 'fatal', 'silent'] as const;
  const current = app.log.level as (typeof quieter)[number];
  const logLevel = quieter.includes(current) ? current : 'warn';
  const entries = [
    ...Object.entries(required).map(([name, check]) => ({ name, check, decides: true })),
    ...Object.entries(options.optional ?? {}).map(([name, check]) => ({ name, check, decides: false })),
  ];
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const outcomes = await Promise.all(entries.map((entry) => passes(entry.check)));
    const results: Record<string, 'ok' | 'down'> = {};
    let ready = true;
    entries.forEach((entry, i) => {
      results[entry.name] = outcomes[i] ? 'ok' : 'down';
      if (outcomes[i]) return;
      if (entry.decides) ready = false;
      request.log.warn({ check: entry.name, required: entry.decides }, 'readiness check failed');
    });
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
