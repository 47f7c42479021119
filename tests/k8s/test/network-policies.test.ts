/**
 * The NetworkPolicies allow exactly the table below (deploy/k8s/README.md, "Network paths"), and
 * nothing else: every pair of endpoints (our pods, the neighbours outside the namespace, addresses
 * on the internet and in private networks) on every port they listen on is evaluated with the
 * policies' own selectors (src/network-policy.ts), and the allowed set must equal the table.
 */
import { DEPLOYABLES } from '../src/deployables.js';
import { PolicySet, type Endpoint, type Protocol } from '../src/network-policy.js';
import { ofKind, OVERLAYS, renderOverlay, type Overlay } from '../src/render.js';

const SERVICES = DEPLOYABLES.map((d) => d.name);
const BEHIND_GATEWAY = DEPLOYABLES.filter((d) => d.behindGateway);
const JOBS = ['forms-migrate', 'auth-migrate', 'lookup-migrate', 'analytics-migrate'];
const POSTGRES_CLIENTS = [
  'forms-service',
  'auth-service',
  'analytics-service',
  'lookup-service',
  'ingest-service',
  ...JOBS,
];
const INTERNET_CLIENTS = ['forms-service', 'auth-service', 'ingest-service'];
const KUBE_API_CLIENTS = [
  'forms-service',
  'auth-service',
  'analytics-service',
  'lookup-service',
  'ingest-service',
  'forms-migrate',
  'lookup-migrate',
];
/** Ports an external server might listen on: everything the policies name, and some they do not. */
const EXTERNAL_PORTS = [22, 25, 53, 80, 443, 465, 587, 1025, 5432, 6379, 6380, 6443, 8080];

/** `from -> to:port`, `/UDP` appended for UDP. */
type Path = string;

/** The table: who reaches whom on which port (TCP unless it says UDP). */
function expectedPaths(overlay: Overlay, pods: string[]): Path[] {
  const paths: Path[] = [];
  for (const p of pods) paths.push(`${p} -> kube-dns:53`, `${p} -> kube-dns:53/UDP`);
  paths.push('ns:ingress-nginx -> gateway:8080');
  for (const d of BEHIND_GATEWAY) paths.push(`gateway -> ${d.name}:${d.port}`);
  for (const d of DEPLOYABLES) paths.push(`ns:monitoring -> ${d.name}:${d.metricsPort}`);
  // Managed PostgreSQL, Redis and SMTP: by port, wherever they are — so a pod of another namespace
  // listening on such a port is reachable too (base's policies say so; an overlay pins addresses).
  for (const ext of ['ip:internet', 'ip:private', 'ns:default']) {
    for (const c of POSTGRES_CLIENTS) paths.push(`${c} -> ${ext}:5432`);
    for (const c of SERVICES) paths.push(`${c} -> ${ext}:6379`, `${c} -> ${ext}:6380`);
    paths.push(`mailer-worker -> ${ext}:587`, `mailer-worker -> ${ext}:465`);
  }
  for (const c of INTERNET_CLIENTS) paths.push(`${c} -> ip:internet:443`);
  // The API server is at a private address; pod addresses are private too.
  for (const c of KUBE_API_CLIENTS)
    for (const ext of ['ip:private', 'ns:default']) paths.push(`${c} -> ${ext}:443`, `${c} -> ${ext}:6443`);
  if (overlay === 'local') {
    for (const c of POSTGRES_CLIENTS) paths.push(`${c} -> postgres:5432`);
    for (const c of SERVICES) paths.push(`${c} -> redis:6379`);
    paths.push(
      'ns:keda -> redis:6379',
      'mailer-worker -> mailpit:1025',
      'auth-service -> turnstile-standin:8788',
    );
  }
  return paths.sort();
}

function podEndpoints(overlay: Overlay): Endpoint[] {
  const objects = renderOverlay(overlay);
  const ns = { 'kubernetes.io/metadata.name': 'tunnelscope' };
  return objects
    .filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind))
    .map((o, i) => ({
      id: o.metadata.name,
      inNamespace: true,
      namespaceLabels: ns,
      podLabels: o.spec.template.metadata.labels,
      ip: `10.244.0.${i + 10}`,
      ports: (
        o.spec.template.spec.containers as {
          ports?: { name?: string; containerPort: number; protocol?: Protocol }[];
        }[]
      )
        .flatMap((c) => c.ports ?? [])
        .map((p) => ({ port: p.containerPort, name: p.name, protocol: p.protocol ?? 'TCP' })),
    }));
}

