/**
 * POST /vpn-db/refresh: an operator asks for the analytics views to be refreshed now instead of at
 * the next scheduled run. It runs the scheduled job's own `runOnce` (forced, trigger 'manual'), so
 * the one Redis lock keeps it from overlapping with the schedule or with another replica's
 * request: while any refresh runs, a request answers 409. Every request is audited in admin_logs.
 *
 * A refresh takes under a second on the small dataset but over a minute on a large one, longer
 * than the gateway waits for an answer: the request waits at most `waitMs`, then answers 202
 * (still running) and the refresh goes on under its lock; the views and the cached answer change
 * when it commits.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_REFRESH_MESSAGES, type RefreshAnalyticsResponse } from '@tunnelscope/contracts';
import {
  ConflictError,
  ServiceUnavailableError,
  type AdminAudit,
  type AdminAuditSubject,
} from '@tunnelscope/service-kit';
import { ipdbUnavailableReason, unavailableMessage } from '../ipdb/ipdb.js';
import { RefreshLockUnavailableError, type RefreshJob, type RefreshOutcome } from './refresh-job.js';

export const REFRESH_AUDIT_ACTIONS = ['analytics_refresh', 'permission_denied'] as const;
export type RefreshAuditAction = (typeof REFRESH_AUDIT_ACTIONS)[number];

/** What the audit rows name as acted on. */
const RESOURCE = 'analytics_views';

/** Redis cannot be reached: the lock that keeps refreshes apart cannot be taken. */
export const REFRESH_UNAVAILABLE_MESSAGE =
  'The analytics refresh cannot start right now (its lock store is unavailable). Please try again shortly.';

export type ManualRefreshAnswer =
  | { status: 200 | 202; body: RefreshAnalyticsResponse }
  | {
      status: 200;
      body: { success: false; networkError: true; error: 'SERVICE_UNAVAILABLE'; message: string };
    };

export interface ManualRefresh {
  request(subject: AdminAuditSubject): Promise<ManualRefreshAnswer>;
  /** The view_only refusal's audit row (the route's role check throws the 403). */
  auditRefused(subject: AdminAuditSubject): Promise<void>;
}

export function createManualRefresh(deps: {
  job: RefreshJob;
  audit: AdminAudit<RefreshAuditAction>;
  /** The data's current age, for a 202 (the running refresh has not replaced it yet). */
  lastRefreshedAt(): Promise<string | null>;
  waitMs: number;
  log: FastifyBaseLogger;
}): ManualRefresh {
  const record = (subject: AdminAuditSubject, success: boolean, details: Record<string, unknown>) =>
    deps.audit.record(subject, { action: 'analytics_refresh', resource: RESOURCE, success, details });

  /** The run, or 'waiting' once `waitMs` passed first. */
  async function runOrWait(run: Promise<RefreshOutcome>): Promise<RefreshOutcome | 'waiting'> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), deps.waitMs);
    });
    try {
      return await Promise.race([run, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async request(subject) {
      const run = deps.job.runOnce({ force: true, trigger: 'manual' });
      let first: RefreshOutcome | 'waiting';
      try {
        first = await runOrWait(run);
      } catch (err) {
        const reason = ipdbUnavailableReason(err);
        const message = reason ? unavailableMessage(reason) : (err as Error).message;
        await record(subject, false, { outcome: 'failed', error: message });
        if (err instanceof RefreshLockUnavailableError)
          throw new ServiceUnavailableError(REFRESH_UNAVAILABLE_MESSAGE);
        if (!reason) throw err;
        deps.log.warn({ err: (err as Error).message }, 'IP database unavailable for a requested refresh');
        return {
          status: 200,
          body: { success: false, networkError: true, error: 'SERVICE_UNAVAILABLE', message },
        };
      }

      if (first === 'waiting') {
        // Nobody awaits the run any more: its end goes to the log.
        run.then(
          (outcome) =>
            deps.log.info({ durationMs: outcome.durationMs }, 'requested analytics refresh finished'),
          (err: unknown) => deps.log.warn({ err }, 'requested analytics refresh failed'),
        );
        await record(subject, true, { outcome: 'started' });
        return {
          status: 202,
          body: {
            success: true,
            message: ANALYTICS_REFRESH_MESSAGES.running,
            data: { running: true, refreshedAt: await deps.lastRefreshedAt(), durationMs: null },
          },
        };
      }

      if (!first.ran) {
        await record(subject, false, { outcome: 'already_running' });
        throw new ConflictError(ANALYTICS_REFRESH_MESSAGES.inProgress);
      }
      await record(subject, true, { outcome: 'completed', durationMs: first.durationMs });
      return {
        status: 200,
        body: {
          success: true,
          message: ANALYTICS_REFRESH_MESSAGES.completed,
          data: { running: false, refreshedAt: first.refreshedAt ?? null, durationMs: first.durationMs ?? 0 },
        },
      };
    },

    auditRefused(subject) {
      return deps.audit.record(subject, {
        action: 'permission_denied',
        resource: RESOURCE,
        success: false,
        details: { operation: 'analytics_refresh' },
      });
    },
  };
}
