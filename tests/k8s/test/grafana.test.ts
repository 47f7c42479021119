/**
 * deploy/grafana/tunnelscope.json: the dashboard reads only the metrics contract of issue 14 (and
 * `up`), shows every contract metric in at least one panel, and offers the `datasource` and
 * `service` variables its queries use.
 *
 * The contract list and the metric-name extraction are the same as in monitoring.test.ts. They
 * are repeated, not shared, only because this package's src/ belongs to another change in
 * flight; a `tests/k8s/src/metrics-contract.ts` holding both is the obvious next step.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const CONTRACT_METRICS = [
  'http_requests_total',
  'http_request_duration_seconds',
  'tunnelscope_rate_limit_refusals_total',
  'tunnelscope_login_failures_total',
  'tunnelscope_account_lockouts_total',
  'tunnelscope_queue_jobs',
  'tunnelscope_mails_total',
  'tunnelscope_lookup_index_version',
  'tunnelscope_lookup_index_age_seconds',
  'tunnelscope_lookup_index_bytes',
  'tunnelscope_lookup_index_networks',
  'tunnelscope_lookup_index_swaps_total',
  'tunnelscope_lookup_index_ready',
  'tunnelscope_quota_refusals_total',
  'tunnelscope_ingest_items_total',
  'tunnelscope_feed_runs_total',
] as const;
/** prom-client's default Node metrics the contract names (event-loop lag, RSS, heap) and `up`. */
const DEFAULT_METRICS = [
  'nodejs_eventloop_lag_p99_seconds',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
];
const HISTOGRAMS = ['http_request_duration_seconds'];
const ALLOWED = new Set<string>([
  ...CONTRACT_METRICS,
  ...DEFAULT_METRICS,
  'up',
  ...HISTOGRAMS.flatMap((h) => [`${h}_bucket`, `${h}_sum`, `${h}_count`]),
]);

const PROMQL_KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (see monitoring.test.ts: strip, then keep identifiers). */
function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{[^}]*\}|\$\w+/g, ' ')
    .replace(/\b\d+(?:\.\d+)?(?:e[+-]?\d+)?[smhdwy]?\b/gi, ' ')
    .replace(/\b[a-zA-Z_][a-zA-Z0-9_]*\s*\(/g, '(');
  const names = stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(names.filter((n) => !PROMQL_KEYWORDS.has(n.toLowerCase())))];
}

/** A histogram's series name back to its family (`…_bucket` → the histogram). */
function familyOf(name: string): string {
  for (const h of HISTOGRAMS)
    if (name === `${h}_bucket` || name === `${h}_sum` || name === `${h}_count`) return h;
  return name;
}

interface Target {
  refId: string;
  expr: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: Target[];
  panels?: Panel[];
  gridPos: { x: number; y: number; w: number; h: number };
}
interface Variable {
  name: string;
  type: string;
  query: string | { query: string };
  definition?: string;
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: Variable[] };
  panels: Panel[];
}

const dashboard = JSON.parse(readFileSync(`${repoRoot}deploy/grafana/tunnelscope.json`, 'utf8')) as Dashboard;
const allPanels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queryPanels = allPanels.filter((p) => p.type !== 'row');
const variable = (name: string) => dashboard.templating.list.find((v) => v.name === name);

describe('the Grafana dashboard', () => {
  it('is a current schema with a uid and a title', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.uid).toBe('tunnelscope');
    expect(dashboard.title).toBeTruthy();
  });

  it('lets the viewer choose the Prometheus data source and the service', () => {
    expect(variable('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(variable('service')).toMatchObject({ type: 'query' });
    const serviceQuery = variable('service')!.query;
    const text = typeof serviceQuery === 'string' ? serviceQuery : serviceQuery.query;
    expect(text).toMatch(/^label_values\(.*, service\)$/);
    for (const v of dashboard.templating.list) {
      if (v.type !== 'query') continue;
      const q = typeof v.query === 'string' ? v.query : v.query.query;
      expect([
        v.name,
        metricNamesIn(q.replace(/^label_values\((.*), \w+\)$/, '$1')).filter((n) => !ALLOWED.has(n)),
      ]).toEqual([v.name, []]);
    }
  });

  it('gives every panel a unique id, queries on the chosen data source and a place on the grid', () => {
    expect(new Set(allPanels.map((p) => p.id)).size).toBe(allPanels.length);
    for (const p of queryPanels) {
      expect([p.title, p.datasource]).toEqual([p.title, { type: 'prometheus', uid: '${datasource}' }]);
      expect(p.targets?.length).toBeGreaterThan(0);
      for (const t of p.targets!) expect(t.datasource?.uid).toBe('${datasource}');
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('filters every query by the service variable', () => {
    for (const p of queryPanels) {
      for (const t of p.targets!)
        expect([p.title, t.expr]).toEqual([p.title, expect.stringContaining('service=~"$service"')]);
    }
  });

  it('reads only metrics of the contract (or up)', () => {
    for (const p of queryPanels) {
      for (const t of p.targets!) {
        const names = metricNamesIn(t.expr);
        expect(names.length).toBeGreaterThan(0);
        expect([p.title, names.filter((n) => !ALLOWED.has(n))]).toEqual([p.title, []]);
      }
    }
  });

  it('shows every contract metric, and event-loop lag, RSS and heap, in at least one panel', () => {
    const shown = new Set(
      queryPanels.flatMap((p) => p.targets!.flatMap((t) => metricNamesIn(t.expr).map(familyOf))),
    );
    const missing = [...CONTRACT_METRICS, ...DEFAULT_METRICS].filter((m) => !shown.has(m));
    expect(missing).toEqual([]);
  });

  it('shows p50 and p99 latency, the 5xx rate and the queue states the issue names', () => {
    const exprs = queryPanels.flatMap((p) => p.targets!.map((t) => t.expr)).join('\n');
    expect(exprs).toMatch(/histogram_quantile\(0\.5,/);
    expect(exprs).toMatch(/histogram_quantile\(0\.99,/);
    expect(exprs).toMatch(/http_requests_total\{[^}]*status_code=~"5\.\."/);
    expect(exprs).toMatch(/sum by \([^)]*\broute\b[^)]*\) \(rate\(http_requests_total/);
    expect(exprs).toMatch(/by \([^)]*\bstate\b[^)]*\) \(tunnelscope_queue_jobs/);
    expect(exprs).toMatch(/by \([^)]*\bplan\b[^)]*\) \(rate\(tunnelscope_quota_refusals_total/);
  });
});
