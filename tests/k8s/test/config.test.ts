/**
 * Every Deployment's and migration Job's environment — literal values plus the Secrets and
 * ConfigMaps it references, resolved — satisfies that service's own zod config schema, in both
 * overlays: local with its generated development Secrets, production with values of production
 * shape generated now for what the operator creates (src/operator-values.ts), which the
 * production guards must accept. The same check tests/stack's compose test makes for compose.
 */
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { packageEntry } from '@tunnelscope/stack-tests';
import { DEPLOYABLES, imagePackage } from '../src/deployables.js';
import { resolveEnvironment, type Container } from '../src/environment.js';
import { OPERATOR_PROVIDED, operatorValues } from '../src/operator-values.js';
import { OVERLAYS, named, ofKind, renderOverlay, type K8sObject } from '../src/render.js';

async function schemaOf(pkg: string): Promise<z.ZodType> {
  return (await import(pathToFileURL(packageEntry(`${pkg}/config`)).href)).configSchema as z.ZodType;
}

function shapeKeys(schema: z.ZodType): string[] {
  const s = schema as unknown as { shape?: object; def?: { in?: { shape?: object } } };
  return Object.keys(s.shape ?? s.def?.in?.shape ?? {});
}

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

function mainContainer(obj: K8sObject): Container {
  return obj.spec.template.spec.containers[0] as Container;
}

describe.each(OVERLAYS)('overlay %s: environments', (overlay) => {
  const objects = renderOverlay(overlay);
  const operator = operatorValues();

  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))(
    '%s: its config schema accepts the Deployment environment, with no unknown keys',
    async (_name, d) => {
      const dep = named(objects, 'Deployment', d.name);
      expect(dep).toBeDefined();
      const container = mainContainer(dep!);
      expect(imagePackage(container.image)?.package).toBe(d.package);
      const { env, missing } = resolveEnvironment(container, objects, operator);
      expect({ name: d.name, missing }).toEqual({ name: d.name, missing: [] });
      const schema = await schemaOf(d.package);
      expect({ name: d.name, issues: issuesOf(schema.safeParse(env)) }).toEqual({ name: d.name, issues: [] });
      const known = shapeKeys(schema);
      expect(known.length).toBeGreaterThan(3);
      expect({ name: d.name, unknown: Object.keys(env).filter((k) => !known.includes(k)) }).toEqual({
        name: d.name,
        unknown: [],
      });
      // The API port the Service and the gateway's upstream URLs name, and the metrics contract's port.
      expect(env[d.portVar]).toBe(String(d.port));
      expect(env.METRICS_PORT).toBe(String(d.metricsPort));
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.NODE_ENV).toBe(overlay === 'production' ? 'production' : 'development');
    },
  );

  it('runs every migration Job with an environment its service accepts', async () => {
    const jobs = ofKind(objects, 'Job');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual([
      'analytics-migrate',
      'auth-migrate',
      'forms-migrate',
      'lookup-migrate',
    ]);
    for (const job of jobs) {
      const container = mainContainer(job);
      const pkg = imagePackage(container.image)!.package;
      const { env, missing } = resolveEnvironment(container, objects, operator);
      expect({ job: job.metadata.name, missing }).toEqual({ job: job.metadata.name, missing: [] });
      const result = (await schemaOf(pkg)).safeParse(env);
      expect({ job: job.metadata.name, issues: issuesOf(result) }).toEqual({
        job: job.metadata.name,
        issues: [],
      });
    }
  });

  it('points the gateway at every service behind it, by the Service that exists', () => {
    const { env } = resolveEnvironment(
      mainContainer(named(objects, 'Deployment', 'gateway')!),
      objects,
      operator,
    );
    for (const d of DEPLOYABLES.filter((x) => x.behindGateway)) {
      const key = `${d.name.replace('-service', '').toUpperCase()}_SERVICE_URL`;
      expect({ key, url: env[key] }).toEqual({ key, url: `http://${d.name}:${d.port}` });
      const svc = named(objects, 'Service', d.name)!;
      expect(svc.spec.ports.find((p: { name: string }) => p.name === 'http').port).toBe(d.port);
    }
  });
});

describe('overlay production: the production guards', () => {
  const objects = renderOverlay('production');

  it('sits behind exactly one proxy (TRUSTED_PROXY_HOPS=1)', () => {
    const { env } = resolveEnvironment(
      mainContainer(named(objects, 'Deployment', 'gateway')!),
      objects,
      operatorValues(),
    );
    expect(env.TRUSTED_PROXY_HOPS).toBe('1');
  });

  it('references only keys the operator is told to create (deploy/k8s/README.md)', () => {
    const refs = new Set<string>();
    for (const o of objects) {
      const spec = o.spec?.template?.spec;
      for (const c of [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])] as Container[])
        for (const v of c.env ?? []) {
          const r = v.valueFrom?.secretKeyRef ?? v.valueFrom?.configMapKeyRef;
          if (r && !objects.some((x) => x.metadata.name === r.name))
            refs.add(`${v.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap'}/${r.name}/${r.key}`);
        }
    }
    const documented = Object.entries(OPERATOR_PROVIDED).flatMap(([obj, keys]) =>
      Object.keys(keys).map((k) => `${obj}/${k}`),
    );
    for (const r of refs) expect(documented).toContain(r);
  });

  // The guards are real: the development values of the local overlay would not start production.
  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))(
    '%s refuses the local overlay’s development secrets under NODE_ENV=production',
    async (_name, d) => {
      const local = renderOverlay('local');
      const { env } = resolveEnvironment(
        mainContainer(named(local, 'Deployment', d.name)!),
        local,
        operatorValues(),
      );
      const result = (await schemaOf(d.package)).safeParse({ ...env, NODE_ENV: 'production' });
      expect({ name: d.name, refused: !result.success }).toEqual({ name: d.name, refused: true });
    },
  );
});
