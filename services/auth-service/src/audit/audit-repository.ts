import type { NewAdminLog } from '@tunnelscope/service-kit';
import type { Executor } from '../db/schema.js';

export async function insertAdminLog(db: Executor, row: NewAdminLog): Promise<void> {
  await db.insertInto('admin_logs').values(row).execute();
}
