/**
 * How the objects hang together and what issue 14 asks of every deployable: a Service that selects
 * exactly one workload, a PodDisruptionBudget, an HPA (CPU) or KEDA ScaledObject (mailer-worker)
 * aimed at an existing Deployment, probes on the port the service listens on, the securityContext,
 * resources, rolling updates, topology spread and the drain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@tunnelscope/test-kit';
import { DEPLOYABLES } from '../src/deployables.js';
import { resolveEnvironment, type Container } from '../src/environment.js';
import { operatorValues } from '../src/operator-values.js';
import {
  containersOf,
  named,
  ofKind,
  OVERLAYS,
  renderOverlay,
  selects,
  type K8sObject,
} from '../src/render.js';

const WORKLOADS = ['Deployment', 'StatefulSet', 'Job'];
/** service-kit's runService: the longest a SIGTERM'd service takes to finish in-flight work. */
const SHUTDOWN_TIMEOUT_SECONDS = 10;

function quantity(q: string | number): number {
  const s = String(q);
  const units: Record<string, number> = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 };
  const m = /^([\d.]+)(m|Ki|Mi|Gi)?$/.exec(s);
  if (!m) throw new Error(`unreadable quantity ${s}`);
  return Number(m[1]) * (m[2] ? units[m[2]]! : 1);
}

