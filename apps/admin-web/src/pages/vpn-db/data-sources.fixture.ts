import type { IngestStatus, IngestStatusResponse } from '@tunnelscope/contracts';

/** Tor ran but kept its previous data, the relay feed never ran, the cloud feed applied a run. */
export const dataSourcesFixture: IngestStatus = {
  feeds: [
    {
      feed: 'tor',
      ranges: 1203,
      lastRun: {
        startedAt: '2025-06-01T09:59:58.000Z',
        finishedAt: '2025-06-01T10:00:00.000Z',
        source: 'https://check.torproject.org/torbulkexitlist',
        parsed: 3,
        added: 0,
        removed: 0,
        unchanged: 0,
        keptPrevious: true,
        error: 'parsed 3 rows, less than half of the previous run (1203)',
      },
    },
    { feed: 'relay', ranges: 0, lastRun: null },
    {
      feed: 'cloud',
      ranges: 8412,
      lastRun: {
        startedAt: '2025-06-01T09:00:00.000Z',
        finishedAt: '2025-06-01T09:00:05.000Z',
        source: 'https://ip-ranges.amazonaws.com/ip-ranges.json',
        parsed: 8412,
        added: 12,
        removed: 3,
        unchanged: 8400,
        keptPrevious: false,
        error: null,
      },
    },
  ],
  collectors: [
    {
      id: '2f1d6c0a-1b3e-4c5d-8e7f-a1b2c3d4e5f6',
      name: 'collector-fra-1',
      createdAt: '2025-05-20T00:00:00.000Z',
      revokedAt: null,
      lastUsedAt: '2025-06-01T08:30:00.000Z',
      lastReport: {
        vpn: 'Surfshark',
        status: 'failed',
        startedAt: '2025-06-01T08:00:00.000Z',
        finishedAt: '2025-06-01T08:10:00.000Z',
        observed: 0,
        receivedAt: '2025-06-01T08:10:02.000Z',
      },
    },
    {
      id: '4b3f8e2c-3d50-4e7f-a091-c3d4e5f6a7b8',
      name: 'collector-old',
      createdAt: '2025-05-01T00:00:00.000Z',
      revokedAt: '2025-05-10T00:00:00.000Z',
      lastUsedAt: null,
      lastReport: null,
    },
  ],
  vpnsNeedingReview: 2,
};

export const noDataSourcesFixture: IngestStatus = {
  feeds: [
    { feed: 'tor', ranges: 0, lastRun: null },
    { feed: 'relay', ranges: 0, lastRun: null },
    { feed: 'cloud', ranges: 0, lastRun: null },
  ],
  collectors: [],
  vpnsNeedingReview: 0,
};

export function dataSourcesBody(data: IngestStatus = dataSourcesFixture): IngestStatusResponse {
  return { success: true, data, generatedAt: '2025-06-01T10:05:00.000Z' };
}
