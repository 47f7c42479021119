import { FEEDS } from './ingest-api.js';
import { ingestStatusResponseSchema, INGEST_STATUS_API } from './ingest-status.js';

const answer = {
  success: true,
  generatedAt: '2026-11-26T01:00:00.000Z',
  data: {
    feeds: [
      {
        feed: 'tor',
        ranges: 1203,
        lastRun: {
          startedAt: '2026-11-26T00:00:00.000Z',
          finishedAt: '2026-11-26T00:00:02.000Z',
          source: 'https://check.torproject.org/torbulkexitlist',
          parsed: 1203,
          added: 4,
          removed: 2,
          unchanged: 1197,
          keptPrevious: false,
          error: null,
        },
      },
      { feed: 'relay', ranges: 0, lastRun: null },
      { feed: 'cloud', ranges: 0, lastRun: null },
    ],
    collectors: [
      {
        id: '0b8f3c1e-7d1a-4c55-9a51-1f0f3a1b2c3d',
        name: 'collector-fra-1',
        createdAt: '2026-11-20T00:00:00.000Z',
        revokedAt: null,
        lastUsedAt: '2026-11-26T00:30:00.000Z',
        lastReport: {
          vpn: 'NordVPN',
          status: 'success',
          startedAt: '2026-11-26T00:00:00.000Z',
          finishedAt: '2026-11-26T00:20:00.000Z',
          observed: 312,
          receivedAt: '2026-11-26T00:20:01.000Z',
        },
      },
    ],
    vpnsNeedingReview: 2,
  },
};

describe('the ingest status answer', () => {
  it('reads feeds that never ran and a collector with its last report', () => {
    const parsed = ingestStatusResponseSchema.parse(answer);
    expect(parsed.data.feeds.map((f) => f.feed)).toEqual([...FEEDS]);
    expect(parsed.data.feeds[1]!.lastRun).toBeNull();
    expect(parsed.data.collectors[0]!.lastReport?.vpn).toBe('NordVPN');
  });

  it('refuses an unknown feed, a report status other than success or failed, and negative counts', () => {
    const withFeed = structuredClone(answer);
    withFeed.data.feeds[0]!.feed = 'dns';
    expect(ingestStatusResponseSchema.safeParse(withFeed).success).toBe(false);

    const withStatus = structuredClone(answer);
    withStatus.data.collectors[0]!.lastReport!.status = 'running';
    expect(ingestStatusResponseSchema.safeParse(withStatus).success).toBe(false);

    const withCount = structuredClone(answer);
    withCount.data.vpnsNeedingReview = -1;
    expect(ingestStatusResponseSchema.safeParse(withCount).success).toBe(false);
  });

  it('lives under /vpn-db, which the gateway already sends to analytics-service', () => {
    expect(INGEST_STATUS_API.path.startsWith('/vpn-db/')).toBe(true);
  });
});
