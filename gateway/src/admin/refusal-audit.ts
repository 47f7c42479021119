/**
 * The admin calls the gateway refuses itself (cross-origin, not JSON, no or expired session)
 * reach `admin_logs` like every other refusal (issue 13 item 8): they are queued here and
 * reported to auth-service, which owns the table, at `INTERNAL_REFUSAL_AUDIT_PATH`.
 *
 * - Off the critical path: `record` only pushes to an in-memory queue; the answer never waits
 *   for the report and never fails because of it (a failed report is logged and dropped).
 * - Coalesced: the queue is sent as one report when it holds a batch, or `flushAfterMs` after its
 *   first entry, whichever comes first.
 * - Rate-limited, so a flood of refusals cannot flood the table: at most `maxRowsPerWindow`
 *   refusals per `windowMs` are reported one by one; the rest are only counted, by reason, and
 *   the counts go as `suppressed` (one summary row per report).
 */
import http from 'node:http';
import {
  GATEWAY_REFUSAL_BATCH_MAX,
  INTERNAL_REFUSAL_AUDIT_PATH,
  type GatewayRefusal,
  type GatewayRefusalReason,
  type GatewayRefusalReport,
} from '@tunnelscope/contracts';
import { REQUEST_ID_HEADER } from '@tunnelscope/service-kit';

export interface RefusalAuditOptions {
  /** Sends one report; resolves whether or not it was accepted (failures are the sender's to log). */
  send(report: GatewayRefusalReport): Promise<void>;
  now?: () => number;
  windowMs?: number;
  maxRowsPerWindow?: number;
  flushAfterMs?: number;
}

export const REFUSAL_AUDIT_DEFAULTS = {
  /** 120 rows a minute per gateway replica at most; the rest are counted. */
  windowMs: 60_000,
  maxRowsPerWindow: 120,
  flushAfterMs: 1_000,
};

export class RefusalAudit {
  private queue: GatewayRefusal[] = [];
  private suppressed: Partial<Record<GatewayRefusalReason, number>> = {};
  private hasSuppressed = false;
  private windowStart = 0;
  private inWindow = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly maxRowsPerWindow: number;
  private readonly flushAfterMs: number;

  constructor(private readonly opts: RefusalAuditOptions) {
    this.now = opts.now ?? Date.now;
    this.windowMs = opts.windowMs ?? REFUSAL_AUDIT_DEFAULTS.windowMs;
    this.maxRowsPerWindow = opts.maxRowsPerWindow ?? REFUSAL_AUDIT_DEFAULTS.maxRowsPerWindow;
    this.flushAfterMs = opts.flushAfterMs ?? REFUSAL_AUDIT_DEFAULTS.flushAfterMs;
  }

  /** Queues one refusal; never throws, never waits. */
  record(refusal: Omit<GatewayRefusal, 'at'>): void {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (this.inWindow >= this.maxRowsPerWindow) {
      this.suppressed[refusal.reason] = (this.suppressed[refusal.reason] ?? 0) + 1;
      this.hasSuppressed = true;
    } else {
      this.inWindow += 1;
      this.queue.push({ ...refusal, at: new Date(now).toISOString() });
    }
    // flush() never rejects (a failed send is swallowed there): nothing to await on this path.
    if (this.queue.length >= GATEWAY_REFUSAL_BATCH_MAX) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushAfterMs);
      // A pending report never keeps the process alive on its own (close() flushes it).
      this.timer.unref();
    }
  }

  /** Sends what is queued now; resolves when every report sent so far has settled. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.queue.length > 0 || this.hasSuppressed) {
      const report: GatewayRefusalReport = { refusals: this.queue };
      if (this.hasSuppressed) report.suppressed = this.suppressed;
      this.queue = [];
      this.suppressed = {};
      this.hasSuppressed = false;
      const sending = this.opts.send(report).catch(() => undefined);
      this.inFlight.add(sending);
      void sending.finally(() => this.inFlight.delete(sending));
    }
    return Promise.all(this.inFlight).then(() => undefined);
  }
}

/**
 * Posts a report to auth-service over the gateway's keep-alive agent. `headersFor` gives the
 * headers that vouch for the gateway on that one request (the internal hop's credential).
 */
export function createRefusalReportSender(opts: {
  authUrl: string;
  agent: http.Agent | undefined;
  timeoutMs: number;
  headersFor(path: string, requestId: string): Record<string, string>;
  log: { warn(obj: object, msg: string): void };
}): (report: GatewayRefusalReport) => Promise<void> {
  const target = opts.authUrl ? new URL(INTERNAL_REFUSAL_AUDIT_PATH, opts.authUrl) : null;
  return (report) => {
    if (!target) return Promise.resolve();
    // The report's own id: the refusals' ids are in its rows.
    const requestId = `refusal-audit-${report.refusals[0]?.requestId ?? 'summary'}`.slice(0, 128);
    const body = JSON.stringify(report);
    return new Promise<void>((resolve) => {
      const fail = (reason: string) => {
        opts.log.warn(
          { reason, refusals: report.refusals.length },
          'could not report refusals to the audit log',
        );
        resolve();
      };
      const req = http.request(
        target,
        {
          method: 'POST',
          agent: opts.agent,
          timeout: opts.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...opts.headersFor(target.pathname, requestId),
            [REQUEST_ID_HEADER]: requestId,
          },
        },
        (res) => {
          // The answer says nothing the gateway needs beyond its status.
          res.resume();
          res.on('error', () => fail('answer broke off'));
          res.on('end', () =>
            res.statusCode === 204 || res.statusCode === 200 ? resolve() : fail(`status ${res.statusCode}`),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('refusal report timed out')));
      req.on('error', (err) => fail(err.message));
      req.end(body);
    });
  };
}
