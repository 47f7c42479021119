import type { Executor, NewRegistrationLog } from '../db/schema.js';

export async function insertRegistrationLog(db: Executor, entry: NewRegistrationLog): Promise<void> {
  await db.insertInto('registration_logs').values(entry).execute();
}
