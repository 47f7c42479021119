import type { Migration } from 'kysely/migration';
import { createDb, ensureDatabase, migrateToLatest } from '@tunnelscope/service-kit';
import * as ipDatabase from './20261124000000_ip_database.js';
import * as analyticsViews from './20261124000100_analytics_views.js';
import * as dataVersion from './20261125000000_data_version.js';
import * as ingest from './20261126000000_ingest.js';

/**
 * Migrations of the IP database (IPDB_URL), which analytics-service owns. The history table keeps
 * the name it had when these lived in analytics-service, so existing databases see them as applied.
 */
export const migrations: Record<string, Migration> = {
  '20261124000000_ip_database': ipDatabase,
  '20261124000100_analytics_views': analyticsViews,
  '20261125000000_data_version': dataVersion,
  '20261126000000_ingest': ingest,
};

export const MIGRATION_TABLE = 'analytics_service_migrations';

export async function migrate(ipdbUrl: string): Promise<void> {
  await ensureDatabase(ipdbUrl);
  const db = createDb(ipdbUrl, { max: 1, applicationName: 'analytics-service-migrate' });
  try {
    await migrateToLatest(db, migrations, MIGRATION_TABLE);
  } finally {
    await db.destroy();
  }
}
