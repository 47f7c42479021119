import { createServiceMetrics, metricValue, type Clock } from '@tunnelscope/service-kit';
import type { Snapshot } from './index/detection-index.js';
import { dataAgeSeconds, registerIndexMetrics, type IndexView } from './index-metrics.js';

const clock: Clock = { now: () => new Date('2026-11-26T06:00:00Z') };

function view(over: Partial<IndexView> = {}): IndexView {
  return { ready: false, dataVersion: null, currentSnapshot: () => null, swaps: 0, ...over };
}

async function scrape(index: IndexView): Promise<string> {
  const metrics = createServiceMetrics('lookup-service');
  registerIndexMetrics(metrics, index, clock);
  return (await metrics.exposition()).body;
}

describe('the index gauges', () => {
  it('says not ready, and 0 for the version, age and size, before the first load', async () => {
    const text = await scrape(view());
    expect(metricValue(text, 'tunnelscope_lookup_index_ready')).toBe(0);
    for (const name of ['version', 'age_seconds', 'bytes', 'networks']) {
      expect(metricValue(text, `tunnelscope_lookup_index_${name}`)).toBe(0);
    }
    expect(metricValue(text, 'tunnelscope_lookup_index_swaps_total')).toBe(0);
  });

  it("reads the answering snapshot's version, age, bytes and networks of every layer", async () => {
    const snapshot = {
      stats: { bytes: 123_456, networks: { detections: 10, city: 20, country: 3, asn: 4, feeds: 5 } },
    } as unknown as Snapshot;
    const text = await scrape(
      view({
        ready: true,
        dataVersion: { version: 42, date: '2026-11-25' },
        currentSnapshot: () => snapshot,
      }),
    );
    expect(metricValue(text, 'tunnelscope_lookup_index_ready', { service: 'lookup-service' })).toBe(1);
    expect(metricValue(text, 'tunnelscope_lookup_index_version')).toBe(42);
    expect(metricValue(text, 'tunnelscope_lookup_index_age_seconds')).toBe(30 * 3600);
    expect(metricValue(text, 'tunnelscope_lookup_index_bytes')).toBe(123_456);
    expect(metricValue(text, 'tunnelscope_lookup_index_networks')).toBe(42);
  });

  it('counts every swap the index made, also two between scrapes', async () => {
    const index = { ...view({ ready: true, dataVersion: { version: 3, date: '2026-11-25' } }), swaps: 0 };
    const metrics = createServiceMetrics('lookup-service');
    registerIndexMetrics(metrics, index, clock);
    expect(metricValue((await metrics.exposition()).body, 'tunnelscope_lookup_index_swaps_total')).toBe(0);
    index.swaps = 2;
    expect(metricValue((await metrics.exposition()).body, 'tunnelscope_lookup_index_swaps_total')).toBe(2);
    index.swaps = 3;
    expect(metricValue((await metrics.exposition()).body, 'tunnelscope_lookup_index_swaps_total')).toBe(3);
  });
});

describe('dataAgeSeconds', () => {
  it('counts from 00:00 UTC of the data version day, never below zero', () => {
    expect(dataAgeSeconds('2026-11-26', new Date('2026-11-26T00:00:10Z'))).toBe(10);
    expect(dataAgeSeconds('2026-11-27', new Date('2026-11-26T00:00:10Z'))).toBe(0);
  });
});
