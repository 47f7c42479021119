import type { NewAdminLog } from '@tunnelscope/service-kit';
import type { Executor } from '../db/schema.js';

export async function insertAdminLog(db: Executor, row: NewAdminLog): Promise<void> {
  await db.insertInto('admin_logs').values(row).execute();
}

/** Whether `sessionId` has a row of `action` written after `since` (admin_logs_session_id_idx). */
export async function hasRecentRowOfSession(
  db: Executor,
  sessionId: string,
  action: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('admin_logs')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('action', '=', action)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
