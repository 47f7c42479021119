/**
 * A collector's run report: recorded once (a retried report is the same report), and it moves the
 * VPN's `last_run` and `status` (and `last_updated` when the run succeeded) forward — never back,
 * so a late report of an older run does not hide a newer one. The back-office's VPN update status
 * shows these.
 */
import type { RunReport } from '@tunnelscope/contracts';
import { sql } from 'kysely';
import type { IngestDb } from '../db/schema.js';
import { IngestProblem } from '../problems.js';

export interface RecordedRun {
  vpn: string;
  status: RunReport['status'];
  lastRun: string;
  recorded: boolean;
}

export async function recordRun(db: IngestDb, collectorId: string, report: RunReport): Promise<RecordedRun> {
  const startedAt = new Date(report.startedAt);
  const finishedAt = new Date(report.finishedAt);
  if (finishedAt.getTime() < startedAt.getTime())
    throw new IngestProblem('invalid_body', 'finishedAt is before startedAt.');
  return db.transaction().execute(async (trx) => {
    const vpn = await sql<{ id: number; name: string }>`
      select id, name from vpns where lower(name) = lower(${report.vpn}) for update
    `.execute(trx);
    const row = vpn.rows[0];
    if (!row)
      throw new IngestProblem(
        'unknown_vpn',
        `No VPN named ${JSON.stringify(report.vpn)}: report observations for it first.`,
      );
    const inserted = await sql`
      insert into collector_reports (collector_id, vpn_name, started_at, finished_at, status, observed)
      values (${collectorId}, ${row.name}, ${startedAt}, ${finishedAt}, ${report.status}, ${report.observed})
      on conflict (collector_id, vpn_name, started_at) do nothing
      returning 1
    `.execute(trx);
    const updated = await sql<{ last_run: Date; status: RunReport['status'] }>`
      update vpns set
        last_run = ${finishedAt},
        status = ${report.status},
        last_updated = case when ${report.status} = 'success' then ${finishedAt}::timestamptz else last_updated end
      where id = ${row.id} and (last_run is null or last_run < ${finishedAt})
      returning last_run, status
    `.execute(trx);
    const current =
      updated.rows[0] ??
      (
        await sql<{ last_run: Date; status: RunReport['status'] }>`
          select last_run, status from vpns where id = ${row.id}
        `.execute(trx)
      ).rows[0]!;
    return {
      vpn: row.name,
      status: current.status,
      lastRun: current.last_run.toISOString(),
      recorded: inserted.rows.length > 0,
    };
  });
}
