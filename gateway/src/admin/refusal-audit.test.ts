import type { GatewayRefusal, GatewayRefusalReport } from '@tunnelscope/contracts';
import { RefusalAudit } from './refusal-audit.js';

const refusal = (
  i: number,
  reason: GatewayRefusal['reason'] = 'cross_origin',
): Omit<GatewayRefusal, 'at'> => ({
  reason,
  status: reason === 'not_json' ? 415 : reason === 'cross_origin' ? 403 : 401,
  method: 'POST',
  path: '/admin-users',
  ip: '203.0.113.9',
  userAgent: null,
  requestId: `req-${i}`,
});

function setup(opts: { maxRowsPerWindow?: number; windowMs?: number } = {}) {
  let now = Date.parse('2026-11-25T22:00:00Z');
  const reports: GatewayRefusalReport[] = [];
  const audit = new RefusalAudit({
    send: async (r) => {
      reports.push(r);
    },
    now: () => now,
    // Far away: these tests flush by hand or by batch size.
    flushAfterMs: 3_600_000,
    ...opts,
  });
  return { audit, reports, advance: (ms: number) => (now += ms) };
}

describe('RefusalAudit', () => {
  it('coalesces refusals into one report, stamped with when they happened', async () => {
    const { audit, reports } = setup();
    audit.record(refusal(1));
    audit.record(refusal(2, 'not_json'));
    expect(reports).toHaveLength(0);
    await audit.flush();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.refusals.map((r) => r.requestId)).toEqual(['req-1', 'req-2']);
    expect(reports[0]!.refusals[0]!.at).toBe('2026-11-25T22:00:00.000Z');
    expect(reports[0]!.suppressed).toBeUndefined();
  });

  it('sends a full batch at once, without waiting for the timer', async () => {
    const { audit, reports } = setup();
    for (let i = 0; i < 50; i += 1) audit.record(refusal(i));
    await audit.flush();
    expect(reports[0]!.refusals).toHaveLength(50);
  });

  it('writes at most maxRowsPerWindow refusals a window one by one and only counts the rest', async () => {
    const { audit, reports, advance } = setup({ maxRowsPerWindow: 10, windowMs: 60_000 });
    for (let i = 0; i < 1000; i += 1) audit.record(refusal(i, i % 2 ? 'no_session' : 'cross_origin'));
    await audit.flush();
    const rows = reports.flatMap((r) => r.refusals);
    expect(rows).toHaveLength(10);
    const suppressed = reports.map((r) => r.suppressed ?? {});
    const sum = (reason: 'no_session' | 'cross_origin') =>
      suppressed.reduce((n, s) => n + (s[reason] ?? 0), 0);
    expect(sum('no_session') + sum('cross_origin')).toBe(990);
    expect(sum('no_session')).toBe(495);
    // A new window reports one by one again.
    advance(60_000);
    audit.record(refusal(2000));
    await audit.flush();
    expect(reports.at(-1)!.refusals.map((r) => r.requestId)).toEqual(['req-2000']);
  });

  it('never throws nor waits for a failing report', async () => {
    const audit = new RefusalAudit({
      send: () => Promise.reject(new Error('down')),
      flushAfterMs: 3_600_000,
    });
    expect(() => audit.record(refusal(1))).not.toThrow();
    await expect(audit.flush()).resolves.toBeUndefined();
  });
});
