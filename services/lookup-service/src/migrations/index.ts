/**
 * lookup-service migrations (application database), in name order. The root `pnpm db:migrate` runs
 * `dist/cli/migrate.js`, which calls `migrate`. Its own history table, so it migrates
 * independently of forms-service and auth-service on the same database.
 */
import { createDb, ensureDatabase, migrateToLatest } from '@tunnelscope/service-kit';
import type { Migration } from 'kysely/migration';
import * as apiKeys from './20261125200000_api_keys.js';

export const MIGRATION_TABLE = 'lookup_service_migrations';

export const migrations: Record<string, Migration> = {
  '20261125200000_api_keys': apiKeys,
};

/** Creates the database if needed and applies every pending migration. */
export async function migrate(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDb<unknown>(databaseUrl, { max: 1, applicationName: 'lookup-service-migrate' });
  try {
    await migrateToLatest(db, migrations, MIGRATION_TABLE);
  } finally {
    await db.destroy();
  }
}
