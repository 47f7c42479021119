/**
 * A container's environment as the kubelet would build it: literal values, and every
 * secretKeyRef/configMapKeyRef resolved against the rendered objects (generated Secrets and
 * ConfigMaps of the local overlay) or, for what an overlay only references, the operator's values.
 */
import type { K8sObject } from './render.js';

export type OperatorValues = (kind: string, name: string, key: string) => string | undefined;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: unknown[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

function keyOf(
  objects: K8sObject[],
  kind: 'Secret' | 'ConfigMap',
  name: string,
  key: string,
): string | undefined {
  const obj = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!obj) return undefined;
  if (kind === 'Secret') {
    if (obj.stringData?.[key] !== undefined) return String(obj.stringData[key]);
    const b64 = obj.data?.[key];
    return b64 === undefined ? undefined : Buffer.from(String(b64), 'base64').toString('utf8');
  }
  const v = obj.data?.[key];
  return v === undefined ? undefined : String(v);
}

/** The environment, or the list of references nothing provides. */
export function resolveEnvironment(
  container: Container,
  objects: K8sObject[],
  operator: OperatorValues,
): { env: Record<string, string>; missing: string[] } {
  if (container.envFrom?.length)
    throw new Error(`${container.name}: envFrom is not used here; name every variable`);
  const env: Record<string, string> = {};
  const missing: string[] = [];
  for (const v of container.env ?? []) {
    if (v.value !== undefined) {
      env[v.name] = v.value;
      continue;
    }
    const ref = v.valueFrom?.secretKeyRef
      ? ({ kind: 'Secret', ...v.valueFrom.secretKeyRef } as const)
      : v.valueFrom?.configMapKeyRef
        ? ({ kind: 'ConfigMap', ...v.valueFrom.configMapKeyRef } as const)
        : undefined;
    if (!ref) {
      // A variable with neither value nor reference is an empty string to the process.
      env[v.name] = '';
      continue;
    }
    const inCluster = objects.some((o) => o.kind === ref.kind && o.metadata.name === ref.name);
    const value = inCluster
      ? keyOf(objects, ref.kind, ref.name, ref.key)
      : operator(ref.kind, ref.name, ref.key);
    if (value === undefined) missing.push(`${v.name} ← ${ref.kind}/${ref.name}[${ref.key}]`);
    else env[v.name] = value;
  }
  return { env, missing };
}
