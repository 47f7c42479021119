/**
 * The metrics contract of issue 14 (what every service serves at /metrics, docs/OPERATIONS.md),
 * and the metric names a PromQL expression reads: what the alert rules and the Grafana dashboard
 * tests hold their queries to.
 */
export const CONTRACT_METRICS = [
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

/** prom-client's default Node metrics the contract names (event-loop lag, RSS, heap). */
export const DEFAULT_METRICS = [
  'nodejs_eventloop_lag_p99_seconds',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
] as const;

export const HISTOGRAMS = ['http_request_duration_seconds'] as const;

/** Every series name a query may read: the contract, the defaults, `up`, the histograms' series. */
export const ALLOWED_SERIES = new Set<string>([
  ...CONTRACT_METRICS,
  ...DEFAULT_METRICS,
  'up',
  ...HISTOGRAMS.flatMap((h) => [`${h}_bucket`, `${h}_sum`, `${h}_count`]),
]);

/** A histogram's series name back to its family (`…_bucket` → the histogram). */
export function familyOf(name: string): string {
  for (const h of HISTOGRAMS)
    if (name === `${h}_bucket` || name === `${h}_sum` || name === `${h}_count`) return h;
  return name;
}

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

/**
 * The metric names a PromQL expression reads. Not a parser (no PromQL parser is kept on npm for
 * Node that fits here): it removes what cannot be a metric name (strings, label matchers, ranges,
 * grouping label lists, Grafana variables, numbers, function names, keywords) and keeps the
 * identifiers left. The tests that use it fail on a misspelt metric, which is its one job.
 */
export function metricNamesIn(expr: string): string[] {
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
