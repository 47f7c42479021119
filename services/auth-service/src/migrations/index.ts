import type { Migration } from 'kysely/migration';
import { createDb, ensureDatabase, migrateToLatest } from '@tunnelscope/service-kit';
import * as adminTables from './20261123000000_admin_tables.js';
import * as adminLogReview from './20261123120000_admin_log_review.js';
import * as adminMailOutbox from './20261125220000_admin_mail_outbox.js';
import * as adminMustChangePassword from './20261126043600_admin_must_change_password.js';
import * as adminLogOrderKey from './20261126051800_admin_log_order_key.js';
import * as adminLogRecordHistory from './20261126053600_admin_log_record_history.js';

/** Migrations of the tables auth-service owns, in the application database. */
export const migrations: Record<string, Migration> = {
  '20261123000000_admin_tables': adminTables,
  '20261123120000_admin_log_review': adminLogReview,
  '20261125220000_admin_mail_outbox': adminMailOutbox,
  '20261126043600_admin_must_change_password': adminMustChangePassword,
  '20261126051800_admin_log_order_key': adminLogOrderKey,
  '20261126053600_admin_log_record_history': adminLogRecordHistory,
};

export const MIGRATION_TABLE = 'auth_service_migrations';

export async function migrate(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDb(databaseUrl, { max: 1, applicationName: 'auth-service-migrate' });
  try {
    await migrateToLatest(db, migrations, MIGRATION_TABLE);
  } finally {
    await db.destroy();
  }
}
