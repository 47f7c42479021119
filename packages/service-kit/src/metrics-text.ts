/**
 * Reading Prometheus text back: what the services' tests and the stack checks use to see a
 * counter move after a request. Not a full parser: one series by name and label subset.
 */

function labelsOf(inner: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const m of inner.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    labels.set(m[1]!, m[2]!.replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\'));
  }
  return labels;
}

/**
 * The sum of the series named `name` whose labels include `labels` (every label given must
 * match; others may differ), or undefined when there is no such series.
 */
export function metricValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let found = false;
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    let inner = '';
    let value: string;
    if (rest.startsWith('{')) {
      const close = rest.lastIndexOf('}');
      inner = rest.slice(1, close);
      value = rest.slice(close + 1).trim();
    } else if (rest.startsWith(' ')) {
      value = rest.trim();
    } else continue; // a longer name with this one as prefix
    const have = labelsOf(inner);
    if (!Object.entries(labels).every(([k, v]) => have.get(k) === v)) continue;
    found = true;
    total += Number(value.split(' ')[0]);
  }
  return found ? total : undefined;
}

/** `GET /metrics` on a metrics port: the Prometheus text (throws when it does not answer 200). */
export async function scrapeMetrics(port: number, host = '127.0.0.1'): Promise<string> {
  const res = await fetch(`http://${host}:${port}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return res.text();
}
