import { createDb } from '@tunnelscope/service-kit';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import { sql, type Kysely } from 'kysely';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { MIGRATION_TABLE, migrate, migrations } from '../src/migrations/index.js';

let database: TestDatabase;
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  database = await createTestDatabase('forms_migrations');
  await migrate(database.url);
  db = createDb(database.url, { max: 2 });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const waitlistRow = (email: string, extra: Record<string, unknown> = {}) => ({ email, ...extra });

describe('forms-service migrations', () => {
  it('record themselves in their own history table and run again as a no-op', async () => {
    await migrate(database.url);
    const rows = await db.selectFrom(MIGRATION_TABLE).select('name').execute();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it('enable pg_trgm for the admin search indexes', async () => {
    const ext = await sql<{
      extname: string;
    }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db);
    expect(ext.rows).toHaveLength(1);
  });

  it('default a new entry to Waiting, unverified, with empty notes and a uuid', async () => {
    const row = await db
      .insertInto('waitlist_entries')
      .values(waitlistRow('defaults@example.com'))
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Waiting', is_verified: false, notes: '', otp_attempts: 0 });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuse a status outside Waiting, Pending and Complete', async () => {
    await expect(
      db
        .insertInto('contact_forms')
        .values({ name: 'A', email: 'a@example.com', subject: 'S', message: 'Message body', status: 'Done' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('allow one verified waitlist entry per address, whatever its case, and any number of pending ones', async () => {
    await db
      .insertInto('waitlist_entries')
      .values([waitlistRow('Dup@example.com'), waitlistRow('dup@example.com')])
      .execute();
    await db
      .insertInto('waitlist_entries')
      .values(waitlistRow('DUP@example.com', { is_verified: true }))
      .execute();
    await expect(
      db
        .insertInto('waitlist_entries')
        .values(waitlistRow('dup@EXAMPLE.com', { is_verified: true }))
        .execute(),
    ).rejects.toThrow(/waitlist_entries_verified_email_key/);
  });

  it('keep VPN request numbers unique', async () => {
    const base = {
      vpn_name: 'X',
      playstore_link: 'https://play.google.com/store/apps/x',
      user_email: 'a@example.com',
      additional_info: 'i',
    };
    await db
      .insertInto('vpn_requests')
      .values({ ...base, request_number: 'VPN-20260101-AAAAAA' })
      .execute();
    await expect(
      db
        .insertInto('vpn_requests')
        .values({ ...base, request_number: 'VPN-20260101-AAAAAA' })
        .execute(),
    ).rejects.toThrow(/vpn_requests_request_number_key/);
  });

  it('can be rolled back', async () => {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: `${MIGRATION_TABLE}_lock`,
    });
    const result = await migrator.migrateTo(NO_MIGRATIONS);
    expect(result.error).toBeUndefined();
    const tables = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'waitlist_entries'`.execute(
      db,
    );
    expect(tables.rows[0]!.n).toBe(0);
    await migrate(database.url);
  });
});
