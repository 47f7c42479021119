/**
 * forms-service migrations, in name order. The root `pnpm db:migrate` imports this module
 * (`@tunnelscope/forms-service/migrations`) and calls `migrate`.
 */
import { createDb, ensureDatabase, migrateToLatest } from '@tunnelscope/service-kit';
import type { Migration } from 'kysely/migration';
import * as publicForms from './20251123000000_public_forms.js';
import * as reviewLists from './20261123120000_review_lists.js';
import * as collectionHandoff from './20261125230000_collection_handoff.js';
import * as logOrderKey from './20261126051700_log_order_key.js';
import * as reviewRecordVersions from './20261126053500_review_record_versions.js';

export const MIGRATION_TABLE = 'forms_service_migrations';

export const migrations: Record<string, Migration> = {
  '20251123000000_public_forms': publicForms,
  '20261123120000_review_lists': reviewLists,
  '20261125230000_collection_handoff': collectionHandoff,
  '20261126051700_log_order_key': logOrderKey,
  '20261126053500_review_record_versions': reviewRecordVersions,
};

/** Creates the database if needed and applies every pending migration. */
export async function migrate(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDb<unknown>(databaseUrl, { max: 1, applicationName: 'forms-service-migrate' });
  try {
    await migrateToLatest(db, migrations, MIGRATION_TABLE);
  } finally {
    await db.destroy();
  }
}
