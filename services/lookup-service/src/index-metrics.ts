/**
 * The detection index as Prometheus gauges, read from the index at each scrape (collect), so the
 * index code carries no metrics of its own: its data version, the age of that data, its size, how
 * many networks it holds, whether it answers, and how many times a new snapshot replaced the one
 * answering. Before the first load every gauge but `ready` reads 0 (a series without labels is
 * always exposed), so an alert on the age goes with `ready == 0`.
 * The swap counter follows the index's own count (every replacement, however close together).
 */
import type { Clock, ServiceMetrics } from '@tunnelscope/service-kit';
import type { DetectionIndex } from './index/detection-index.js';

export type IndexView = Pick<DetectionIndex, 'ready' | 'dataVersion' | 'currentSnapshot' | 'swaps'>;

/** Seconds since the start (00:00 UTC) of the data version's day: the IP database's date, to the day. */
export function dataAgeSeconds(date: string, now: Date): number {
  const start = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(start) ? Number.NaN : Math.max(0, (now.getTime() - start) / 1000);
}

export function registerIndexMetrics(metrics: ServiceMetrics, index: IndexView, clock: Clock): void {
  metrics.gauge({
    name: 'tunnelscope_lookup_index_ready',
    help: '1 when a snapshot of the detection index answers, 0 while it loads',
    collect() {
      this.set(index.ready ? 1 : 0);
    },
  });
  metrics.gauge({
    name: 'tunnelscope_lookup_index_version',
    help: 'Data version of the snapshot answering (0 before the first load)',
    collect() {
      const version = index.dataVersion;
      this.set(version ? version.version : 0);
    },
  });
  metrics.gauge({
    name: 'tunnelscope_lookup_index_age_seconds',
    help: "Seconds since the day (00:00 UTC) of the answering snapshot's data version",
    collect() {
      const version = index.dataVersion;
      this.set(version ? dataAgeSeconds(version.date, clock.now()) : 0);
    },
  });
  metrics.gauge({
    name: 'tunnelscope_lookup_index_bytes',
    help: 'Bytes held by the answering snapshot of the detection index',
    collect() {
      const stats = index.currentSnapshot()?.stats;
      this.set(stats ? stats.bytes : 0);
    },
  });
  metrics.gauge({
    name: 'tunnelscope_lookup_index_networks',
    help: 'Networks in the answering snapshot (detections, city, country, AS and feed layers together)',
    collect() {
      const stats = index.currentSnapshot()?.stats;
      this.set(stats ? Object.values(stats.networks).reduce((a, b) => a + b, 0) : 0);
    },
  });
  let counted = 0;
  metrics.counter({
    name: 'tunnelscope_lookup_index_swaps_total',
    help: 'Times a new snapshot replaced the answering one (the first load is not a swap)',
    collect() {
      if (index.swaps > counted) this.inc(index.swaps - counted);
      counted = index.swaps;
    },
  });
}
