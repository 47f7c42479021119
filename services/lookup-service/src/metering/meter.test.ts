import { rateLimitHeaders } from './rate-limit-headers.js';
import { secondsToUtcMidnight, utcDay } from './meter.js';

describe('metering arithmetic', () => {
  it('counts UTC days and the seconds to the next UTC midnight', () => {
    const at = new Date('2026-11-25T23:00:00.000Z');
    expect(utcDay(at)).toBe('2026-11-25');
    expect(secondsToUtcMidnight(at)).toBe(3600);
    expect(secondsToUtcMidnight(new Date('2026-11-25T23:59:59.500Z'))).toBe(1);
    expect(secondsToUtcMidnight(new Date('2026-11-26T00:00:00.000Z'))).toBe(86_400);
  });

  it('writes both policies and their remaining units in the draft-standard syntax', () => {
    expect(
      rateLimitHeaders({
        burst: { limit: 50, remaining: 49, resetSeconds: 1 },
        daily: { limit: 10_000, remaining: 9941, resetSeconds: 3600 },
      }),
    ).toEqual({
      'RateLimit-Policy': '"burst";q=50;w=1, "daily";q=10000;w=86400',
      RateLimit: '"burst";r=49;t=1, "daily";r=9941;t=3600',
    });
  });
});
