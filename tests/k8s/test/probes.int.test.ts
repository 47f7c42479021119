/**
 * Every probe the manifests declare answers 200 on the running stack: the built services as real
 * processes (tests/stack's helper), each asked on the path of its Deployment's liveness, readiness
 * and startup probes, at the port the probe names (the container port `http`, which the unit tests
 * tie to the service's own port variable).
 */
import { startStack, type Stack, type StackService } from '@tunnelscope/stack-tests';
import { DEPLOYABLES } from '../src/deployables.js';
import type { Container } from '../src/environment.js';
import { named, OVERLAYS, renderOverlay } from '../src/render.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ label: 'k8s-probes' });
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

/** The first 200 within `timeoutMs` (lookup-service's readiness waits for its index, as its startup probe allows). */
async function statusWithin(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200 || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.each(OVERLAYS)('overlay %s: probes on the running stack', (overlay) => {
  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))(
    '%s answers 200 on every probe',
    async (_n, d) => {
      const c = named(renderOverlay(overlay), 'Deployment', d.name)!.spec.template.spec
        .containers[0] as Container;
      const probes = ['startupProbe', 'livenessProbe', 'readinessProbe'].filter((p) => c[p]);
      expect(probes).toContain('readinessProbe');
      const portsByName = Object.fromEntries(
        (c.ports as { name: string; containerPort: number }[]).map((p) => [p.name, p.containerPort]),
      );
      for (const probe of probes) {
        const { path, port } = c[probe].httpGet as { path: string; port: string | number };
        // The manifest's port (by name or number) is the service's port variable; the stack runs it elsewhere.
        const declared = typeof port === 'string' ? portsByName[port] : port;
        expect(declared).toBe(d.port);
        expect(stack.processes.has(d.name as StackService)).toBe(true);
        const url = `http://127.0.0.1:${stack.env[d.portVar]}${path}`;
        const budgetMs = (c[probe].periodSeconds ?? 10) * (c[probe].failureThreshold ?? 3) * 1000;
        expect({ probe, url, status: await statusWithin(url, Math.min(budgetMs, 120_000)) }).toEqual({
          probe,
          url,
          status: 200,
        });
      }
    },
    150_000,
  );
});
