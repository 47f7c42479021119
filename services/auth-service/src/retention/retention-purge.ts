/**
 * Retention of auth-service's dead rows (issue 16): sessions that ended (signed out, ended by an
 * operator, expired, or idle without Remember me) and were last used more than
 * SESSION_RETENTION_DAYS ago, and one-time codes spent or expired more than CODE_RETENTION_DAYS
 * ago. A live session is never touched: it is active, unexpired, and Remember me or used within
 * the idle window, which is far shorter than the retention period. Deletes go in bounded
 * batches (`skip locked`, so replicas never wait on each other). Admin audit rows are kept
 * (DECISIONS): like a deleted account's, an audit row of a purged session keeps everything but
 * its `session_id`, which the foreign key sets to null. A run that deleted anything is itself
 * recorded as one `retention_purge` row in admin_logs.
 */
import {
  createAdminAudit,
  inBatches,
  retentionCutoff,
  RETENTION_SUBJECT,
  type Clock,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AuthDb } from '../db/schema.js';

export interface AuthRetentionPolicy {
  sessionRetentionDays: number;
  codeRetentionDays: number;
  batchSize: number;
}

export interface AuthRetentionResult {
  sessionsDeleted: number;
  codesDeleted: number;
  sessionsBefore: string;
  codesBefore: string;
}

export async function purgeAuthRetention(
  db: AuthDb,
  now: Date,
  policy: AuthRetentionPolicy,
): Promise<AuthRetentionResult> {
  const sessionsBefore = retentionCutoff(now, policy.sessionRetentionDays);
  const codesBefore = retentionCutoff(now, policy.codeRetentionDays);
  const sessionsDeleted = await inBatches(policy.batchSize, async () => {
    // Dead: ended, expired, or (without Remember me) idle — last used before the cutoff, which is
    // far beyond the idle window; a Remember-me session still unexpired is live and stays.
    const r = await sql`
      delete from admin_sessions where id in (
        select id from admin_sessions
        where last_activity < ${sessionsBefore}
          and (not is_active or expires_at < ${now} or not remember_me)
        limit ${policy.batchSize} for update skip locked)`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  const codesDeleted = await inBatches(policy.batchSize, async () => {
    const r = await sql`
      delete from admin_otp_codes where id in (
        select id from admin_otp_codes
        where expires_at < ${codesBefore} or (is_used and created_at < ${codesBefore})
        limit ${policy.batchSize} for update skip locked)`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  return {
    sessionsDeleted,
    codesDeleted,
    sessionsBefore: sessionsBefore.toISOString(),
    codesBefore: codesBefore.toISOString(),
  };
}

export interface AuthRetention {
  /** Runs now, then every `everyMs` until `stop` (like the mail outbox's relay). */
  start(everyMs: number): void;
  stop(): Promise<void>;
  runOnce(): Promise<AuthRetentionResult>;
}

export function createAuthRetention(deps: {
  db: AuthDb;
  clock: Clock;
  log: FastifyBaseLogger;
  policy: AuthRetentionPolicy;
}): AuthRetention {
  const audit = createAdminAudit<'retention_purge'>(deps);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function runOnce(): Promise<AuthRetentionResult> {
    const result = await purgeAuthRetention(deps.db, deps.clock.now(), deps.policy);
    deps.log.info({ retention: result }, 'retention run');
    if (result.sessionsDeleted > 0 || result.codesDeleted > 0) {
      await audit.record(RETENTION_SUBJECT, {
        action: 'retention_purge',
        resource: 'auth-service',
        details: { ...result },
      });
    }
    return result;
  }
  const tick = () => {
    if (running) return;
    running = runOnce()
      .catch((err) => deps.log.error({ err }, 'retention run failed'))
      .finally(() => (running = undefined));
  };
  return {
    runOnce,
    start(everyMs) {
      tick();
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
