/**
 * Retention of forms-service's visitor data (issue 16): visitor `registration_logs` older than
 * LOG_RETENTION_DAYS are deleted, and the code hashes of the three forms that expired more than
 * CODE_RETENTION_DAYS ago are cleared (the row stays; its code could never be accepted again).
 * Work goes in bounded batches (`RETENTION_BATCH_SIZE` rows a statement, `skip locked`), so
 * a first run over years of rows never holds a long lock and two replicas never wait on each
 * other. Admin audit rows (`admin_logs`) are never touched: DECISIONS keeps them for good.
 * A run that changed anything is itself recorded as one `retention_purge` row in admin_logs,
 * so the Logs tab tells why old rows are gone.
 */
import {
  createAdminAudit,
  inBatches,
  retentionCutoff,
  RETENTION_SUBJECT,
  type Clock,
} from '@tunnelscope/service-kit';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { FormsDb } from '../db/schema.js';

export interface FormsRetentionPolicy {
  logRetentionDays: number;
  codeRetentionDays: number;
  batchSize: number;
}

export interface FormsRetentionResult {
  registrationLogsDeleted: number;
  codesCleared: number;
  logsBefore: string;
  codesBefore: string;
}

const CODE_TABLES = ['waitlist_entries', 'vpn_requests', 'contact_forms'] as const;
export async function purgeFormsRetention(
  db: FormsDb,
  now: Date,
  policy: FormsRetentionPolicy,
): Promise<FormsRetentionResult> {
  const logsBefore = retentionCutoff(now, policy.logRetentionDays);
  const codesBefore = retentionCutoff(now, policy.codeRetentionDays);
  const registrationLogsDeleted = await inBatches(policy.batchSize, async () => {
    const r = await sql`
      delete from registration_logs where id in (
        select id from registration_logs where created_at < ${logsBefore}
        order by created_at limit ${policy.batchSize} for update skip locked)`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  let codesCleared = 0;
  for (const table of CODE_TABLES) {
    codesCleared += await inBatches(policy.batchSize, async () => {
      // Reads the partial index `<table>_code_expiry_idx` (rows that still hold a code).
      const r = await sql`
        update ${sql.table(table)} set otp_code_hash = null where id in (
          select id from ${sql.table(table)}
          where otp_code_hash is not null and otp_expiry < ${codesBefore}
          limit ${policy.batchSize} for update skip locked)`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    });
  }
  return {
    registrationLogsDeleted,
    codesCleared,
    logsBefore: logsBefore.toISOString(),
    codesBefore: codesBefore.toISOString(),
  };
}

/** One run: the purge, its log line, and its audit row when anything changed. */
export async function runFormsRetention(deps: {
  db: FormsDb;
  clock: Clock;
  log: FastifyBaseLogger;
  policy: FormsRetentionPolicy;
}): Promise<FormsRetentionResult> {
  const result = await purgeFormsRetention(deps.db, deps.clock.now(), deps.policy);
  deps.log.info({ retention: result }, 'retention run');
  if (result.registrationLogsDeleted > 0 || result.codesCleared > 0) {
    await createAdminAudit<'retention_purge'>(deps).record(RETENTION_SUBJECT, {
      action: 'retention_purge',
      resource: 'forms-service',
      details: { ...result },
    });
  }
  return result;
}