describe.each(OVERLAYS)('overlay %s: wiring', (overlay) => {
  const objects = renderOverlay(overlay);
  const workloads = objects.filter((o) => WORKLOADS.includes(o.kind));
  const deployments = ofKind(objects, 'Deployment');

  it('has every deployable, each with a Deployment, a Service, a PDB and an autoscaler', () => {
    for (const d of DEPLOYABLES) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget'])
        expect({ d: d.name, kind, found: !!named(objects, kind, d.name) }).toEqual({
          d: d.name,
          kind,
          found: true,
        });
      const scaler = d.name === 'mailer-worker' ? 'ScaledObject' : 'HorizontalPodAutoscaler';
      expect({ d: d.name, scaler, found: !!named(objects, scaler, d.name) }).toEqual({
        d: d.name,
        scaler,
        found: true,
      });
    }
  });

  it('has every Service select exactly one workload, on ports its pods declare', () => {
    for (const svc of ofKind(objects, 'Service')) {
      const matching = workloads.filter(
        (w) =>
          w.kind !== 'Job' && selects({ matchLabels: svc.spec.selector }, w.spec.template.metadata.labels),
      );
      expect({ svc: svc.metadata.name, matching: matching.map((w) => w.metadata.name) }).toEqual({
        svc: svc.metadata.name,
        matching: [svc.metadata.name],
      });
      const ports = matching[0]!.spec.template.spec.containers.flatMap((c: Container) => c.ports ?? []);
      for (const p of svc.spec.ports)
        expect({
          svc: svc.metadata.name,
          port: p.targetPort,
          declared: ports.some((q: { name: string }) => q.name === p.targetPort),
        }).toEqual({
          svc: svc.metadata.name,
          port: p.targetPort,
          declared: true,
        });
    }
  });

  it('has every PDB select exactly one Deployment’s pods, without blocking a drain of one replica', () => {
    for (const pdb of ofKind(objects, 'PodDisruptionBudget')) {
      const matching = deployments.filter((w) => selects(pdb.spec.selector, w.spec.template.metadata.labels));
      expect(matching.map((w) => w.metadata.name)).toEqual([pdb.metadata.name]);
      expect(pdb.spec.maxUnavailable).toBe(1);
      expect(pdb.spec.minAvailable).toBeUndefined();
    }
  });

  it('aims every HPA and ScaledObject at a Deployment that exists', () => {
    const scalers = [...ofKind(objects, 'HorizontalPodAutoscaler'), ...ofKind(objects, 'ScaledObject')];
    expect(scalers.length).toBe(DEPLOYABLES.length);
    for (const s of scalers) {
      const ref = s.spec.scaleTargetRef;
      expect({
        s: s.metadata.name,
        kind: ref.kind ?? 'Deployment',
        exists: !!named(objects, 'Deployment', ref.name),
      }).toEqual({
        s: s.metadata.name,
        kind: 'Deployment',
        exists: true,
      });
    }
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.metrics).toEqual([
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ]);
      expect(hpa.spec.behavior.scaleUp.policies.length).toBeGreaterThan(0);
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    }
  });

  it('paces lookup-service’s scale-up by its index load (startup probe budget)', () => {
    const hpa = named(objects, 'HorizontalPodAutoscaler', 'lookup-service')!;
    const startup = named(objects, 'Deployment', 'lookup-service')!.spec.template.spec.containers[0]
      .startupProbe;
    expect(startup.httpGet).toEqual({ path: '/readyz', port: 'http' });
    const budget = startup.periodSeconds * startup.failureThreshold;
    // 51 s to 321 s on the full public data (bench/results/k8s-*-full.txt); the probe allows 600 s.
    expect(budget).toBeGreaterThanOrEqual(321 + 60);
    for (const p of hpa.spec.behavior.scaleUp.policies) expect(p.periodSeconds).toBeGreaterThanOrEqual(60);
  });

  it('scales mailer-worker on the BullMQ wait list its queue really uses', () => {
    const so = named(objects, 'ScaledObject', 'mailer-worker')!;
    const prefix = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('tunnelscope-env'))!
      .data.REDIS_PREFIX;
    const queue = /MAIL_QUEUE_NAME\s*=\s*'([^']+)'/.exec(
      fs.readFileSync(path.join(repoRoot, 'packages/contracts/src/mail-jobs.ts'), 'utf8'),
    )![1];
    expect(so.spec.triggers).toHaveLength(1);
    expect(so.spec.triggers[0].type).toBe('redis');
    expect(so.spec.triggers[0].metadata.listName).toBe(`${prefix}:${queue}:wait`);
    const auth = named(objects, 'TriggerAuthentication', so.spec.triggers[0].authenticationRef.name)!;
    expect(auth.spec.secretTargetRef.map((r: { parameter: string }) => r.parameter).sort()).toEqual([
      'address',
      'password',
    ]);
  });

  it.each(DEPLOYABLES.map((d) => [d.name, d] as const))(
    '%s: probes /healthz and /readyz on the port it listens on; metrics on its own port',
    (_n, d) => {
      const dep = named(objects, 'Deployment', d.name)!;
      const c = dep.spec.template.spec.containers[0] as Container;
      const { env } = resolveEnvironment(c, objects, operatorValues());
      const ports = Object.fromEntries(
        (c.ports as { name: string; containerPort: number }[]).map((p) => [p.name, p.containerPort]),
      );
      expect(ports).toEqual({ http: Number(env[d.portVar]), metrics: Number(env.METRICS_PORT) });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(!!c.startupProbe).toBe(d.name === 'lookup-service');
    },
  );

  it('runs every pod non-root, read-only, with no capabilities and the RuntimeDefault seccomp profile', () => {
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      const id = `${w.kind}/${w.metadata.name}`;
      expect({
        id,
        nonRoot: pod.securityContext?.runAsNonRoot,
        seccomp: pod.securityContext?.seccompProfile?.type,
      }).toEqual({
        id,
        nonRoot: true,
        seccomp: 'RuntimeDefault',
      });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      for (const c of containersOf(w)) {
        expect({ id, c: c.name, sc: c.securityContext }).toEqual({
          id,
          c: c.name,
          sc: {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
        });
      }
    }
  });

  it('gives every container of ours a writable /tmp from an emptyDir (and ingest-service its feed cache)', () => {
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      for (const c of pod.containers as Container[]) {
        if (!/tunnelscope\//.test(c.image) || c.name === 'turnstile-standin') continue;
        const tmp = (c.volumeMounts ?? []).find((m: { mountPath: string }) => m.mountPath === '/tmp');
        expect({ w: w.metadata.name, tmp: !!tmp }).toEqual({ w: w.metadata.name, tmp: true });
        expect(pod.volumes.find((v: { name: string }) => v.name === tmp.name).emptyDir).toBeDefined();
      }
    }
    const ingest = named(objects, 'Deployment', 'ingest-service')!.spec.template.spec
      .containers[0] as Container;
    const cacheDir = ingest.env!.find((e) => e.name === 'FEED_CACHE_DIR')!.value!;
    expect(
      ingest.volumeMounts.some((m: { mountPath: string }) => cacheDir.startsWith(`${m.mountPath}/`)),
    ).toBe(true);
  });

  it('sets requests and limits on every container, requests within limits', () => {
    for (const w of workloads) {
      for (const c of containersOf(w)) {
        const r = c.resources;
        const id = `${w.metadata.name}/${c.name}`;
        for (const res of ['cpu', 'memory']) {
          expect({
            id,
            res,
            set: r?.requests?.[res] !== undefined && r?.limits?.[res] !== undefined,
          }).toEqual({ id, res, set: true });
          expect(quantity(r.requests[res])).toBeLessThanOrEqual(quantity(r.limits[res]));
        }
      }
    }
  });

  it('rolls out with maxUnavailable 0, spreads over nodes and zones, and drains before it is killed', () => {
    for (const d of DEPLOYABLES) {
      const dep = named(objects, 'Deployment', d.name)!;
      expect(dep.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      const keys = dep.spec.template.spec.topologySpreadConstraints.map(
        (t: { topologyKey: string }) => t.topologyKey,
      );
      expect(keys.sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
      const c = dep.spec.template.spec.containers[0] as Container;
      const sleep = Number(c.lifecycle.preStop.exec.command[1]);
      // The endpoints update while preStop sleeps; then SIGTERM, and service-kit's bounded drain.
      expect(dep.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(
        sleep + SHUTDOWN_TIMEOUT_SECONDS,
      );
    }
  });

  it('holds each Deployment until the migrations of the tables it uses have run', () => {
    const waits = (o: K8sObject) =>
      ((o.spec.template.spec.initContainers ?? []) as Container[])
        .flatMap((c) => c.command ?? [])
        .filter((a) => a.startsWith('job/'))
        .map((a) => a.slice(4))
        .sort();
    const expected: Record<string, string[]> = {
      'forms-service': ['auth-migrate', 'forms-migrate'],
      'auth-service': ['auth-migrate'],
      'analytics-service': ['analytics-migrate', 'auth-migrate'],
      'lookup-service': ['analytics-migrate', 'lookup-migrate'],
      'ingest-service': ['analytics-migrate'],
      'mailer-worker': [],
      gateway: [],
    };
    for (const [name, jobs] of Object.entries(expected))
      expect({ name, jobs: waits(named(objects, 'Deployment', name)!) }).toEqual({ name, jobs });
    expect(waits(named(objects, 'Job', 'lookup-migrate')!)).toEqual(['auth-migrate']);
    expect(waits(named(objects, 'Job', 'forms-migrate')!)).toEqual(['auth-migrate']);
  });
});

describe('overlay production: production only', () => {
  const objects = renderOverlay('production');

  it('runs at least two replicas of everything, and never scales below two', () => {
    for (const d of ofKind(objects, 'Deployment')) expect(d.spec.replicas).toBeGreaterThanOrEqual(2);
    for (const h of ofKind(objects, 'HorizontalPodAutoscaler'))
      expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
    for (const s of ofKind(objects, 'ScaledObject')) expect(s.spec.minReplicaCount).toBeGreaterThanOrEqual(2);
  });

  it('references every image by digest', () => {
    for (const w of objects.filter((o) => WORKLOADS.includes(o.kind)))
      for (const c of containersOf(w)) expect(c.image).toMatch(/@sha256:[0-9a-f]{64}$/);
  });

  it('has no stand-ins and no in-cluster datastores', () => {
    for (const name of ['postgres', 'redis', 'mailpit', 'turnstile-standin'])
      expect(objects.filter((o) => o.metadata.name === name)).toEqual([]);
    expect(ofKind(objects, 'StatefulSet')).toEqual([]);
  });

  it('commits no secret values: no Secret objects, no secret-looking literals, no credentials in URLs', () => {
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const text = JSON.stringify(objects);
    expect(text).not.toMatch(/[a-z]+:\/\/[^/"\s:@]+:[^/"\s@]+@/i);
    for (const w of objects.filter((o) => WORKLOADS.includes(o.kind)))
      for (const c of containersOf(w))
        for (const v of c.env ?? [])
          if (
            /SECRET|PASSWORD|PEPPER|TOKEN|ENCRYPTION|ADMIN_PATH|DATABASE_URL|IPDB_URL|REDIS_URL|SMTP_URL/.test(
              v.name,
            )
          )
            expect({ name: v.name, literal: v.value }).toEqual({ name: v.name, literal: undefined });
  });

  it('has an Ingress to the gateway with TLS, cert-manager, and the gateway’s own body and time limits', async () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ing = ingresses[0]!;
    const a = ing.metadata.annotations!;
    expect(a['cert-manager.io/cluster-issuer']).toBeTruthy();
    expect(ing.spec.tls[0].hosts).toEqual([ing.spec.rules[0].host]);
    expect(ing.spec.rules[0].http.paths[0].backend.service).toEqual({
      name: 'gateway',
      port: { name: 'http' },
    });
    const { packageEntry } = await import('@tunnelscope/stack-tests');
    const { pathToFileURL } = await import('node:url');
    const gateway = await import(pathToFileURL(packageEntry('@tunnelscope/gateway/config')).href);
    const defaults = gateway.configSchema.parse({});
    expect(quantity(a['nginx.ingress.kubernetes.io/proxy-body-size']!.replace(/m$/, 'Mi'))).toBe(
      defaults.MAX_BODY_BYTES,
    );
    for (const k of ['proxy-read-timeout', 'proxy-send-timeout'])
      expect(Number(a[`nginx.ingress.kubernetes.io/${k}`]) * 1000).toBeGreaterThan(
        defaults.UPSTREAM_TIMEOUT_MS,
      );
  });
});
