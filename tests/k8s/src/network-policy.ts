/**
 * A NetworkPolicy evaluator (the Kubernetes semantics, for the rules this repository writes):
 * a connection is allowed when the sender's egress allows it (or no policy of type Egress selects
 * the sender) and, for a pod of this namespace, the receiver's ingress allows it (or no policy of
 * type Ingress selects it). Outside the namespace only our side is decided: another namespace's
 * egress or an external server's firewall are not ours.
 */
import { selects, type K8sObject } from './render.js';

export type Protocol = 'TCP' | 'UDP';

export interface Endpoint {
  /** A name in the expectation table: a workload's name, `ns:<namespace>` or `ip:<what>`. */
  id: string;
  /** Pods of this overlay's namespace are ours; everything else is outside it. */
  inNamespace: boolean;
  namespaceLabels?: Record<string, string>;
  podLabels?: Record<string, string>;
  ip: string;
  /** What it listens on: named ports for pods, bare numbers for external servers. */
  ports: { port: number; name?: string; protocol: Protocol }[];
}

interface Peer {
  podSelector?: Parameters<typeof selects>[0];
  namespaceSelector?: Parameters<typeof selects>[0];
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: Protocol; port?: number | string; endPort?: number }[];
}

function ipv4(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipv4(base!) / size) * size;
  return ipv4(ip) >= start && ipv4(ip) < start + size;
}

function peerMatches(peer: Peer, other: Endpoint, namespaceLabels: Record<string, string>): boolean {
  if (peer.ipBlock) {
    return (
      inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(other.ip, c))
    );
  }
  if (!other.podLabels) return false; // an address, not a pod
  if (peer.namespaceSelector) {
    if (!selects(peer.namespaceSelector, other.namespaceLabels)) return false;
    return peer.podSelector ? selects(peer.podSelector, other.podLabels) : true;
  }
  // A podSelector alone means pods of the policy's own namespace.
  if (
    !other.inNamespace &&
    other.namespaceLabels?.['kubernetes.io/metadata.name'] !== namespaceLabels['kubernetes.io/metadata.name']
  )
    return false;
  return selects(peer.podSelector ?? {}, other.podLabels);
}

function portMatches(rule: Rule, dst: Endpoint, port: number, protocol: Protocol): boolean {
  if (!rule.ports?.length) return true;
  return rule.ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'string') {
      // A named port means the destination pod's container port of that name.
      return dst.ports.some((q) => q.name === p.port && q.port === port && q.protocol === protocol);
    }
    return p.endPort ? port >= p.port && port <= p.endPort : p.port === port;
  });
}

export class PolicySet {
  constructor(
    private readonly policies: K8sObject[],
    private readonly namespaceLabels: Record<string, string>,
  ) {}

  private selecting(pod: Endpoint, type: 'Ingress' | 'Egress'): K8sObject[] {
    if (!pod.inNamespace) return [];
    return this.policies.filter((p) => {
      const types: string[] = p.spec.policyTypes ?? (p.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
      return types.includes(type) && selects(p.spec.podSelector ?? {}, pod.podLabels);
    });
  }

  private egressAllows(src: Endpoint, dst: Endpoint, port: number, protocol: Protocol): boolean {
    const policies = this.selecting(src, 'Egress');
    if (!src.inNamespace || policies.length === 0) return true;
    return policies.some((p) =>
      ((p.spec.egress ?? []) as Rule[]).some(
        (r) =>
          (!r.to?.length || r.to.some((peer) => peerMatches(peer, dst, this.namespaceLabels))) &&
          portMatches(r, dst, port, protocol),
      ),
    );
  }

  private ingressAllows(src: Endpoint, dst: Endpoint, port: number, protocol: Protocol): boolean {
    const policies = this.selecting(dst, 'Ingress');
    if (!dst.inNamespace || policies.length === 0) return true;
    return policies.some((p) =>
      ((p.spec.ingress ?? []) as Rule[]).some(
        (r) =>
          (!r.from?.length || r.from.some((peer) => peerMatches(peer, src, this.namespaceLabels))) &&
          portMatches(r, dst, port, protocol),
      ),
    );
  }

  allows(src: Endpoint, dst: Endpoint, port: number, protocol: Protocol = 'TCP'): boolean {
    return this.egressAllows(src, dst, port, protocol) && this.ingressAllows(src, dst, port, protocol);
  }
}