const neighbour = (
  namespace: string,
  podLabels: Record<string, string>,
  ip: string,
  ports: Endpoint['ports'] = [],
): Endpoint => ({
  id: `ns:${namespace}`,
  inNamespace: false,
  namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
  podLabels,
  ip,
  ports,
});

const OUTSIDE: Endpoint[] = [
  neighbour('ingress-nginx', { 'app.kubernetes.io/name': 'ingress-nginx' }, '10.244.1.2'),
  neighbour('monitoring', { 'app.kubernetes.io/name': 'prometheus' }, '10.244.1.3'),
  neighbour('keda', { app: 'keda-operator' }, '10.244.1.4'),
  neighbour(
    'default',
    { app: 'anything' },
    '10.244.1.5',
    EXTERNAL_PORTS.map((port) => ({ port, protocol: 'TCP' as const })),
  ),
  {
    ...neighbour('kube-system', { 'k8s-app': 'kube-dns' }, '10.96.0.10', [
      { port: 53, protocol: 'UDP' },
      { port: 53, protocol: 'TCP' },
    ]),
    id: 'kube-dns',
  },
  {
    id: 'ip:internet',
    inNamespace: false,
    ip: '93.184.216.34',
    ports: [
      ...EXTERNAL_PORTS.map((port) => ({ port, protocol: 'TCP' as const })),
      { port: 53, protocol: 'UDP' },
    ],
  },
  {
    id: 'ip:private',
    inNamespace: false,
    ip: '10.20.30.40',
    ports: EXTERNAL_PORTS.map((port) => ({ port, protocol: 'TCP' as const })),
  },
];

function allowedPaths(overlay: Overlay): { allowed: Path[]; pods: string[] } {
  const policies = new PolicySet(ofKind(renderOverlay(overlay), 'NetworkPolicy'), {
    'kubernetes.io/metadata.name': 'tunnelscope',
  });
  const pods = podEndpoints(overlay);
  const everyone = [...pods, ...OUTSIDE];
  const allowed: Path[] = [];
  for (const src of everyone) {
    for (const dst of everyone) {
      if (src === dst || (!src.inNamespace && !dst.inNamespace)) continue;
      for (const { port, protocol } of dst.ports) {
        if (policies.allows(src, dst, port, protocol))
          allowed.push(
            protocol === 'UDP' ? `${src.id} -> ${dst.id}:${port}/UDP` : `${src.id} -> ${dst.id}:${port}`,
          );
      }
    }
  }
  return { allowed: [...new Set(allowed)].sort(), pods: pods.map((p) => p.id) };
}

describe.each(OVERLAYS)('overlay %s: NetworkPolicies', (overlay) => {
  it('allow exactly the paths of the table', () => {
    const { allowed, pods } = allowedPaths(overlay);
    const expected = expectedPaths(overlay, pods);
    expect({
      unexpected: allowed.filter((p) => !expected.includes(p)),
      missing: expected.filter((p) => !allowed.includes(p)),
    }).toEqual({
      unexpected: [],
      missing: [],
    });
  });

  it('start from a default deny of both directions for every pod', () => {
    const deny = ofKind(renderOverlay(overlay), 'NetworkPolicy').find(
      (p) => p.metadata.name === 'default-deny-all',
    )!;
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });

  it('keep /internal/* to the gateway: no pod but the gateway reaches a service’s API port', () => {
    const { allowed } = allowedPaths(overlay);
    for (const d of DEPLOYABLES.filter((x) => x.name !== 'gateway'))
      expect(allowed.filter((p) => p.endsWith(` -> ${d.name}:${d.port}`))).toEqual(
        d.behindGateway ? [`gateway -> ${d.name}:${d.port}`] : [],
      );
  });
});

describe('the evaluator', () => {
  // The table check can fail: a policy that opens a path shows up as unexpected.
  it('sees a path a policy opens', () => {
    const objects = renderOverlay('production');
    const extra = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'too-open' },
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'lookup-service' } },
        policyTypes: ['Ingress'],
        ingress: [{}],
      },
    };
    const policies = new PolicySet([...ofKind(objects, 'NetworkPolicy'), extra], {
      'kubernetes.io/metadata.name': 'tunnelscope',
    });
    const pods = podEndpoints('production');
    const forms = pods.find((p) => p.id === 'forms-service')!;
    const lookup = pods.find((p) => p.id === 'lookup-service')!;
    // forms-service has no egress to lookup-service either, so the pair stays closed; Prometheus reaches the API port now.
    expect(policies.allows(forms, lookup, 4005)).toBe(false);
    expect(policies.allows(OUTSIDE[1]!, lookup, 4005)).toBe(true);
  });
});
