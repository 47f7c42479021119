/**
 * deploy/grafana/tunnelscope.json: the dashboard reads only the metrics contract of issue 14 (and
 * `up`), shows every contract metric in at least one panel, and offers the `datasource` and
 * `service` variables its queries use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ALLOWED_SERIES as ALLOWED,
  CONTRACT_METRICS,
  DEFAULT_METRICS,
  familyOf,
  metricNamesIn,
} from '../src/metrics-contract.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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
