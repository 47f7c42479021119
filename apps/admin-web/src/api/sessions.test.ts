import type { ListedSession } from '@tunnelscope/contracts';
import { msUntilSilentEnd } from './sessions.js';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const min = 60_000;

function listed(lastActivityAgoMin: number, expiresInMin: number): ListedSession {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    username: 'ada',
    email: 'ada@tunnelscope.example',
    userAgent: null,
    ipAddress: null,
    lastActivity: new Date(NOW - lastActivityAgoMin * min).toISOString(),
    createdAt: new Date(NOW - 60 * min).toISOString(),
    expiresAt: new Date(NOW + expiresInMin * min).toISOString(),
    isCurrent: false,
  };
}

describe('msUntilSilentEnd', () => {
  it('is the first idle timeout among the listed sessions, plus a second', () => {
    // Idle ends at +25 min and +10 min; expiries are hours away.
    expect(msUntilSilentEnd([listed(5, 600), listed(20, 600)], NOW)).toBe(10 * min + 1_000);
  });

  it('takes an expiry that comes before the idle timeout', () => {
    expect(msUntilSilentEnd([listed(0, 3)], NOW)).toBe(3 * min + 1_000);
  });

  it('skips an idle instant already past (a Remember-me session has none) instead of reloading at once', () => {
    // Unused for 40 minutes yet still listed: it is a Remember-me session; its expiry is next.
    expect(msUntilSilentEnd([listed(40, 60 * 24)], NOW)).toBe(60 * 24 * min + 1_000);
  });

  it('is null when nothing ends ahead, and never longer than a timer can wait', () => {
    expect(msUntilSilentEnd([], NOW)).toBeNull();
    expect(msUntilSilentEnd([listed(40, -1)], NOW)).toBeNull();
    expect(msUntilSilentEnd([listed(40, 60 * 24 * 30)], NOW)).toBe(2 ** 31 - 1);
  });
});
