import { createDb } from '@tunnelscope/service-kit';
import { createTestDatabase } from '@tunnelscope/test-kit';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { MIGRATION_TABLE, migrate, migrations } from '../src/migrations/index.js';

describe('lookup-service migrations', () => {
  it('create the key tables in their own history table, roll back completely, and apply again', async () => {
    const database = await createTestDatabase('lookup_migrations');
    const db = createDb<unknown>(database.url, { max: 1 });
    try {
      await migrate(database.url);
      const tables = async () =>
        (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = 'public' order by 1`.execute(db)
        ).rows.map((r) => r.name);
      expect(await tables()).toEqual(
        expect.arrayContaining(['api_keys', 'api_key_usage_daily', MIGRATION_TABLE]),
      );
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableName: MIGRATION_TABLE,
        migrationLockTableName: `${MIGRATION_TABLE}_lock`,
      });
      for (let i = 0; i < Object.keys(migrations).length; i++) {
        const { error } = await migrator.migrateDown();
        expect(error).toBeUndefined();
      }
      expect(await tables()).not.toEqual(expect.arrayContaining(['api_keys']));
      expect(await tables()).not.toEqual(expect.arrayContaining(['api_key_usage_daily']));
      await migrate(database.url);
      expect(await tables()).toEqual(expect.arrayContaining(['api_keys', 'api_key_usage_daily']));
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
