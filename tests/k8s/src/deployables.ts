/**
 * Every deployable of the workspace and what the manifests must say about it: its package (whose
 * `./config` schema judges the environment), its Dockerfile target, its API port (the variable and
 * the value the metrics contract and compose use) and its metrics port.
 */
export interface Deployable {
  name: string;
  package: string;
  target: 'service' | 'gateway';
  portVar: string;
  port: number;
  metricsPort: number;
  /** Served to the gateway (the services the gateway's route table forwards to). */
  behindGateway: boolean;
}

export const DEPLOYABLES: readonly Deployable[] = [
  {
    name: 'gateway',
    package: '@tunnelscope/gateway',
    target: 'gateway',
    portVar: 'GATEWAY_PORT',
    port: 8080,
    metricsPort: 9400,
    behindGateway: false,
  },
  {
    name: 'forms-service',
    package: '@tunnelscope/forms-service',
    target: 'service',
    portVar: 'FORMS_SERVICE_PORT',
    port: 4001,
    metricsPort: 9401,
    behindGateway: true,
  },
  {
    name: 'auth-service',
    package: '@tunnelscope/auth-service',
    target: 'service',
    portVar: 'AUTH_SERVICE_PORT',
    port: 4002,
    metricsPort: 9402,
    behindGateway: true,
  },
  {
    name: 'analytics-service',
    package: '@tunnelscope/analytics-service',
    target: 'service',
    portVar: 'ANALYTICS_SERVICE_PORT',
    port: 4003,
    metricsPort: 9403,
    behindGateway: true,
  },
  {
    name: 'mailer-worker',
    package: '@tunnelscope/mailer-worker',
    target: 'service',
    portVar: 'MAILER_WORKER_PORT',
    port: 4004,
    metricsPort: 9404,
    behindGateway: false,
  },
  {
    name: 'lookup-service',
    package: '@tunnelscope/lookup-service',
    target: 'service',
    portVar: 'LOOKUP_SERVICE_PORT',
    port: 4005,
    metricsPort: 9405,
    behindGateway: true,
  },
  {
    name: 'ingest-service',
    package: '@tunnelscope/ingest-service',
    target: 'service',
    portVar: 'INGEST_SERVICE_PORT',
    port: 4006,
    metricsPort: 9406,
    behindGateway: true,
  },
];

/** Workspace packages the local overlay runs besides the deployables (development stand-ins). */
export const STAND_INS: Record<string, { package: string; target: 'service' }> = {
  'turnstile-standin': { package: '@tunnelscope/turnstile-standin', target: 'service' },
};

/** Images that are not ours: the local datastores and stand-ins, and the migration waiters' kubectl. */
export const THIRD_PARTY_IMAGES = [
  /^postgres:15-/,
  /^redis:7-/,
  /^axllent\/mailpit:v/,
  /^registry\.k8s\.io\/kubectl[:@]/,
];

/** The package an image of ours was built from: `[registry/]tunnelscope/<name>[:tag|@digest]`. */
export function imagePackage(image: string): { name: string; package: string; target: string } | null {
  const m = /(?:^|\/)tunnelscope\/([a-z0-9-]+)(?::[\w.-]+|@sha256:[0-9a-f]{64})?$/.exec(image);
  if (!m) return null;
  const name = m[1]!;
  const d = DEPLOYABLES.find((x) => x.name === name);
  if (d) return { name, package: d.package, target: d.target };
  const s = STAND_INS[name];
  return s ? { name, package: s.package, target: s.target } : null;
}
