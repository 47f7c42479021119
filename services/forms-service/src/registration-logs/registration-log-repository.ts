import type { Executor, NewRegistrationLog, PendingWrite } from '../db/schema.js';

export async function insertRegistrationLog(db: Executor, entry: NewRegistrationLog): Promise<void> {
  await db.insertInto('registration_logs').values(entry).execute();
}

/**
 * Inserts the rows in one statement and returns their ids in order. `alongside` (an insert or
 * update of another table) runs in that same statement, as a data-modifying WITH: both or neither.
 */
export async function insertRegistrationLogs(
  db: Executor,
  entries: NewRegistrationLog[],
  alongside?: PendingWrite,
): Promise<number[]> {
  if (entries.length === 0) {
    await alongside?.execute();
    return [];
  }
  const insert = alongside
    ? db.with('alongside', () => alongside).insertInto('registration_logs')
    : db.insertInto('registration_logs');
  const rows = await insert.values(entries).returning('id').execute();
  return rows.map((r) => r.id);
}

export async function deleteRegistrationLogs(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('registration_logs').where('id', 'in', ids).execute();
}
