import type { FastifyInstance } from 'fastify';
import { withTimeout } from '@tunnelscope/service-kit';

type Check = () => Promise<unknown>;
const CHECK_TIMEOUT_MS = 2000;

async function passes(check: Check): Promise<boolean> {
  try {
    await withTimeout(check(), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process answers. `/readyz`: every check is reported, but only `required` ones
 * decide readiness. (service-kit's `registerHealthRoutes` makes every check decide readiness; this
 * service is the one that needs a check that is reported without deciding, hence its own.) The IP database is optional on purpose: while it is down this
 * service still answers /api/stats with the fallbacks and the admin analytics with
 * `networkError: true`; failing readiness would turn those designed answers into the gateway's 502.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  checks: { required: Record<string, Check>; optional: Record<string, Check> },
): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const entries = [
      ...Object.entries(checks.required).map(([name, check]) => ({ name, check, required: true })),
      ...Object.entries(checks.optional).map(([name, check]) => ({ name, check, required: false })),
    ];
    const outcomes = await Promise.all(entries.map((e) => passes(e.check)));
    const results: Record<string, 'ok' | 'down'> = {};
    let ready = true;
    entries.forEach((e, i) => {
      results[e.name] = outcomes[i] ? 'ok' : 'down';
      if (!outcomes[i]) {
        if (e.required) ready = false;
        request.log.warn({ check: e.name, required: e.required }, 'readiness check failed');
      }
    });
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
