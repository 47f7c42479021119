/**
 * Every rendered object against the Kubernetes OpenAPI schemas (kubernetes-models, Kubernetes
 * 1.32's), and the custom resources against their projects' published CRD schemas (KEDA's
 * ScaledObject and TriggerAuthentication, the Prometheus Operator's ServiceMonitor and
 * PrometheusRule) — offline, what `kubectl apply --dry-run=server` would check first.
 */
import { OVERLAYS, renderOverlay, type K8sObject } from '../src/render.js';

/** The package whose models describe an apiVersion. */
function modelModule(apiVersion: string): string {
  if (apiVersion.startsWith('keda.sh/')) return `@kubernetes-models/keda/${apiVersion}`;
  if (apiVersion.startsWith('monitoring.coreos.com/'))
    return `@kubernetes-models/prometheus-operator/${apiVersion}`;
  return `kubernetes-models/${apiVersion}`;
}

async function validate(obj: K8sObject): Promise<string | null> {
  let mod: Record<string, unknown>;
  try {
    mod = await import(modelModule(obj.apiVersion));
  } catch {
    return `no schema for apiVersion ${obj.apiVersion}`;
  }
  const Model = mod[obj.kind] as (new (o: unknown) => { validate(): void }) | undefined;
  if (!Model) return `no schema for ${obj.apiVersion} ${obj.kind}`;
  try {
    new Model(obj).validate();
    return null;
  } catch (err) {
    return (err as Error).message.slice(0, 2000);
  }
}

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  it('renders with kubectl kustomize into named, namespaced objects', () => {
    const objects = renderOverlay(overlay);
    expect(objects.length).toBeGreaterThan(40);
    for (const o of objects) {
      expect({
        o: `${o.kind}/${o.metadata.name}`,
        ns: o.kind === 'Namespace' || o.metadata.namespace === 'tunnelscope',
      }).toEqual({
        o: `${o.kind}/${o.metadata.name}`,
        ns: true,
      });
    }
  });

  it('validates every object against its schema', async () => {
    const problems: string[] = [];
    for (const o of renderOverlay(overlay)) {
      const problem = await validate(o);
      if (problem) problems.push(`${o.kind}/${o.metadata.name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('uses the custom resources it claims (so their schemas were checked)', () => {
    const kinds = new Set(renderOverlay(overlay).map((o) => o.kind));
    for (const k of ['ScaledObject', 'TriggerAuthentication', 'ServiceMonitor', 'PrometheusRule'])
      expect(kinds).toContain(k);
  });

  it('has no duplicate objects', () => {
    const ids = renderOverlay(overlay).map((o) => `${o.apiVersion}/${o.kind}/${o.metadata.name}`);
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('the validator', () => {
  // The schema check can fail: an object with a wrong field type is refused.
  it('refuses a Deployment whose replicas is a string', async () => {
    const bad = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: {
        replicas: 'two',
        selector: { matchLabels: { a: 'b' } },
        template: { spec: { containers: [] } },
      },
    };
    expect(await validate(bad as unknown as K8sObject)).not.toBeNull();
  });

  it('refuses a ScaledObject without a target', async () => {
    const bad = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'x' },
      spec: { triggers: [] },
    };
    expect(await validate(bad as unknown as K8sObject)).not.toBeNull();
  });
});
