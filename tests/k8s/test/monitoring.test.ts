/**
 * deploy/k8s/base/monitoring: the ServiceMonitor and the PrometheusRule, rendered by kustomize the
 * way the base includes them, validated against the Prometheus Operator's published schemas
 * (@kubernetes-models/prometheus-operator), and held to the metrics contract: every alert
 * expression names only contract metrics (or `up`), every runbook_url names a section of
 * docs/OPERATIONS.md, and the alerts the issue asks for exist.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parseAllDocuments } from 'yaml';
import { ALLOWED_SERIES as ALLOWED, metricNamesIn } from '../src/metrics-contract.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const monitoringDir = `${repoRoot}deploy/k8s/base/monitoring`;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const slug = m[1]!
      .trim()
      .toLowerCase()
      .replace(/`/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    anchors.add(slug);
  }
  return anchors;
}

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; [k: string]: unknown };
interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

function render(): K8sObject[] {
  const out = execFileSync('kubectl', ['kustomize', monitoringDir], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

const objects = render();
const serviceMonitors = objects.filter((o) => o.kind === 'ServiceMonitor');
const prometheusRules = objects.filter((o) => o.kind === 'PrometheusRule');
const rules: Rule[] = prometheusRules.flatMap((o) =>
  (o as unknown as { spec: { groups: { rules: Rule[] }[] } }).spec.groups.flatMap((g) => g.rules),
);
const alerts = rules.filter((r) => r.alert !== undefined);
const operations = readFileSync(`${repoRoot}docs/OPERATIONS.md`, 'utf8');

describe('the metric-name check itself', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (service, le) (rate(http_request_duration_seconds_bucket{route!~".*/export/.*", service=~"$service"}[$__rate_interval]))) > 1 and on (service) up == 0',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'up']);
  });

  it('would catch a name outside the contract', () => {
    const names = metricNamesIn(
      'sum(rate(tunnelscope_made_up_total[5m])) / ignoring(x) process_cpu_seconds_total',
    );
    expect(names.filter((n) => !ALLOWED.has(n)).sort()).toEqual([
      'process_cpu_seconds_total',
      'tunnelscope_made_up_total',
    ]);
  });
});

describe('deploy/k8s/base/monitoring', () => {
  it('renders exactly one ServiceMonitor and one PrometheusRule', () => {
    expect(objects.map((o) => o.kind).sort()).toEqual(['PrometheusRule', 'ServiceMonitor']);
  });

  it('validates every object against the Prometheus Operator schemas', () => {
    for (const sm of serviceMonitors) expect(() => new ServiceMonitor(sm as never).validate()).not.toThrow();
    for (const pr of prometheusRules) expect(() => new PrometheusRule(pr as never).validate()).not.toThrow();
  });

  it('scrapes every TunnelScope Service on its metrics port at /metrics', () => {
    const sm = new ServiceMonitor(serviceMonitors[0] as never);
    expect(sm.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/part-of': 'tunnelscope' });
    expect(sm.spec.endpoints).toHaveLength(1);
    expect(sm.spec.endpoints![0]).toMatchObject({ port: 'metrics', path: '/metrics' });
    // Alerts select {job="tunnelscope"}: the job label must come from the part-of label.
    expect(sm.spec.jobLabel).toBe('app.kubernetes.io/part-of');
  });
});

describe('the alert rules', () => {
  it('each has a unique name, a severity, a summary, a description and a runbook', () => {
    expect(new Set(alerts.map((a) => a.alert)).size).toBe(alerts.length);
    for (const a of alerts) {
      expect([a.alert, a.labels?.severity]).toEqual([
        a.alert,
        expect.stringMatching(/^(critical|warning|info)$/),
      ]);
      expect(a.annotations?.summary).toBeTruthy();
      expect(a.annotations?.description).toBeTruthy();
      expect(a.annotations?.runbook_url).toMatch(/^docs\/OPERATIONS\.md#[a-z0-9-]+$/);
    }
  });

  it('point their runbook_url at a section of docs/OPERATIONS.md named after the alert', () => {
    const anchors = headingAnchors(operations);
    for (const a of alerts) {
      const anchor = a.annotations!.runbook_url!.split('#')[1];
      expect([a.alert, anchor]).toEqual([a.alert, a.alert!.toLowerCase()]);
      expect([a.alert, anchors.has(anchor!)]).toEqual([a.alert, true]);
    }
  });

  it('read only metrics of the contract (or up)', () => {
    for (const r of rules) {
      const names = metricNamesIn(r.expr);
      expect(names.length).toBeGreaterThan(0);
      expect([r.alert, names.filter((n) => !ALLOWED.has(n))]).toEqual([r.alert, []]);
    }
  });

  it('have balanced brackets', () => {
    for (const r of rules) {
      let depth = 0;
      for (const ch of r.expr.replace(/"[^"]*"/g, '')) {
        if ('([{'.includes(ch)) depth++;
        if (')]}'.includes(ch)) depth--;
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect([r.alert, depth]).toEqual([r.alert, 0]);
    }
  });

  it('cover what issue 14 asks for', () => {
    const exprOf = (pattern: RegExp) => alerts.filter((a) => pattern.test(a.expr)).map((a) => a.alert);
    expect(exprOf(/\bup\{[^}]*\}\s*==\s*0/)).not.toEqual([]); // a service down
    expect(exprOf(/http_requests_total\{[^}]*status_code=~"5\.\."/)).not.toEqual([]); // 5xx rate
    expect(exprOf(/histogram_quantile\(0\.99[\s\S]*http_request_duration_seconds_bucket/)).not.toEqual([]);
    expect(exprOf(/tunnelscope_queue_jobs\{[^}]*state="waiting"/)).not.toEqual([]); // backlog
    expect(exprOf(/tunnelscope_queue_jobs\{[^}]*state="failed"/)).not.toEqual([]); // failed jobs
    expect(exprOf(/tunnelscope_mails_total\{[^}]*result="failed"/)).not.toEqual([]); // failed mails
    expect(exprOf(/tunnelscope_account_lockouts_total/)).not.toEqual([]); // lockout spikes
    expect(exprOf(/tunnelscope_lookup_index_age_seconds\{[^}]*\}\)?\s*>\s*86400/)).not.toEqual([]);
    expect(exprOf(/tunnelscope_lookup_index_ready\{[^}]*\}\)?\s*==\s*0/)).not.toEqual([]);
  });
});
