/**
 * The overlays as the cluster would receive them: `kubectl kustomize deploy/k8s/overlays/<name>`,
 * parsed into plain objects. kubectl (v1.27 or later: kustomize built in) is required: without it
 * these tests fail, never skip — CI installs it (deploy/k8s/README.md, "Tests").
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '@tunnelscope/test-kit';
import type { Container } from './environment.js';

export const OVERLAYS = ['local', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // The rest is each kind's own; tests read the fields they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

export const K8S_DIR = path.join(repoRoot, 'deploy/k8s');

const rendered = new Map<Overlay, K8sObject[]>();

/** The overlay's objects, rendered once per test file. */
export function renderOverlay(overlay: Overlay): K8sObject[] {
  const cached = rendered.get(overlay);
  if (cached) return cached;
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', path.join(K8S_DIR, 'overlays', overlay)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        'kubectl is not installed: these tests render deploy/k8s with `kubectl kustomize` ' +
          '(install kubectl v1.32, e.g. https://dl.k8s.io/release/v1.32.3/bin/linux/amd64/kubectl)',
        { cause: err },
      );
    }
    throw new Error(`kubectl kustomize deploy/k8s/overlays/${overlay} failed:\n${e.stderr ?? e.message}`, {
      cause: err,
    });
  }
  const objects = parseAllDocuments(text)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null)
    .map(unwrapSecretData);
  rendered.set(overlay, objects);
  return objects;
}

/**
 * kubectl prints long base64 values as YAML blocks wrapped at 70 characters; the API server's
 * decoder ignores the line breaks, so they are dropped here as well before the schema's `byte` check.
 */
function unwrapSecretData(o: K8sObject): K8sObject {
  if (o.kind !== 'Secret' || !o.data) return o;
  const data = Object.fromEntries(
    Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, String(v).replace(/\s+/g, '')]),
  );
  return { ...o, data };
}

/** A workload's containers, init containers first (Deployment, StatefulSet, Job). */
export function containersOf(o: K8sObject): Container[] {
  const spec = o.spec?.template?.spec;
  return spec ? [...(spec.initContainers ?? []), ...spec.containers] : [];
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((o) => o.kind === kind);
}

export function named(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}

/** Whether `labels` satisfy a Kubernetes label selector (matchLabels and matchExpressions). */
export function selects(
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  },
  labels: Record<string, string> = {},
): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const value = labels[e.key];
    const ok =
      e.operator === 'In'
        ? has && (e.values ?? []).includes(value!)
        : e.operator === 'NotIn'
          ? !has || !(e.values ?? []).includes(value!)
          : e.operator === 'Exists'
            ? has
            : e.operator === 'DoesNotExist'
              ? !has
              : (() => {
                  throw new Error(`unknown selector operator ${e.operator}`);
                })();
    if (!ok) return false;
  }
  return true;
}
